import type { WaitlistStats } from "@core/contracts/waitlist";
import { Building2, CalendarClock, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Skeleton } from "@web/components/ui/skeleton";

const number = new Intl.NumberFormat("en-US");

function StatCard({ label, value, note, icon }: { label: string; value: string; note: string; icon: ReactNode }) {
  return (
    <li className="flex flex-col gap-2 rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex items-center justify-between text-sm font-medium text-muted-foreground">
        <span>{label}</span>
        <span className="text-primary [&_svg]:size-4" aria-hidden="true">
          {icon}
        </span>
      </div>
      <p className="text-3xl font-bold tracking-tight tabular-nums">{value}</p>
      <p className="text-xs text-muted-foreground">{note}</p>
    </li>
  );
}

/** Total signups, the last 7 days and how many gave a company. */
export function StatsCards({ stats }: { stats: WaitlistStats | undefined }) {
  if (!stats) {
    return (
      <ul className="grid gap-4 sm:grid-cols-3" aria-hidden="true">
        {["total", "recent", "company"].map((key) => (
          <li key={key}>
            <Skeleton className="h-[7.5rem] w-full rounded-xl" />
          </li>
        ))}
      </ul>
    );
  }
  const share = stats.totalSignups ? Math.round((stats.withCompanies / stats.totalSignups) * 100) : 0;
  return (
    <ul className="grid gap-4 sm:grid-cols-3" aria-label="Waitlist statistics">
      <StatCard label="Total Signups" value={number.format(stats.totalSignups)} note="Everyone on the waitlist" icon={<Users />} />
      <StatCard label="Last 7 Days" value={number.format(stats.recentSignups)} note="Joined in the past week" icon={<CalendarClock />} />
      <StatCard label="With Company" value={number.format(stats.withCompanies)} note={`${share}% gave a company name`} icon={<Building2 />} />
    </ul>
  );
}
