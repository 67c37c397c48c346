import { callTypeLabel } from "@core/contracts/calls";
import { formatDurationClock } from "@core/duration";
import { History, PhoneOff } from "lucide-react";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { formatDecimalMoney } from "@core/money";
import { formatInstant } from "@web/clients/format-instant";
import { RECENT_CALLS_COUNT, useRecentCalls } from "@web/calls/use-calls";
import { AssignClientButton } from "@web/calls/assign-client-dialog";

/** Recent Calls (spec 000 §2.5): the five newest calls with client, start date, m:ss and amount. */
export function RecentCalls({ currency, timezone, onStartCall, onLogCall }: { currency: string; timezone: string; onStartCall: () => void; onLogCall: () => void }) {
  const recent = useRecentCalls();
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
          <div className="flex flex-col items-center gap-2 py-8 text-center">
            <PhoneOff className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">No calls recorded yet</p>
            <p className="text-sm text-muted-foreground">Start tracking your first call to see activity here!</p>
            <Button className="mt-2" onClick={onStartCall}>
              Start Call Timer
            </Button>
          </div>
        ) : (
          <ul className="divide-y" aria-label="Recent calls" data-testid="recent-calls">
            {calls.map((call) => (
              <li key={call.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="truncate font-medium">{call.clientName ?? "Unknown Client"}</p>
                  <p className="text-sm text-muted-foreground">
                    {formatInstant(call.startTime, timezone, "MMM d, yyyy")} · {callTypeLabel(call.callType)}
                  </p>
                </div>
                {call.clientId === null && call.invoiceId === null ? <AssignClientButton call={call} /> : null}
                <div className="flex shrink-0 items-center gap-3 text-right tabular-nums">
                  {call.active ? (
                    <Badge variant="destructive">Recording</Badge>
                  ) : (
                    <span className="text-sm text-muted-foreground" title={`Billed ${formatDurationClock(call.billedDuration)}`}>
                      {formatDurationClock(call.duration)}
                    </span>
                  )}
                  <span className="w-20 font-medium">{formatDecimalMoney(call.billableAmount, currency)}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
