import type { ClientEmailJson } from "@core/contracts/calls";
import type { ReactNode } from "react";
import { formatDecimalMoney } from "@core/money";
import { formatInstant } from "@web/clients/format-instant";
import { HistoryList } from "./history-list";
import { type HistoryContext, HistoryRow } from "./history-row";

/** "Email History - {period}": type, estimated hours, amount, created time, Invoiced badge, subject. */
export function EmailHistory({
  emails,
  context,
  renderEmailActions,
  footer,
}: {
  emails: ClientEmailJson[];
  context: HistoryContext;
  renderEmailActions?: (email: ClientEmailJson) => ReactNode;
  footer?: ReactNode;
}) {
  const { currency, timezone } = context;
  return (
    <HistoryList
      name="Email History"
      context={context}
      emptyText="No emails found for this period"
      count={emails.length}
      footer={footer}
    >
      {emails.map((email) => (
        <HistoryRow
          key={email.id}
          testId="email-row"
          figures={{
            amount: email.amount === undefined ? undefined : formatDecimalMoney(email.amount, currency),
            duration: `${email.estimatedHours}h`,
          }}
          invoiced={email.invoiceId !== null}
          actions={renderEmailActions?.(email)}
        >
          <p className="font-medium capitalize">{email.emailType}</p>
          <p className="truncate text-sm">{email.subject || "(no subject)"}</p>
          <p className="text-sm text-muted-foreground tabular-nums">{formatInstant(email.createdAt, timezone)}</p>
        </HistoryRow>
      ))}
    </HistoryList>
  );
}
