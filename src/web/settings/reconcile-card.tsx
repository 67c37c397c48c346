import type { ReconcileRunJson, ReconcileSource, ReconciliationJson } from "@core/contracts/reconciliation";
import { Button } from "@web/components/ui/button";
import { Skeleton } from "@web/components/ui/skeleton";
import { Spinner } from "@web/components/ui/spinner";
import { useAuth } from "@web/hooks/use-auth";
import { formatEventTime } from "@web/integrations/phone/toast-text";
import { useReconcileNow, useReconciliation } from "./use-reconciliation";

/**
 * "No missed call" on a source's tab: when its last event arrived, when the provider's
 * own record was last read and what that found, how many calls reconciliation recovered in all, and
 * "Reconcile now". When it cannot run, it says what to set instead of offering the button.
 */
export function ReconcileCard({ source }: { source: ReconcileSource }) {
  const reconciliation = useReconciliation(source);
  return (
    <section aria-labelledby={`reconcile-${source}`} className="grid gap-3 rounded-lg border p-4" data-testid="reconcile-card">
      <h4 id={`reconcile-${source}`} className="font-semibold">
        No missed call
      </h4>
      {reconciliation.isLoading ? (
        <div className="grid gap-2">
          <Skeleton className="h-4 w-64" />
          <Skeleton className="h-4 w-72" />
          <Skeleton className="h-9 w-36" />
        </div>
      ) : reconciliation.data ? (
        <ReconcileFacts source={source} data={reconciliation.data} />
      ) : (
        <p className="text-sm text-destructive" role="alert">
          The reconciliation status could not be loaded.{" "}
          <Button variant="link" className="h-auto p-0" onClick={() => reconciliation.refetch()}>
            Try again
          </Button>
        </p>
      )}
    </section>
  );
}

function runText(run: ReconcileRunJson, timeZone: string | undefined): string {
  if (run.status === "queued") return "Waiting to run…";
  if (run.status === "running") return `Reading the provider's record… ${run.callsRecovered} recovered so far`;
  const when = formatEventTime(run.finishedAt ?? run.queuedAt, timeZone);
  if (run.status === "failed") return `Failed ${when}: ${run.error ?? "unknown error"}`;
  const calls = run.callsRecovered === 1 ? "1 call recovered" : `${run.callsRecovered} calls recovered`;
  const records = run.recordsSeen === 1 ? "1 record read" : `${run.recordsSeen} records read`;
  return `${when}: ${records}, ${calls}`;
}

function ReconcileFacts({ source, data }: { source: ReconcileSource; data: ReconciliationJson }) {
  const { user } = useAuth();
  const reconcile = useReconcileNow(source);
  const running = data.lastRun?.status === "queued" || data.lastRun?.status === "running";
  return (
    <>
      <p className="text-sm text-muted-foreground">
        Webhooks get lost. Minutely reads the provider's own record of your calls and adds any it missed, exactly as if the
        webhook had arrived, never twice. {data.schedule}.
      </p>
      <dl className="grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
        <dt className="text-muted-foreground">Last event</dt>
        <dd data-testid="reconcile-last-event">
          {data.lastEventAt ? formatEventTime(data.lastEventAt, user?.timezone) : "No events received yet"}
        </dd>
        <dt className="text-muted-foreground">Last reconciliation</dt>
        <dd data-testid="reconcile-last-run" aria-live="polite">
          {data.lastRun ? runText(data.lastRun, user?.timezone) : "Not run yet"}
        </dd>
        <dt className="text-muted-foreground">Calls recovered</dt>
        <dd data-testid="reconcile-recovered" className="tabular-nums">
          {data.callsRecovered}
        </dd>
      </dl>
      {data.canReconcile ? (
        <div>
          <Button type="button" variant="outline" disabled={running || reconcile.isPending} onClick={() => reconcile.mutate()}>
            {running || reconcile.isPending ? <Spinner /> : null}
            Reconcile now
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="reconcile-missing">
          {data.missing}
        </p>
      )}
    </>
  );
}
