import { todayInZone } from "@core/period";
import { EmptyState } from "@web/components/empty-state";
import { PageHeader } from "@web/components/page-header";
import { QueryGate } from "@web/components/query-gate";
import { buttonVariants } from "@web/components/ui/button";
import { Skeleton } from "@web/components/ui/skeleton";
import { LoadingState } from "@web/components/ui/spinner";
import { useAuth } from "@web/hooks/use-auth";
import { BarChart3 } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { ClientsSection } from "./clients-section";
import { ForecastSection } from "./forecast-section";
import { FunnelSection } from "./funnel-section";
import { PeriodPicker } from "./period-picker";
import { SourcesSection } from "./sources-section";
import { UnbilledSection } from "./unbilled-section";
import { type PeriodChoice, useAnalytics } from "./use-analytics";

/**
 * Analytics (docs/analytics.md): what was captured, billed and collected in a period,
 * from whom and from which source, what is still unbilled, and the forecast. Every number comes
 * from GET /api/analytics, which prices work with the invoices' own engine.
 */
export default function AnalyticsPage() {
  const { user, isLoading } = useAuth();
  const today = todayInZone(user?.timezone ?? "UTC");
  const [choice, setChoice] = useState<PeriodChoice>({ kind: "month", date: today });
  const customIncomplete = choice.kind === "custom" && (!choice.from || !choice.to);
  const analytics = useAnalytics(choice, Boolean(user) && !customIncomplete);

  if (isLoading || !user) return <LoadingState />;
  return (
    <>
      <PageHeader title="Analytics" description="Where your time and money go, and what comes next." />
      <div className="mb-6">
        <PeriodPicker value={choice} onChange={setChoice} today={today} label={analytics.data?.period.label} />
        {customIncomplete ? <p className="mt-2 text-sm text-destructive">Choose both a start and an end date.</p> : null}
      </div>
      <QueryGate query={analytics} loading={<AnalyticsSkeleton />} errorMessage="Analytics could not be loaded.">
        {(data) => {
          if (!data) return null;
          const suffix = `${data.period.startDate}-to-${data.period.endDate}`;
          const nothingCaptured = data.funnel.captured.seconds === 0 && data.byClient.length === 0;
          return (
            <div className="grid gap-6" aria-busy={analytics.isFetching}>
              {nothingCaptured ? (
                <EmptyState
                  icon={BarChart3}
                  title={`Nothing captured in ${data.period.label}`}
                  action={
                    <Link href="/" className={buttonVariants({ variant: "outline" })}>
                      Log a call on the dashboard
                    </Link>
                  }
                >
                  Calls and emails of this period will show here as they are captured or logged.
                </EmptyState>
              ) : (
                <>
                  <FunnelSection funnel={data.funnel} currency={data.currency} fileSuffix={suffix} />
                  <ClientsSection rows={data.byClient} currency={data.currency} fileSuffix={suffix} />
                  <SourcesSection rows={data.bySource} currency={data.currency} fileSuffix={suffix} />
                </>
              )}
              <UnbilledSection rows={data.unbilled} currency={data.currency} fileSuffix={suffix} />
              <ForecastSection forecast={data.forecast} currency={data.currency} fileSuffix={suffix} />
            </div>
          );
        }}
      </QueryGate>
    </>
  );
}

/** The funnel's cards and two charts, the size they will be. */
function AnalyticsSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading analytics">
      <Skeleton className="h-[30rem] w-full rounded-xl" />
      <Skeleton className="h-64 w-full rounded-xl" />
    </div>
  );
}
