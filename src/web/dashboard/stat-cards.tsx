import { formatHoursMinutes } from "@core/duration";
import { Clock, DollarSign, FileText, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { StatCard } from "@web/components/stat-card";
import { formatDecimalMoney } from "@core/money";
import { useDashboardStats } from "@web/calls/use-calls";

/**
 * Today's Calls, Time Tracked, Revenue, Pending Invoices, for today in the account's time zone; `filters` is the
 * Mine/Team choice (dashboard-view-picker.ts), empty for the server's default.
 */
export function StatCards({ currency, filters = "" }: { currency: string; filters?: string }) {
  const stats = useDashboardStats(filters);
  const data = stats.data;
  // A member whose practice hides rates gets no amount in the answer (server/work/hide-rates.ts): no Revenue card.
  const hidesRates = data !== undefined && data.billableAmount === undefined;
  const cards: { title: string; icon: ReactNode; value: string; hint: string }[] = [
    {
      title: "Today's Calls",
      icon: <Phone aria-hidden="true" />,
      value: String(data?.todayCalls ?? 0),
      hint: "Calls started today",
    },
    {
      title: "Time Tracked",
      icon: <Clock aria-hidden="true" />,
      value: formatHoursMinutes(data?.totalDuration ?? 0),
      hint: "Call time today",
    },
    ...(hidesRates
      ? []
      : [
          {
            title: "Revenue",
            icon: <DollarSign aria-hidden="true" />,
            value: formatDecimalMoney(data?.billableAmount, currency),
            hint: "Billable today",
          },
        ]),
    {
      title: "Pending Invoices",
      icon: <FileText aria-hidden="true" />,
      value: String(data?.pendingInvoices ?? 0),
      hint: "Drafts and sent, unpaid",
    },
  ];
  return (
    <section aria-label="Today at a glance" className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {cards.map((card) => (
        <StatCard
          key={card.title}
          title={card.title}
          titleAs="h2"
          icon={card.icon}
          hint={card.hint}
          loading={stats.isLoading}
          value={stats.isError ? "—" : card.value}
          testId={`stat-${card.title.toLowerCase().replace(/[^a-z]+/g, "-")}`}
        />
      ))}
    </section>
  );
}
