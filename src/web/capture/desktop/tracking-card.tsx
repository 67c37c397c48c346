import type { PlatformTrackingJson } from "@core/contracts/platform-detection";
import { QueryGate } from "@web/components/query-gate";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { cn } from "@web/lib/utils";
import { Switch } from "radix-ui";
import { platformName } from "./platform-icons";
import { usePlatformTracking, useSetTracking } from "./use-platform-detection";

/**
 * The opt-in "Track meetings on this computer" (docs/desktop-capture.md): when a meeting app's call starts and
 * ends on the computer that runs Minutely, a call starts and ends (source "desktop").
 */
export function TrackingCard() {
  const tracking = usePlatformTracking();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Track Meetings</CardTitle>
        <CardDescription>Turn meetings on this computer into calls automatically.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryGate
          query={tracking}
          loading={<Skeleton className="h-16 w-full" role="status" aria-label="Loading meeting tracking" />}
          errorMessage="Meeting tracking could not be loaded."
        >
          {(data) => <TrackingSwitch tracking={data} />}
        </QueryGate>
      </CardContent>
    </Card>
  );
}

function TrackingSwitch({ tracking }: { tracking: PlatformTrackingJson }) {
  const save = useSetTracking();
  const hostname = tracking.computer.hostname;
  const checked = save.isPending && save.variables !== undefined ? save.variables : tracking.enabled;
  return (
    <div className="grid gap-3">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <label htmlFor="track-meetings" className="font-medium">
            Track meetings on this computer
          </label>
          <p id="track-meetings-help" className="text-sm text-muted-foreground">
            While a Zoom, Teams, Meet, Webex or Slack call is in progress on <strong className="break-all">{hostname}</strong>, a
            call runs in Minutely, priced with your rules; it ends when the meeting does. An app that is merely open is not a
            meeting. Minutely looks every 10 seconds.
          </p>
        </div>
        <Switch.Root
          id="track-meetings"
          checked={checked}
          disabled={save.isPending}
          onCheckedChange={(value) => save.mutate(value)}
          aria-describedby="track-meetings-help"
          className={cn(
            "relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors",
            "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
            "disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input",
          )}
        >
          <Switch.Thumb className="pointer-events-none block size-5 rounded-full bg-background shadow-lg ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
        </Switch.Root>
      </div>
      {tracking.enabled ? (
        <p className="text-sm" role="status">
          {tracking.inMeeting.length > 0
            ? `In a meeting now: ${tracking.inMeeting.map(platformName).join(", ")}.`
            : tracking.lastCheckedAt
              ? `No meeting in progress (last look ${new Date(tracking.lastCheckedAt).toLocaleTimeString()}).`
              : "Waiting for the first look."}
        </p>
      ) : null}
      {!tracking.watcherRunning ? (
        <p className="text-sm text-warning-foreground dark:text-warning" role="note">
          The job queue is not running on this server, so nothing watches for meetings.
        </p>
      ) : null}
    </div>
  );
}
