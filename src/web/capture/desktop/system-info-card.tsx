import type { PlatformInfoJson } from "@core/contracts/platform-detection";
import { QueryGate } from "@web/components/query-gate";
import { Badge } from "@web/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { CheckCircle2, XCircle } from "lucide-react";
import { PlatformIcon, platformName } from "./platform-icons";
import { usePlatformInfo } from "./use-platform-detection";

const OS_NAMES: Record<string, string> = { linux: "Linux", darwin: "macOS", win32: "Windows" };

/** System info: platform, architecture, supported flag, the platforms known, what can be inspected here. */
export function SystemInfoCard() {
  const info = usePlatformInfo();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">System Information</CardTitle>
        <CardDescription>The computer that runs Minutely, and what Minutely can see of it.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryGate
          query={info}
          loading={
            <div className="grid gap-3" role="status" aria-label="Loading system information">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-5 w-1/3" />
            </div>
          }
          errorMessage="System information could not be loaded."
        >
          {(data) => <SystemInfo info={data} />}
        </QueryGate>
      </CardContent>
    </Card>
  );
}

function SystemInfo({ info }: { info: PlatformInfoJson }) {
  const { processes, windowTitles } = info.inspects;
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Computer</dt>
        <dd className="break-all font-medium" data-testid="platform-hostname">
          {info.computer.hostname}
        </dd>
        <dt className="text-muted-foreground">Platform</dt>
        <dd className="font-medium">
          {OS_NAMES[info.platform] ?? info.platform} <span className="text-muted-foreground">({info.platform})</span>
        </dd>
        <dt className="text-muted-foreground">Architecture</dt>
        <dd className="font-medium">{info.arch}</dd>
        <dt className="text-muted-foreground">Supported</dt>
        <dd>
          {info.supported ? (
            <Badge variant="success">
              <CheckCircle2 aria-hidden="true" /> Supported
            </Badge>
          ) : (
            <Badge variant="destructive">
              <XCircle aria-hidden="true" /> Not supported
            </Badge>
          )}
        </dd>
        <dt className="text-muted-foreground">Processes</dt>
        <dd>{processes.available ? `Inspected (${processes.method})` : `Not inspected: ${processes.reason}`}</dd>
        <dt className="text-muted-foreground">Window titles</dt>
        <dd>{windowTitles.available ? `Inspected (${windowTitles.method})` : `Not inspected: ${windowTitles.reason}`}</dd>
      </dl>
      <div>
        <h3 className="mb-2 text-sm font-medium">Available platforms</h3>
        <ul className="flex flex-wrap gap-2" aria-label="Available platforms">
          {info.availablePlatforms.map((platform) => (
            <li key={platform} className="flex items-center gap-2 rounded-full border py-1 pr-3 pl-1 text-sm">
              <PlatformIcon platform={platform} className="size-6" />
              {platformName(platform)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
