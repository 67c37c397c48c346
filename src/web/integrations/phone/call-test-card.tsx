import { CONFIGURE_PHONE_FIRST, type PhoneIntegrationJson } from "@core/contracts/phone";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { toast } from "@web/hooks/use-toast";
import { CheckCircle2, PhoneCall, PhoneOff, XCircle } from "lucide-react";
import { useCallTest } from "../use-phone-integration";

/**
 * Test Call Detection: Start opens a test session, the user calls or
 * texts from the configured number, End reports whether a real event arrived and how long it was.
 */
export function CallTestCard({ saved }: { saved: PhoneIntegrationJson | undefined }) {
  const { session, result, start, end } = useCallTest();
  const configuredNumber = saved?.phoneNumber ?? null;

  const handleStart = () => {
    if (!configuredNumber) {
      toast({ title: "Phone Number Required", description: CONFIGURE_PHONE_FIRST, variant: "destructive" });
      return;
    }
    start.mutate(configuredNumber);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Test Call Detection</CardTitle>
        <CardDescription>
          Start a test, then call or text from {saved?.phoneDisplayNumber || "your configured number"} through your provider. End
          the test to see whether Minutely detected it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={handleStart} disabled={session !== null || start.isPending}>
            {start.isPending ? <Spinner /> : <PhoneCall aria-hidden="true" />}
            Start Test
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => session && end.mutate(session.sessionId)}
            disabled={session === null || end.isPending}
          >
            {end.isPending ? <Spinner /> : <PhoneOff aria-hidden="true" />}
            End Test
          </Button>
        </div>
        {session ? (
          <div
            role="status"
            aria-label="Active test session"
            className="grid gap-1 rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm"
          >
            <p className="flex items-center gap-2 font-medium">
              <span className="relative flex size-2.5" aria-hidden="true">
                <span className="absolute inline-flex size-full animate-ping rounded-full bg-primary opacity-60 motion-reduce:animate-none" />
                <span className="relative inline-flex size-2.5 rounded-full bg-primary" />
              </span>
              Test in progress
            </p>
            <p className="break-words">{session.message}</p>
          </div>
        ) : null}
        {result ? (
          <div
            role="status"
            aria-label="Test result"
            className={
              result.detected
                ? "flex gap-2 rounded-lg border border-success/40 bg-success/10 p-3 text-sm"
                : "flex gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
            }
          >
            {result.detected ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            ) : (
              <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
            )}
            <div className="grid min-w-0 gap-1">
              <p className="font-medium">{result.detected ? "Call detected" : "Call not detected"}</p>
              <p className="break-words">{result.message}</p>
              {result.detected && result.duration !== null ? (
                <p className="tabular-nums">Duration: {result.duration} seconds</p>
              ) : null}
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
