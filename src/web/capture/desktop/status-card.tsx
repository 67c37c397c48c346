import { MEETING_PLATFORMS, type PlatformStatusJson } from "@core/contracts/platform-detection";
import { QueryGate } from "@web/components/query-gate";
import { Badge } from "@web/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { PlatformIcon, platformName } from "./platform-icons";
import { usePlatformStatus } from "./use-platform-detection";

/** Status overview: each platform Active or Inactive, refreshed every 10 seconds. */
export function StatusCard() {
  const status = usePlatformStatus();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Platform Status</CardTitle>
        <CardDescription>Which meeting apps are running. Refreshed every 10 seconds.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryGate
          query={status}
          loading={
            <div className="grid gap-2" role="status" aria-label="Loading platform status">
              {MEETING_PLATFORMS.map((platform) => (
                <Skeleton key={platform} className="h-11 w-full" />
              ))}
            </div>
          }
          errorMessage="Platform status could not be loaded."
        >
          {(data) => <StatusList status={data} />}
        </QueryGate>
      </CardContent>
    </Card>
  );
}

function StatusList({ status }: { status: PlatformStatusJson }) {
  return (
    <div className="grid gap-2">
      <ul className="grid gap-2" aria-label="Platform status">
        {MEETING_PLATFORMS.map((platform) => {
          const active = status[platform];
          return (
            <li
              key={platform}
              className="flex items-center justify-between gap-3 rounded-md border px-3 py-2"
              data-platform={platform}
            >
              <span className="flex min-w-0 items-center gap-3">
                <PlatformIcon platform={platform} />
                <span className="truncate text-sm font-medium">{platformName(platform)}</span>
              </span>
              <Badge variant={active ? "success" : "secondary"}>{active ? "Active" : "Inactive"}</Badge>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-muted-foreground">
        {status.computer.hostname} · checked {new Date(status.checkedAt).toLocaleTimeString()}
      </p>
    </div>
  );
}
