import { formatHoursMinutes } from "@core/duration";
import { Clock, DollarSign, FileText, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { formatDecimalMoney } from "@core/money";
import { useDashboardStats } from "@web/calls/use-calls";

/** Today's Calls, Time Tracked, Revenue, Pending Invoices (spec 000 §2.5), for today in the account's time zone. */
export function StatCards({ currency }: { currency: string }) {
  const stats = useDashboardStats();
  const data = stats.data;
  const cards: { title: string; icon: ReactNode; value: string; hint: string }[] = [
    { title: "Today's Calls", icon: <Phone aria-hidden="true" />, value: String(data?.todayCalls ?? 0), hint: "Calls started today" },
    { title: "Time Tracked", icon: <Clock aria-hidden="true" />, value: formatHoursMinutes(data?.totalDuration ?? 0), hint: "Call time today" },
    { title: "Revenue", icon: <DollarSign aria-hidden="true" />, value: formatDecimalMoney(data?.billableAmount, currency), hint: "Billable today" },
    { title: "Pending Invoices", icon: <FileText aria-hidden="true" />, value: String(data?.pendingInvoices ?? 0), hint: "Drafts and sent, unpaid" },
  ];
  return (
    <section aria-label="Today at a glance" className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {cards.map((card) => (
        <Card key={card.title} className="gap-2">
          <CardHeader className="flex flex-row items-center justify-between">
            <CardTitle as="h2" className="text-sm font-medium text-muted-foreground">
              {card.title}
            </CardTitle>
            <span className="text-muted-foreground [&>svg]:size-4">{card.icon}</span>
          </CardHeader>
          <CardContent>
            {stats.isLoading ? (
              <Skeleton className="h-8 w-24" />
            ) : (
              <p className="text-2xl font-bold tabular-nums" data-testid={`stat-${card.title.toLowerCase().replace(/[^a-z]+/g, "-")}`}>
                {stats.isError ? "—" : card.value}
              </p>
            )}
            <p className="mt-1 text-xs text-muted-foreground">{card.hint}</p>
          </CardContent>
        </Card>
      ))}
    </section>
  );
}
