import { callTypeLabel, type CallJson, platformLabel } from "@core/contracts/calls";
import { formatDurationHms } from "@core/duration";
import type { ReactNode } from "react";
import { Badge } from "@web/components/ui/badge";
import { formatDecimalMoney } from "@core/money";
import { formatInstant } from "@web/clients/format-instant";
import { CallRowMenu } from "./call-row-menu";
import { HistoryList } from "./history-list";

/** "Call History - {period}" (spec 000 §2.6): type, raw and billed duration, amount, start, notes, Invoiced badge. */
export function CallHistory({
  calls,
  isLoading,
  isError,
  periodLabel,
  rangeLabel,
  currency,
  timezone,
  renderCallActions,
  actions,
}: {
  calls: CallJson[];
  isLoading: boolean;
  isError: boolean;
  periodLabel: string;
  rangeLabel: string;
  currency: string;
  timezone: string;
  renderCallActions?: (call: CallJson) => ReactNode;
  actions?: ReactNode;
}) {
  return (
    <HistoryList
      title={`Call History - ${periodLabel}`}
      rangeLabel={rangeLabel}
      isLoading={isLoading}
      isError={isError}
      emptyText="No calls found for this period"
      count={calls.length}
      actions={actions}
    >
      {calls.map((call) => (
        <li key={call.id} className="flex flex-wrap items-start justify-between gap-3 px-4 py-3" data-testid="call-row">
          <div className="min-w-0 flex-1">
            <p className="font-medium">
              {callTypeLabel(call.callType)}
              <span className="font-normal text-muted-foreground"> · {platformLabel(call.platform)}</span>
            </p>
            <p className="text-sm text-muted-foreground tabular-nums">{formatInstant(call.startTime, timezone)}</p>
            {call.notes ? <p className="mt-1 whitespace-pre-line text-sm">{call.notes}</p> : null}
          </div>
          <div className="flex shrink-0 items-center gap-3">
            {call.active ? null : (
              <div className="text-right tabular-nums">
                <p className="font-medium">{formatDecimalMoney(call.amount, currency)}</p>
                <p className="text-sm text-muted-foreground">
                  {formatDurationHms(call.duration)}
                  {call.billedDuration !== call.duration ? <span className="block text-xs">billed {formatDurationHms(call.billedDuration)}</span> : null}
                </p>
              </div>
            )}
            {call.invoiceId !== null ? (
              <Badge variant="secondary" aria-disabled="true" title="This call is on an invoice and cannot be invoiced again">
                Invoiced
              </Badge>
            ) : (
              <>
                {call.active ? <Badge variant="destructive">Recording</Badge> : renderCallActions?.(call)}
                <CallRowMenu call={call} />
              </>
            )}
          </div>
        </li>
      ))}
    </HistoryList>
  );
}
