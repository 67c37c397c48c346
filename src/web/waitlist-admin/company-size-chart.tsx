import type { WaitlistStats } from "@core/contracts/waitlist";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";

/**
 * Company size distribution as horizontal CSS bars. Each row reads as text ("6-20: 12 signups,
 * 30%"), so the chart needs no picture to be understood; the bars themselves are decorative.
 */
export function CompanySizeChart({ stats }: { stats: WaitlistStats | undefined }) {
  const rows = stats?.byCompanySize ?? [];
  const given = rows.reduce((sum, row) => sum + row.count, 0);
  const notGiven = stats ? stats.totalSignups - given : 0;
  const all = [...rows.map((row) => ({ label: row.size, count: row.count })), ...(notGiven > 0 ? [{ label: "Not given", count: notGiven }] : [])];
  const max = Math.max(1, ...all.map((row) => row.count));
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Company Size Distribution
        </CardTitle>
        <CardDescription>People per company, as given on the form</CardDescription>
      </CardHeader>
      <CardContent>
        {!stats ? (
          <div className="grid gap-3" aria-hidden="true">
            {["a", "b", "c", "d", "e", "f"].map((key) => (
              <Skeleton key={key} className="h-6 w-full" />
            ))}
          </div>
        ) : (
          <ul className="grid gap-3" aria-label="Signups by company size">
            {all.map((row) => {
              const percent = stats.totalSignups ? Math.round((row.count / stats.totalSignups) * 100) : 0;
              return (
                <li key={row.label} className="grid grid-cols-[5.5rem_1fr_auto] items-center gap-3 text-sm">
                  <span className="font-medium">{row.label}</span>
                  <span className="h-3 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                    <span className="block h-full rounded-full bg-primary" style={{ width: `${(row.count / max) * 100}%` }} />
                  </span>
                  <span className="min-w-[6.5rem] text-right text-muted-foreground tabular-nums">
                    {row.count} {row.count === 1 ? "signup" : "signups"}
                    <span className="sr-only">,</span> ({percent}%)
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
