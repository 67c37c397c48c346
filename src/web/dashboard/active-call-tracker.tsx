import { platformLabel, callTypeLabel } from "@core/contracts/calls";
import { formatDurationClock } from "@core/duration";
import { PhoneCall, Play, Square } from "lucide-react";
import { useEffect } from "react";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { Spinner } from "@web/components/ui/spinner";
import { useActiveCalls, useEndAllCalls, useEndCall } from "@web/calls/use-calls";
import { AssignClientButton } from "@web/calls/assign-client-dialog";
import { useNow } from "@web/calls/use-now";

/**
 * The active-call tracker: every running call with its platform and a live
 * elapsed time, a Recording badge while any runs, End and End All. The calls are rows on the
 * server, so they survive a reload and a restart.
 */
export function ActiveCallTracker({ onStartCall }: { onStartCall: () => void }) {
  const active = useActiveCalls();
  const endCall = useEndCall();
  const endAll = useEndAllCalls();
  const calls = active.data ?? [];
  const now = useNow(calls.length > 0);

  useEffect(() => {
    // A failure to fetch active calls is only logged.
    if (active.error) console.error("Failed to fetch active calls", active.error);
  }, [active.error]);

  return (
    <Card aria-labelledby="active-calls-title" className="mb-6">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <PhoneCall className="size-5 text-primary" aria-hidden="true" />
          <div>
            <CardTitle as="h2" id="active-calls-title">
              Active Calls
            </CardTitle>
            <CardDescription>The tracker starts automatically when you join a call on a connected platform.</CardDescription>
          </div>
          {calls.length > 0 ? (
            <Badge variant="destructive" className="gap-1.5" data-testid="recording-badge">
              <span className="size-2 animate-pulse rounded-full bg-current" aria-hidden="true" />
              Recording
            </Badge>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {calls.length > 0 ? (
            <Button variant="outline" onClick={() => endAll.mutate()} disabled={endAll.isPending}>
              {endAll.isPending ? <Spinner /> : <Square aria-hidden="true" />}
              End All
            </Button>
          ) : null}
          <Button onClick={onStartCall}>
            <Play aria-hidden="true" />
            Start Call Timer
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {active.isLoading ? (
          <Skeleton className="h-14 w-full" />
        ) : calls.length === 0 ? (
          <p className="text-sm text-muted-foreground">No active calls. Start a timer when a call begins.</p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Active calls">
            {calls.map((call) => {
              const elapsed = Math.max(0, Math.floor((now - Date.parse(call.startTime)) / 1000));
              const ending = endCall.isPending && endCall.variables === call.id;
              return (
                <li key={call.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                  <div className="min-w-0">
                    <p className="font-medium">{platformLabel(call.platform)}</p>
                    <p className="truncate text-sm text-muted-foreground">
                      {call.clientName ?? "Unknown Client"} · {callTypeLabel(call.callType)}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-3">
                    {call.clientId === null ? <AssignClientButton call={call} /> : null}
                    <span
                      role="timer"
                      aria-label={`Elapsed time ${formatDurationClock(elapsed)}`}
                      className="font-mono text-lg tabular-nums"
                    >
                      {formatDurationClock(elapsed)}
                    </span>
                    <Button variant="destructive" size="sm" onClick={() => endCall.mutate(call.id)} disabled={ending}>
                      {ending ? <Spinner /> : <Square aria-hidden="true" />}
                      End<span className="sr-only"> call on {platformLabel(call.platform)}</span>
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
