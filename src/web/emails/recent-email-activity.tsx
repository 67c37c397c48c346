import { formatEmailTime } from "@core/duration";
import { MailOpen } from "lucide-react";
import { EmptyState } from "@web/components/empty-state";
import { QueryGate } from "@web/components/query-gate";
import { Badge } from "@web/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { COMPLEXITY_LABELS, messageDate } from "./email-format";
import { formatDecimalMoney } from "@core/money";
import { useRecentEmails } from "./use-emails";

const ROWS = ["a", "b", "c"];

/** Recent Email Activity: the last 10 tracked emails. */
export function RecentEmailActivity({ currency }: { currency: string }) {
  const recent = useRecentEmails();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Recent Email Activity</CardTitle>
        <CardDescription>The last 10 emails saved to billing records.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryGate
          query={recent}
          loading={
            <div className="grid gap-3" role="status" aria-label="Loading recent emails">
              {ROWS.map((key) => (
                <Skeleton key={key} className="h-12 w-full" />
              ))}
            </div>
          }
          errorMessage="Recent emails could not be loaded."
          isEmpty={(list) => list.length === 0}
          empty={
            <EmptyState icon={MailOpen} title="No tracked emails yet">
              Search your mailbox above, select emails, calculate billing and save them to billing records.
            </EmptyState>
          }
        >
          {(list) => (
            <ul className="divide-y" aria-label="Recently tracked emails">
              {list.map((email) => (
                <li key={email.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                  <div className="min-w-0">
                    <p className="font-medium break-words">{email.subject || "(no subject)"}</p>
                    <p className="text-sm text-muted-foreground">
                      {email.clientName ?? "Unknown client"} · {messageDate(email.createdAt)}
                    </p>
                    <div className="mt-1 flex flex-wrap gap-1.5">
                      <Badge variant={email.emailType === "inbound" ? "secondary" : "outline"}>
                        {email.emailType === "inbound" ? "Inbound" : "Outbound"}
                      </Badge>
                      <Badge variant="outline">{COMPLEXITY_LABELS[email.complexity] ?? email.complexity}</Badge>
                      {email.invoiceId ? <Badge variant="success">Invoiced</Badge> : null}
                    </div>
                  </div>
                  <div className="shrink-0 text-left sm:text-right">
                    <p className="font-semibold tabular-nums">{formatDecimalMoney(email.amount, currency)}</p>
                    <p className="text-sm text-muted-foreground tabular-nums">
                      {formatEmailTime(email.totalTime)}
                      {email.billedMinutes !== email.totalTime ? ` (billed ${formatEmailTime(email.billedMinutes)})` : ""}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryGate>
      </CardContent>
    </Card>
  );
}
