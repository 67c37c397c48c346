import type { ReactElement } from "react";
import { ResponsiveContainer } from "recharts";

/**
 * Colours of every chart, from the theme's variables, so light and dark mode need no second set
 * (SVG presentation attributes take CSS variables).
 */
export const CHART = {
  primary: "var(--primary)",
  success: "var(--success)",
  warning: "var(--warning)",
  destructive: "var(--destructive)",
  muted: "var(--muted-foreground)",
  grid: "var(--border)",
  series: ["var(--primary)", "var(--success)", "var(--warning)", "var(--destructive)"],
} as const;

/** Axis ticks and the tooltip in the theme's colours and the page's numerals. */
export const AXIS_TICK = { fill: "var(--muted-foreground)", fontSize: 12 } as const;
export const TOOLTIP_STYLE = {
  contentStyle: {
    background: "var(--popover)",
    color: "var(--popover-foreground)",
    border: "1px solid var(--border)",
    borderRadius: "0.5rem",
    fontVariantNumeric: "tabular-nums",
  },
  labelStyle: { color: "var(--popover-foreground)" },
  itemStyle: { color: "var(--popover-foreground)" },
} as const;

/**
 * A chart's frame: a fixed height (no jump when data arrives), the full width at any screen size,
 * and a sentence for screen readers; the table beside it holds the numbers themselves.
 */
export function ChartFrame({ label, height = 240, children }: { label: string; height?: number; children: ReactElement }) {
  return (
    <div role="img" aria-label={label} style={{ height }} className="w-full">
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}
