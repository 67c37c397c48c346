import { cn } from "@web/lib/utils";

/** The Minutely stopwatch mark (the favicon's drawing). Decorative: pair it with the word or a label. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn("size-8 shrink-0", className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <g className="stroke-primary-foreground" fill="none" strokeWidth="2.5" strokeLinecap="round">
        <circle cx="16" cy="17.5" r="9" />
        <path d="M13 5.5h6" />
        <path d="M16 17.5V12.5M16 17.5l3.5 2" />
      </g>
    </svg>
  );
}

/** Mark plus the product name. */
export function Logo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 text-lg font-semibold tracking-tight", className)}>
      <LogoMark className={markClassName} />
      <span>Minutely</span>
    </span>
  );
}
