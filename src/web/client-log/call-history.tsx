import { callTypeLabel, type CallJson, platformLabel } from "@core/contracts/calls";
import { formatDurationHms } from "@core/duration";
import type { ReactNode } from "react";
import { Badge } from "@web/components/ui/badge";
import { formatDecimalMoney } from "@core/money";
import { formatInstant } from "@web/clients/format-instant";
import { HistoryButton } from "@web/audit/record-history-dialog";
import { CallRowMenu } from "./call-row-menu";
import { HistoryList } from "./history-list";
import { type HistoryContext, HistoryRow } from "./history-row";

/** "Call History - {period}": type, raw and billed duration, amount, start, notes, Invoiced badge. */
export function CallHistory({
  calls,
  context,
  renderCallActions,
  actions,
  footer,
}: {
  calls: CallJson[];
  context: HistoryContext;
  renderCallActions?: (call: CallJson) => ReactNode;
  actions?: ReactNode;
  footer?: ReactNode;
}) {
  const { currency, timezone } = context;
  return (
    <HistoryList
      name="Call History"
      context={context}
      emptyText="No calls found for this period"
      count={calls.length}
      actions={actions}
      footer={footer}
    >
      {calls.map((call) => (
        <HistoryRow
          key={call.id}
          testId="call-row"
          figures={
            call.active
              ? undefined
              : {
                  amount: call.amount === undefined ? undefined : formatDecimalMoney(call.amount, currency),
                  duration: (
                    <>
                      {formatDurationHms(call.duration)}
                      {call.billedDuration !== call.duration ? (
                        <span className="block text-xs">billed {formatDurationHms(call.billedDuration)}</span>
                      ) : null}
                    </>
                  ),
                }
          }
          invoiced={call.invoiceId !== null}
          invoicedTitle="This call is on an invoice and cannot be invoiced again"
          lockedActions={
            <HistoryButton kind="calls" id={call.id} name={`the ${callTypeLabel(call.callType).toLowerCase()} call`} size="sm" />
          }
          actions={
            <>
              {call.active ? <Badge variant="destructive">Recording</Badge> : renderCallActions?.(call)}
              <CallRowMenu call={call} />
            </>
          }
        >
          <p className="font-medium">
            {callTypeLabel(call.callType)}
            <span className="font-normal text-muted-foreground"> · {platformLabel(call.platform)}</span>
          </p>
          <p className="text-sm text-muted-foreground tabular-nums">{formatInstant(call.startTime, timezone)}</p>
          {call.notes ? <p className="mt-1 whitespace-pre-line text-sm">{call.notes}</p> : null}
        </HistoryRow>
      ))}
    </HistoryList>
  );
}
