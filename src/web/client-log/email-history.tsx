import type { ClientEmailJson } from "@core/contracts/calls";
import type { ReactNode } from "react";
import { Badge } from "@web/components/ui/badge";
import { formatDecimalMoney } from "@core/money";
import { formatInstant } from "@web/clients/format-instant";
import { HistoryList } from "./history-list";

/** "Email History - {period}" (spec 000 §2.6): type, estimated hours, amount, created time, Invoiced badge, subject. */
export function EmailHistory({
  emails,
  isLoading,
  isError,
  periodLabel,
  rangeLabel,
  currency,
  timezone,
  renderEmailActions,
}: {
  emails: ClientEmailJson[];
  isLoading: boolean;
  isError: boolean;
  periodLabel: string;
  rangeLabel: string;
  currency: string;
  timezone: string;
  renderEmailActions?: (email: ClientEmailJson) => ReactNode;
}) {
  return (
    <HistoryList
      title={`Email History - ${periodLabel}`}
      rangeLabel={rangeLabel}
      isLoading={isLoading}
      isError={isError}
      emptyText="No emails found for this period"
      count={emails.length}
    >
      {emails.map((email) => (
        <li key={email.id} className="flex flex-wrap items-start justify-between gap-3 px-4 py-3" data-testid="email-row">
          <div className="min-w-0 flex-1">
            <p className="font-medium capitalize">{email.emailType}</p>
            <p className="truncate text-sm">{email.subject || "(no subject)"}</p>
            <p className="text-sm text-muted-foreground tabular-nums">{formatInstant(email.createdAt, timezone)}</p>
          </div>
          <div className="flex shrink-0 items-center gap-3">
            <div className="text-right tabular-nums">
              <p className="font-medium">{formatDecimalMoney(email.amount, currency)}</p>
              <p className="text-sm text-muted-foreground">{email.estimatedHours}h</p>
            </div>
            {email.invoiceId !== null ? (
              <Badge variant="secondary" aria-disabled="true">
                Invoiced
              </Badge>
            ) : (
              renderEmailActions?.(email)
            )}
          </div>
        </li>
      ))}
    </HistoryList>
  );
}
