import { PageHeader } from "@web/components/page-header";
import { Card, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { ApiError, serverMessage } from "@web/lib/api";
import { ShieldOff } from "lucide-react";
import { QueryGate } from "@web/components/query-gate";
import { DetectCard } from "./detect-card";
import { StatusCard } from "./status-card";
import { SystemInfoCard } from "./system-info-card";
import { TrackingCard } from "./tracking-card";
import { usePlatformInfo } from "./use-platform-detection";

/**
 * Platform Detection: it inspects the computer that runs
 * Minutely and names it (docs/decisions.md D13). Signed out, the route shows Access Denied (routes.tsx).
 * Signed in without access (PLATFORM_DETECTION: administrators only by default, or off), the server's
 * 403 says why and what an operator sets; the page shows that sentence and asks for nothing else.
 */
export default function PlatformDetectionPage() {
  const info = usePlatformInfo();
  const refusal = info.error instanceof ApiError && info.error.status === 403 ? serverMessage(info.error, "") : null;
  if (refusal) return <DetectionRefused message={refusal} />;
  return (
    <>
      <PageHeader
        title="Platform Detection"
        description={
          <QueryGate
            query={info}
            loading="Detect which meeting platform is active."
            errorMessage="Detect which meeting platform is active."
          >
            {(data) => (
              <>
                This page inspects <strong className="break-all text-foreground">{data.computer.hostname}</strong>, the computer
                that runs Minutely.
              </>
            )}
          </QueryGate>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="grid gap-6">
          <SystemInfoCard />
          <TrackingCard />
        </div>
        <div className="grid gap-6">
          <DetectCard />
          <StatusCard />
        </div>
      </div>
    </>
  );
}

/** Why this page is off for this account (docs/security.md): the server's sentence, word for word. */
function DetectionRefused({ message }: { message: string }) {
  return (
    <>
      <PageHeader title="Platform Detection" description="Detect which meeting platform is active." />
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <ShieldOff className="size-5 text-muted-foreground" aria-hidden="true" />
            Platform detection is not available to you
          </CardTitle>
          <CardDescription role="status">{message}</CardDescription>
        </CardHeader>
      </Card>
    </>
  );
}
