import type { MobileSettingsJson } from "@core/contracts/phone";
import { CheckCircle2, XCircle } from "lucide-react";
import { formatEventTime } from "./toast-text";

/**
 * How this mobile's calls reach Minutely, each with a check once an event of that kind has really
 * arrived (and when the last one did), else a cross and "No event yet".
 */
export function IntegrationMethodsList({
  methods,
  timeZone,
}: {
  methods: MobileSettingsJson["integrationMethods"];
  timeZone: string | undefined;
}) {
  return (
    <ul aria-label="Integration methods" className="grid gap-2">
      {methods.map((method) => (
        <li key={method.method} className="flex items-start gap-3 rounded-lg border p-3 text-sm">
          {method.success ? (
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          ) : (
            <XCircle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          )}
          <div className="grid min-w-0 gap-0.5">
            <span className="font-medium">
              {method.label}
              <span className="sr-only">{method.success ? ": working" : ": not working yet"}</span>
            </span>
            <span className="text-muted-foreground">
              {method.lastEventAt ? `Last event ${formatEventTime(method.lastEventAt, timeZone)}` : "No event yet"}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
