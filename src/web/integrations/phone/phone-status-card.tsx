import { QueryError } from "@web/components/query-gate";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { serverMessage } from "@web/lib/api";
import { useIntegrationStatus } from "../use-phone-integration";
import { ActiveBadge } from "./status-badge";

const ROWS = [
  { key: "phone", label: "Phone System" },
  { key: "mobile", label: "Mobile" },
  { key: "landline", label: "Landline" },
] as const;

/** /phone-integration: Phone System, Mobile and Landline, each Active once a real event arrived. */
export function PhoneStatusCard() {
  const status = useIntegrationStatus();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Integration Status</CardTitle>
        <CardDescription>Active once Minutely has received a real call or text through it.</CardDescription>
      </CardHeader>
      <CardContent>
        {status.data === undefined && !status.isLoading ? (
          <QueryError
            message={serverMessage(status.error, "The integration status could not be loaded.")}
            onRetry={() => status.refetch()}
          />
        ) : (
          <ul aria-label="Integration status" className="grid gap-3 sm:grid-cols-3">
            {ROWS.map((row) => (
              <li key={row.key} className="flex items-center justify-between gap-3 rounded-lg border p-3">
                <span className="text-sm font-medium">{row.label}</span>
                {status.data ? (
                  <ActiveBadge active={status.data[row.key]} />
                ) : (
                  <Skeleton className="h-5 w-14" aria-hidden="true" />
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
