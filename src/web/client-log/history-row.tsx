import type { ReactNode } from "react";
import { Badge } from "@web/components/ui/badge";

/** What the client log passes to both histories: its query's state, the period on screen, how to print money and times. */
export type HistoryContext = {
  status: { isLoading: boolean; isError: boolean };
  periodLabel: string;
  rangeLabel: string;
  currency: string;
  timezone: string;
};

/**
 * One row of a call or email history, so both lists keep the same layout: what and when on the left;
 * amount and duration, then the Invoiced badge (an invoiced record takes no actions but reading ones, such as
 * its History) or the row's actions.
 */
export function HistoryRow({
  testId,
  children,
  figures,
  invoiced,
  invoicedTitle,
  actions,
  lockedActions,
}: {
  testId: string;
  children: ReactNode;
  /** Amount over duration; left out while a call is still recording. No amount for a viewer who sees no rates. */
  figures?: { amount?: string; duration: ReactNode };
  invoiced: boolean;
  invoicedTitle?: string;
  actions?: ReactNode;
  /** What an invoiced record still offers: reading, never changing. */
  lockedActions?: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 px-4 py-3" data-testid={testId}>
      <div className="min-w-0 flex-1">{children}</div>
      <div className="flex shrink-0 items-center gap-3">
        {figures ? (
          <div className="text-right tabular-nums">
            {figures.amount === undefined ? null : <p className="font-medium">{figures.amount}</p>}
            <p className="text-sm text-muted-foreground">{figures.duration}</p>
          </div>
        ) : null}
        {invoiced ? (
          <>
            <Badge variant="secondary" aria-disabled="true" title={invoicedTitle}>
              Invoiced
            </Badge>
            {lockedActions}
          </>
        ) : (
          actions
        )}
      </div>
    </li>
  );
}
