import { CAPTURE_SOURCE_LABELS, type CaptureSourceId } from "@core/capture/source-status";
import type { TestEventResultJson } from "@core/contracts/capture-health";
import { formatHoursMinutes } from "@core/duration";
import { Check, Circle, Send, Upload, UserPlus, X } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { formatInstant } from "@web/clients/format-instant";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { Spinner } from "@web/components/ui/spinner";
import { cn } from "@web/lib/utils";
import { SETUP_HREFS } from "./setup-links";
import { useDismissSetupGuide, useSendTestEvent, useSetupGuide } from "./use-first-run";

/** Quickest to set up first (docs/first-run.md), each with what it needs. */
const SOURCE_CHOICES: { source: CaptureSourceId; label: string; hint: string }[] = [
  { source: "calendar", label: "Calendar", hint: "paste its private ICS address: about a minute" },
  { source: "zoom", label: "Zoom", hint: "your Zoom app's keys and a webhook URL" },
  { source: "teams", label: "Teams", hint: "an Entra ID app" },
  { source: "meet", label: "Google Meet", hint: "a Google Cloud OAuth client" },
  { source: "phone", label: "A phone number", hint: "Twilio, SignalWire or any phone system" },
];

/**
 * "Set up automatic capture" (docs/first-run.md): the dashboard opens with it until it is dismissed or
 * done. Three steps with progress, each opening the exact place to do it (which leads back here);
 * the last sends a test event, whose priced call appears live in Recent Calls. Finishing while it
 * is on screen shows a last "all set" state instead of vanishing under the user's eyes.
 */
export function SetupGuide({ timezone }: { timezone: string }) {
  const guide = useSetupGuide();
  const dismiss = useDismissSetupGuide();
  const [calendarResult, setCalendarResult] = useState<TestEventResultJson | null>(null);
  const send = useSendTestEvent((result) => setCalendarResult(result.kind === "meetings" ? result : null));
  const seenIncomplete = useRef(false);
  const data = guide.data;
  useEffect(() => {
    if (data && !data.complete) seenIncomplete.current = true;
  }, [data]);

  if (guide.isLoading) return <Skeleton className="mb-6 h-72 w-full rounded-xl" aria-hidden="true" />;
  if (!data || data.dismissed || (data.complete && !seenIncomplete.current)) return null;

  return (
    <Card aria-labelledby="setup-guide-title" className="mb-6 border-primary/40" data-testid="setup-guide">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <CardTitle as="h2" id="setup-guide-title" className="text-xl">
            Set up automatic capture
          </CardTitle>
          <CardDescription>
            Minutely records your calls and meetings without a timer once it knows your clients and one source is connected.
          </CardDescription>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label={data.complete ? "Close the setup guide" : "Dismiss the setup guide"}
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate(true)}
        >
          <X aria-hidden="true" />
        </Button>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Progress done={data.doneCount} />
        {data.complete ? (
          <p className="rounded-lg bg-success/10 p-3 text-sm" role="status">
            <span className="font-medium">You're set up.</span> Calls from {listOf(data.steps.source.connected)} now appear on
            their own; the Capture card below says if one stops.
          </p>
        ) : null}
        <ol className="grid gap-4" aria-label="Setup steps">
          <Step number={1} done={data.steps.clients.done} title="Add your clients with their email and phone">
            <p>
              Captured calls are matched to clients by email address and phone number.{" "}
              {data.steps.clients.done
                ? `${data.steps.clients.matchable} ${data.steps.clients.matchable === 1 ? "client" : "clients"} can be matched.`
                : null}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button asChild size="sm" variant={data.steps.clients.done ? "outline" : "default"}>
                <Link href={SETUP_HREFS.addClient}>
                  <UserPlus aria-hidden="true" />
                  Add a client
                </Link>
              </Button>
              <Button asChild size="sm" variant="outline">
                <Link href={SETUP_HREFS.importClients}>
                  <Upload aria-hidden="true" />
                  Import from CSV
                </Link>
              </Button>
            </div>
          </Step>
          <Step number={2} done={data.steps.source.done} title="Connect one source">
            {data.steps.source.done ? <p>Connected: {listOf(data.steps.source.connected)}.</p> : <p>Quickest first:</p>}
            <ul className="grid gap-1.5" aria-label="Sources to connect">
              {SOURCE_CHOICES.map((choice) => (
                <li key={choice.source} className="flex flex-wrap items-baseline gap-x-2">
                  <Link
                    href={SETUP_HREFS.source(choice.source)}
                    className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    Connect {choice.label}
                  </Link>
                  <span className="text-muted-foreground">{choice.hint}</span>
                </li>
              ))}
            </ul>
          </Step>
          <Step number={3} done={data.steps.firstCall.done} title="See your first captured call">
            <p>
              {data.steps.firstCall.done
                ? "Your first captured call is in Recent Calls."
                : "Send a test event: Minutely plays one signed event from your source, and the priced call appears in Recent Calls, marked as a test."}
            </p>
            <div>
              <Button size="sm" disabled={!data.steps.source.done || send.isPending} onClick={() => send.mutate({})}>
                {send.isPending ? <Spinner /> : <Send aria-hidden="true" />}
                Send a test event
              </Button>
              {!data.steps.source.done ? (
                <p className="mt-1 text-xs text-muted-foreground">Connect a source first.</p>
              ) : null}
            </div>
            {calendarResult ? <FoundMeetings result={calendarResult} timezone={timezone} /> : null}
          </Step>
        </ol>
      </CardContent>
    </Card>
  );
}

