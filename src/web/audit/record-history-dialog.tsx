import type { AuditEventJson, RecordHistory } from "@core/contracts/audit";
import { formatDurationHms } from "@core/duration";
import { useQuery } from "@tanstack/react-query";
import { formatInstant } from "@web/clients/format-instant";
import { QueryGate } from "@web/components/query-gate";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Skeleton } from "@web/components/ui/skeleton";
import { useAuth } from "@web/hooks/use-auth";
import { queryKeys } from "@web/lib/query-keys";
import { History } from "lucide-react";
import { type ReactNode, useState } from "react";
import { AuditChanges, AuditEventItem, actorText } from "./audit-event-item";

type HistoryKind = "clients" | "calls" | "invoices";

/**
 * "History" of one client, call or invoice (docs/audit-trail.md): every recorded change, oldest first, with
 * who made it, from where, and each field before and after. A call's History puts its raw and billed
 * time side by side after every change, so a bill can be checked against what was captured.
 */
export function RecordHistoryDialog({
  kind,
  id,
  name,
  open,
  onOpenChange,
}: {
  kind: HistoryKind;
  id: number;
  /** What the record is called in the dialog's title ("Acme Corp", "INV-0004", "the consultation call"). */
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { user } = useAuth();
  const timezone = user?.timezone ?? "UTC";
  const history = useQuery<RecordHistory | null>({ queryKey: queryKeys.recordHistory(kind, id), enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>History of {name}</DialogTitle>
          <DialogDescription>
            Every change, oldest first: who made it, when, from where, and what it was before.
          </DialogDescription>
        </DialogHeader>
        <QueryGate
          query={history}
          loading={<Skeleton className="h-40 w-full" />}
          errorMessage="The history could not be loaded."
          isEmpty={(data) => !data || data.events.length === 0}
          empty={<p className="text-sm text-muted-foreground">No change recorded yet: this record predates the audit trail.</p>}
        >
          {(data) =>
            kind === "calls" ? (
              <CallTimesTable events={data?.events ?? []} timezone={timezone} />
            ) : (
              <ol className="divide-y">
                {(data?.events ?? []).map((event) => (
                  <AuditEventItem key={event.id} event={event} timezone={timezone} />
                ))}
              </ol>
            )
          }
        </QueryGate>
      </DialogContent>
    </Dialog>
  );
}

/** A call's changes as rows, its raw and billed time after each one in two columns. */
function CallTimesTable({ events, timezone }: { events: AuditEventJson[]; timezone: string }) {
  const seconds = (value: number | undefined) => (value === undefined ? "—" : formatDurationHms(value));
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section className="overflow-x-auto rounded-lg border" aria-label="Raw and billed time across edits" tabIndex={0}>
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">The call's raw and billed time after each change</caption>
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              When and who
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Change
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Raw time
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Billed time
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {events.map((event) => (
            <tr key={event.id} data-testid="call-history-row">
              <td className="px-3 py-2 align-top">
                <time dateTime={event.at} className="whitespace-nowrap tabular-nums">
                  {formatInstant(event.at, timezone, "MMM d, yyyy HH:mm:ss")}
                </time>
                <p className="text-xs text-muted-foreground break-words">{actorText(event)}</p>
              </td>
              <td className="px-3 py-2 align-top">
                <p className="font-medium">{event.summary}</p>
                <AuditChanges event={event} />
              </td>
              <td className="px-3 py-2 text-right align-top tabular-nums whitespace-nowrap">
                {seconds(event.callTimes?.rawSeconds)}
              </td>
              <td className="px-3 py-2 text-right align-top tabular-nums whitespace-nowrap">
                {seconds(event.callTimes?.billedSeconds)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A "History" button that opens the record's History. */
export function HistoryButton({
  kind,
  id,
  name,
  size = "default",
  children,
}: {
  kind: HistoryKind;
  id: number;
  name: string;
  size?: "default" | "sm";
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size={size} onClick={() => setOpen(true)} aria-label={`History of ${name}`}>
        <History aria-hidden="true" />
        {children ?? "History"}
      </Button>
      <RecordHistoryDialog kind={kind} id={id} name={name} open={open} onOpenChange={setOpen} />
    </>
  );
}
