import { PageHeader } from "@web/components/page-header";
import { QueryGate } from "@web/components/query-gate";
import { DetectCard } from "./detect-card";
import { StatusCard } from "./status-card";
import { SystemInfoCard } from "./system-info-card";
import { TrackingCard } from "./tracking-card";
import { usePlatformInfo } from "./use-platform-detection";

/**
 * Platform Detection (spec 001 /platform-detection; issue 14 §5): it inspects the computer that runs
 * Minutely and names it (docs/decisions.md D13). Signed out, the route shows Access Denied (routes.tsx).
 */
export default function PlatformDetectionPage() {
  const info = usePlatformInfo();
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