function listOf(sources: CaptureSourceId[]): string {
  return sources.map((source) => CAPTURE_SOURCE_LABELS[source]).join(", ");
}

function Progress({ done }: { done: number }) {
  return (
    <div className="grid gap-1.5">
      <p className="text-sm font-medium" id="setup-progress-label">
        {done} of 3 steps done
      </p>
      <div
        role="progressbar"
        aria-labelledby="setup-progress-label"
        aria-valuemin={0}
        aria-valuemax={3}
        aria-valuenow={done}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${(done / 3) * 100}%` }} />
      </div>
    </div>
  );
}

function Step({ number, done, title, children }: { number: number; done: boolean; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3" data-testid={`setup-step-${number}`} data-done={done}>
      <span
        className={cn(
          "mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold",
          done ? "border-transparent bg-success text-success-foreground" : "text-muted-foreground",
        )}
        aria-hidden="true"
      >
        {done ? <Check className="size-3.5" /> : number}
      </span>
      <div className="grid min-w-0 flex-1 gap-2 text-sm">
        <h3 className="font-medium">
          {title}
          <span className="sr-only">{done ? " (done)" : " (to do)"}</span>
        </h3>
        <div className="grid gap-2 text-muted-foreground">{children}</div>
      </div>
    </li>
  );
}

function FoundMeetings({ result, timezone }: { result: TestEventResultJson; timezone: string }) {
  return (
    <div className="rounded-lg border p-3" role="status">
      <p className="text-foreground">{result.message}</p>
      {result.meetings.length > 0 ? (
        <ul className="mt-2 grid gap-1" aria-label="Meetings found">
          {result.meetings.map((meeting) => (
            <li key={meeting.id} className="flex flex-wrap gap-x-2">
              <Circle className="mt-1.5 size-2 shrink-0 fill-current" aria-hidden="true" />
              <span className="font-medium text-foreground">{meeting.title ?? "Untitled meeting"}</span>
              <span>
                {meeting.clientName ?? "Unknown Client"} · {formatInstant(meeting.startsAt, timezone, "MMM d, HH:mm")} ·{" "}
                <span className="tabular-nums">{formatHoursMinutes(meeting.durationSeconds)}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
