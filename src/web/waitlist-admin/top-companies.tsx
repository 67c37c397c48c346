import { WAITLIST_TOP_COMPANIES, type WaitlistStats } from "@core/contracts/waitlist";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";

/** The first 8 companies by number of signups. */
export function TopCompanies({ stats }: { stats: WaitlistStats | undefined }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Top Companies
        </CardTitle>
        <CardDescription>The {WAITLIST_TOP_COMPANIES} companies with the most signups</CardDescription>
      </CardHeader>
      <CardContent>
        {!stats ? (
          <div className="grid gap-3" aria-hidden="true">
            {["a", "b", "c", "d", "e"].map((key) => (
              <Skeleton key={key} className="h-6 w-full" />
            ))}
          </div>
        ) : stats.topCompanies.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No signup has named a company yet.</p>
        ) : (
          <ol className="grid gap-2 text-sm">
            {stats.topCompanies.map((row, index) => (
              <li key={row.company} className="flex items-center gap-3 rounded-md px-2 py-1.5 odd:bg-muted/50">
                <span className="w-5 text-right text-muted-foreground tabular-nums" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="min-w-0 flex-1 truncate font-medium" title={row.company}>
                  {row.company}
                </span>
                <span className="text-muted-foreground tabular-nums">
                  {row.count} {row.count === 1 ? "signup" : "signups"}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
