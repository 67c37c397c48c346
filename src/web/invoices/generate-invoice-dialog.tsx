import { type CallJson, callTypeLabel } from "@core/contracts/calls";
import { AT_LEAST_ONE_CALL } from "@core/contracts/invoices";
import { formatDurationHms } from "@core/duration";
import { formatDecimalMoney, formatMoney, parseDecimalToCents } from "@core/money";
import { dateRangeLabel } from "@core/period";
import { Check, FileText } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { LoadMore } from "@web/components/load-more";
import { Skeleton } from "@web/components/ui/skeleton";
import { Spinner } from "@web/components/ui/spinner";
import { useAuth } from "@web/hooks/use-auth";
import { queryKeys } from "@web/lib/query-keys";
import { usePagedList } from "@web/lib/use-paged-list";
import { useGenerateInvoice } from "./use-invoices";

/** The fields of a call the dialog lists (a CallJson or ClientCallResponse fits). */
export type InvoiceableCall = {
  id: number;
  callType: string;
  duration: number;
  /** Absent for a role that does not see amounts (never one that invoices). */
  amount?: string | undefined;
  startTime: string;
  invoiceId: number | null;
};

/**
 * What the dialog bills: the chosen call(s), or every unbilled call of the period on screen, which the
 * server picks itself (its count and total summed by the server; the list shows them a page at a time).
 */
export type InvoiceSelection = { kind: "calls"; calls: InvoiceableCall[] } | { kind: "unbilled"; count: number; amount: string };

type GenerateInvoiceDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  client: { id: number; name: string };
  selection: InvoiceSelection;
  /** The client log's period (calendar days); the invoice covers at least these days. */
  period?: { startDate: string; endDate: string };
  onGenerated?: () => void;
};

/** Rows of unbilled calls the dialog loads at a time. */
const DIALOG_PAGE_SIZE = 50;

/**
 * The client log's "Generate Invoice" dialog: the selected call(s) with
 * type, duration and amount, client, period, count and total; Cancel / Generate Invoice.
 */
export function GenerateInvoiceDialog({
  open,
  onOpenChange,
  client,
  selection,
  period,
  onGenerated,
}: GenerateInvoiceDialogProps) {
  const { user } = useAuth();
  const currency = user?.currency ?? "usd";
  const generate = useGenerateInvoice(() => {
    onGenerated?.();
    onOpenChange(false);
  });
  const unbilledPeriod = selection.kind === "unbilled" && period ? period : null;
  const unbilled = usePagedList<CallJson>(
    queryKeys.callsPage(
      unbilledPeriod
        ? `clientId=${client.id}&startDate=${unbilledPeriod.startDate}&endDate=${unbilledPeriod.endDate}&billing=unbilled&limit=${DIALOG_PAGE_SIZE}`
        : "",
    ),
    { enabled: unbilledPeriod !== null },
  );
  const calls: InvoiceableCall[] = selection.kind === "calls" ? selection.calls : unbilled.items;
  const count = selection.kind === "calls" ? selection.calls.length : selection.count;
  const totalCents =
    selection.kind === "calls"
      ? selection.calls.reduce((sum, call) => sum + (parseDecimalToCents(call.amount ?? 0) ?? 0), 0)
      : (parseDecimalToCents(selection.amount) ?? 0);
  const submit = () =>
    generate.mutate(
      selection.kind === "calls"
        ? {
            clientId: client.id,
            callIds: selection.calls.map((call) => call.id),
            dateFrom: period?.startDate,
            dateTo: period?.endDate,
          }
        : { clientId: client.id, unbilledCallsInPeriod: true, dateFrom: period?.startDate, dateTo: period?.endDate },
    );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Generate Invoice</DialogTitle>
          <DialogDescription>
            {client.name}
            {period ? ` · ${dateRangeLabel(period.startDate, period.endDate)}` : ""} · {count.toLocaleString("en-US")}{" "}
            {count === 1 ? "call" : "calls"}
          </DialogDescription>
        </DialogHeader>
        {count === 0 ? (
          <p className="text-sm text-destructive" role="alert">
            {AT_LEAST_ONE_CALL}
          </p>
        ) : (
          <div className="grid gap-2">
            <ul className="flex max-h-72 flex-col divide-y overflow-y-auto rounded-lg border" aria-label="Calls to invoice">
              {calls.map((call) => (
                <li key={call.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium">{callTypeLabel(call.callType)}</p>
                    <p className="text-muted-foreground tabular-nums">{formatDurationHms(call.duration)}</p>
                  </div>
                  <span className="font-medium tabular-nums">{formatDecimalMoney(call.amount, currency)}</span>
                </li>
              ))}
              {selection.kind === "unbilled" && unbilled.isLoading ? (
                <li className="px-3 py-2">
                  <Skeleton className="h-8 w-full" />
                </li>
              ) : null}
            </ul>
            {selection.kind === "unbilled" ? (
              <LoadMore
                shown={calls.length}
                total={count}
                noun="calls"
                hasMore={unbilled.hasNextPage}
                isLoading={unbilled.isFetchingNextPage}
                onLoadMore={() => void unbilled.fetchNextPage()}
              />
            ) : null}
          </div>
        )}
        <div className="flex items-center justify-between border-t pt-3 text-sm">
          <span className="text-muted-foreground">Total</span>
          <span className="text-base font-semibold tabular-nums">{formatMoney(totalCents, currency)}</span>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={generate.isPending || count === 0} onClick={submit}>
            {generate.isPending ? <Spinner /> : <FileText aria-hidden="true" />}
            Generate Invoice
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Per call in the client log: "Get Invoice", or a disabled "Invoiced" once the call is on an invoice (it cannot be billed twice). */
export function GetInvoiceButton({ call, onClick }: { call: Pick<InvoiceableCall, "invoiceId">; onClick: () => void }) {
  if (call.invoiceId !== null) {
    return (
      <Button variant="outline" size="sm" disabled title="This call is already on an invoice">
        <Check aria-hidden="true" />
        Invoiced
      </Button>
    );
  }
  return (
    <Button variant="outline" size="sm" onClick={onClick}>
      <FileText aria-hidden="true" />
      Get Invoice
    </Button>
  );
}
