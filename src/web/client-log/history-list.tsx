import type { ReactNode } from "react";
import { Skeleton } from "@web/components/ui/skeleton";
import type { HistoryContext } from "./history-row";

/** The frame of a history: title, date range, 5 placeholders while loading, the empty text, the rows. */
export function HistoryList({
  name,
  context: { status, periodLabel, rangeLabel },
  emptyText,
  actions,
  children,
  count,
  footer,
}: {
  /** "Call History": the title is this and the period. */
  name: string;
  context: HistoryContext;
  emptyText: string;
  actions?: ReactNode;
  children: ReactNode;
  count: number;
  /** Under the rows: how many are shown, "Load more". */
  footer?: ReactNode;
}) {
  const { isLoading, isError } = status;
  const title = `${name} - ${periodLabel}`;
  return (
    <section aria-label={title} className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h3 className="font-semibold">{title}</h3>
          <p className="text-sm text-muted-foreground tabular-nums">{rangeLabel}</p>
        </div>
        {actions}
      </div>
      {isLoading ? (
        <div className="grid gap-2" aria-hidden="true" data-testid="history-loading">
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : isError ? (
        <p className="rounded-lg border border-destructive/40 px-4 py-6 text-center text-sm text-destructive">
          This history could not be loaded. Reload the page to try again.
        </p>
      ) : count === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <>
          <ul className="divide-y rounded-lg border">{children}</ul>
          {footer}
        </>
      )}
    </section>
  );
}
