import { callTypeLabel } from "@core/contracts/calls";
import { formatDurationClock } from "@core/duration";
import { History, PhoneOff, Trash2 } from "lucide-react";
import { CAPTURE_SOURCE_LABELS } from "@core/capture/source-status";
import { Link } from "wouter";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { formatDecimalMoney } from "@core/money";
import { formatInstant } from "@web/clients/format-instant";
import { RECENT_CALLS_COUNT, useRecentCalls } from "@web/calls/use-calls";
import { AssignClientButton } from "@web/calls/assign-client-dialog";
import { SETUP_HREFS } from "@web/first-run/setup-links";
import { useCaptureHealth, useRemoveTestCall, useSendTestEvent } from "@web/first-run/use-first-run";
import { Spinner } from "@web/components/ui/spinner";

/**
 * Recent Calls: the five newest calls with client, start date, m:ss and amount; `filters` is the dashboard's
 * Mine / Team choice (empty: everyone the viewer may see).
 */
export function RecentCalls({
  currency,
  timezone,
  onLogCall,
  filters = "",
}: {
  currency: string;
  timezone: string;
  onLogCall: () => void;
  filters?: string;
}) {
  const recent = useRecentCalls(filters);
  const removeTest = useRemoveTestCall();
  const calls = (recent.data ?? []).slice(0, RECENT_CALLS_COUNT);
  return (
    <Card aria-labelledby="recent-calls-title">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle as="h2" id="recent-calls-title">
            Recent Calls
          </CardTitle>
          <CardDescription>Your latest calls and what they bill.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={onLogCall}>
          <History aria-hidden="true" />
          Log past call
        </Button>
      </CardHeader>
      <CardContent>
        {recent.isLoading ? (
          <div className="grid gap-3" aria-hidden="true">
            {Array.from({ length: RECENT_CALLS_COUNT }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : calls.length === 0 ? (
          <NoCallsYet />
        ) : (
          <ul className="divide-y" aria-label="Recent calls" data-testid="recent-calls">
            {calls.map((call) => (
              <li key={call.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="flex items-center gap-2 font-medium">
                    <span className="truncate">{call.clientName ?? "Unknown Client"}</span>
                    {call.isTest ? (
                      <Badge variant="secondary" data-testid="test-call-badge">
                        Test
                      </Badge>
                    ) : null}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {formatInstant(call.startTime, timezone, "MMM d, yyyy")} · {callTypeLabel(call.callType)}
                  </p>
                </div>
                {call.isTest ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={removeTest.isPending}
                    onClick={() => removeTest.mutate(call.id)}
                    aria-label={`Remove test call with ${call.clientName ?? "Unknown Client"}`}
                  >
                    {removeTest.isPending && removeTest.variables === call.id ? <Spinner /> : <Trash2 aria-hidden="true" />}
                    Remove test call
                  </Button>
                ) : call.clientId === null && call.invoiceId === null ? (
                  <AssignClientButton call={call} />
                ) : null}
                <div className="flex shrink-0 items-center gap-3 text-right tabular-nums">
                  {call.active ? (
                    <Badge variant="destructive">Recording</Badge>
                  ) : (
                    <span className="text-sm text-muted-foreground" title={`Billed ${formatDurationClock(call.billedDuration)}`}>
                      {formatDurationClock(call.duration)}
                    </span>
                  )}
                  {/* A member whose practice hides rates gets no amount at all (server/work/hide-rates.ts): nothing to show. */}
                  {call.billableAmount === undefined ? null : (
                    <span className="w-20 font-medium">{formatDecimalMoney(call.billableAmount, currency)}</span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Empty Recent Calls points to capture, not to the timer (docs/first-run.md): which sources are connected
 * and the next thing to do (connect one, or send a test event).
 */
function NoCallsYet() {
  const health = useCaptureHealth();
  const send = useSendTestEvent();
  const connected = health.data?.sources ?? [];
  const names = connected.map((source) => CAPTURE_SOURCE_LABELS[source.source]).join(", ");
  return (
    <div className="flex flex-col items-center gap-2 py-8 text-center" data-testid="recent-calls-empty">
      <PhoneOff className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">No calls recorded yet</p>
      {health.isLoading ? (
        <Skeleton className="h-5 w-64" aria-hidden="true" />
      ) : connected.length === 0 ? (
        <>
          <p className="max-w-md text-sm text-muted-foreground">
            No source is connected yet. Connect your calendar, Zoom, Teams, Meet or a phone number, and your calls appear here on
            their own, priced for the client.
          </p>
          <Button asChild className="mt-2">
            <Link href={SETUP_HREFS.source("calendar")}>Connect a source</Link>
          </Button>
        </>
      ) : (
        <>
          <p className="max-w-md text-sm text-muted-foreground">
            Connected: {names}. Your next call there appears here on its own; send a test event to see one now.
          </p>
          <Button className="mt-2" disabled={send.isPending} onClick={() => send.mutate({})}>
            {send.isPending ? <Spinner /> : null}
            Send a test event
          </Button>
        </>
      )}
    </div>
  );
}
