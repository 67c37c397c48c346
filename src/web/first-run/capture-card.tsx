import type { CaptureStatus } from "@core/capture/source-status";
import type { CaptureSourceHealthJson } from "@core/contracts/capture-health";
import { CircleAlert, Radio, Send } from "lucide-react";
import { Link } from "wouter";
import { formatInstant } from "@web/clients/format-instant";
import { EmptyState } from "@web/components/empty-state";
import { QueryGate } from "@web/components/query-gate";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { Spinner } from "@web/components/ui/spinner";
import { SETUP_HREFS } from "./setup-links";
import { useCaptureHealth, useDismissSetupGuide, useSendTestEvent, useSetupGuide } from "./use-first-run";

const BADGE: Record<CaptureStatus, "success" | "secondary" | "warning" | "destructive" | "outline"> = {
  healthy: "success",
  waiting: "secondary",
  silent: "warning",
  expiring: "warning",
  failing: "destructive",
  off: "outline",
};

/**
 * The dashboard's "Capture" card (docs/first-run.md): each connected source with its status in the one
 * vocabulary (core/capture/source-status.ts), its last event, this week's captured calls, and a
 * problem in plain words with the one action that fixes it. With nothing connected it points to
 * the quickest source, and to the setup guide when that was dismissed.
 */
export function CaptureCard({ timezone }: { timezone: string }) {
  const health = useCaptureHealth();
  const guide = useSetupGuide();
  const showGuide = useDismissSetupGuide();
  const send = useSendTestEvent();
  return (
    <Card aria-labelledby="capture-card-title" data-testid="capture-card">
      <CardHeader>
        <CardTitle as="h2" id="capture-card-title">
          Capture
        </CardTitle>
        <CardDescription>Where your calls come from without a timer, and whether each source is working.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryGate
          query={health}
          errorMessage="Capture status could not be loaded."
          loading={
            <div className="grid gap-3" aria-hidden="true">
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-16 w-full" />
            </div>
          }
          isEmpty={(data) => data.sources.length === 0}
          empty={
            <EmptyState
              icon={Radio}
              title="No source connected"
              action={
                <div className="mt-2 flex flex-wrap justify-center gap-2">
                  <Button asChild size="sm">
                    <Link href={SETUP_HREFS.source("calendar")}>Connect your calendar</Link>
                  </Button>
                  {guide.data?.dismissed ? (
                    <Button size="sm" variant="outline" disabled={showGuide.isPending} onClick={() => showGuide.mutate(false)}>
                      Show the setup guide
                    </Button>
                  ) : null}
                </div>
              }
            >
              Connect a calendar, Zoom, Teams, Meet or a phone number and calls are captured for you.
            </EmptyState>
          }
        >
          {(data) => (
            <ul className="divide-y" aria-label="Capture sources">
              {data.sources.map((source) => (
                <SourceRow
                  key={source.source}
                  source={source}
                  timezone={timezone}
                  sending={send.isPending && send.variables?.source === source.source}
                  onSendTest={() => send.mutate({ source: source.source })}
                />
              ))}
            </ul>
          )}
        </QueryGate>
      </CardContent>
    </Card>
  );
}

function SourceRow({
  source,
  timezone,
  sending,
  onSendTest,
}: {
  source: CaptureSourceHealthJson;
  timezone: string;
  sending: boolean;
  onSendTest: () => void;
}) {
  const lastLabel = source.source === "calendar" ? "Last read" : "Last event";
  return (
    <li className="grid gap-2 py-3" data-testid={`capture-source-${source.source}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 font-medium">
          {source.label}
          <Badge variant={BADGE[source.status]} data-testid="capture-status">
            {source.statusLabel}
          </Badge>
        </p>
        <p className="text-sm text-muted-foreground tabular-nums">
          {source.callsThisWeek} {source.callsThisWeek === 1 ? "call" : "calls"} this week
        </p>
      </div>
      <p className="text-sm text-muted-foreground">
        {lastLabel}: {source.lastEventAt ? formatInstant(source.lastEventAt, timezone, "MMM d, yyyy HH:mm") : "none yet"}
      </p>
      {source.problem ? (
        <p className="flex items-start gap-2 text-sm" role="alert">
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <span>{source.problem}</span>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {source.action ? (
          <Button asChild size="sm" variant={source.problem ? "default" : "outline"}>
            <Link href={source.action.href}>{source.action.label}</Link>
          </Button>
        ) : null}
        {source.canSendTestEvent ? (
          <Button size="sm" variant="outline" disabled={sending} onClick={onSendTest} aria-label={source.source === "calendar" ? "Read Calendar now" : `Send a test event from ${source.label}`}>
            {sending ? <Spinner /> : <Send aria-hidden="true" />}
            {source.source === "calendar" ? "Read now" : "Send a test event"}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
