import type { AccountingRecordJson } from "@core/contracts/financial-integrations";
import { placeholderKeys } from "@web/clients/placeholder-keys";
import { QueryGate } from "@web/components/query-gate";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Skeleton } from "@web/components/ui/skeleton";
import { useAuth } from "@web/hooks/use-auth";
import { formatEventTime } from "@web/integrations/phone/toast-text";
import { ListChecks } from "lucide-react";
import { useState } from "react";
import { useInvoiceSyncResults } from "./use-financial-integrations";

const STATE_BADGES = {
  synced: { label: "Synced", variant: "success" },
  pending: { label: "Pending", variant: "secondary" },
  failed: { label: "Failed", variant: "destructive" },
} as const;

const th = "px-3 py-2 font-medium";
const td = "px-3 py-2 align-top";

/** The card's Invoices button and the dialog it opens (a table needs more width than a card has). */
export function InvoiceResultsButton(props: { integrationRecordId: number; providerName: string; runActive: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <ListChecks aria-hidden="true" />
        Invoices
        <span className="sr-only"> synced to {props.providerName}</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-3xl">
          <DialogHeader>
            <DialogTitle>Invoices synced to {props.providerName}</DialogTitle>
            <DialogDescription>
              Each invoice's {props.providerName} ID, whether it synced, and the error {props.providerName} gave when it did not.
            </DialogDescription>
          </DialogHeader>
          {open ? <InvoiceSyncResults {...props} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * Per-invoice results of one connection (docs/accounting.md): each invoice's number, the provider's id
 * for it, whether it synced, and the provider's words when it did not.
 */
export function InvoiceSyncResults({
  integrationRecordId,
  providerName,
  runActive,
}: {
  integrationRecordId: number;
  providerName: string;
  runActive: boolean;
}) {
  const results = useInvoiceSyncResults(integrationRecordId, runActive);
  return (
    <QueryGate
      query={results}
      loading={
        <div className="grid gap-2" role="status" aria-label="Loading invoice results">
          {placeholderKeys(3).map((key) => (
            <Skeleton key={key} className="h-9 w-full" />
          ))}
        </div>
      }
      errorMessage="The invoice results could not be loaded."
      isEmpty={(rows) => rows.length === 0}
      empty={
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          No invoices synced yet. Sync Now sends your sent, paid and voided invoices to {providerName}.
        </p>
      }
    >
      {(rows) => <ResultsTable rows={rows} providerName={providerName} />}
    </QueryGate>
  );
}

function ResultsTable({ rows, providerName }: { rows: AccountingRecordJson[]; providerName: string }) {
  const { user } = useAuth();
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full min-w-[32rem] text-sm">
        <caption className="sr-only">Invoices synced to {providerName}</caption>
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            <th className={th}>Invoice</th>
            <th className={th}>{providerName} ID</th>
            <th className={th}>State</th>
            <th className={th}>Synced</th>
            <th className={th}>Error</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((row) => {
            const state = STATE_BADGES[row.state];
            return (
              <tr key={`${row.entity}-${row.localId}`} data-testid="invoice-sync-result">
                <td className={`${td} font-medium whitespace-nowrap`}>{row.label}</td>
                <td className={`${td} font-mono text-xs whitespace-nowrap`}>{row.remoteId ?? "—"}</td>
                <td className={td}>
                  <Badge variant={state.variant}>{state.label}</Badge>
                </td>
                <td className={`${td} whitespace-nowrap tabular-nums`}>
                  {row.syncedAt ? formatEventTime(row.syncedAt, user?.timezone) : "—"}
                </td>
                <td className={`${td} break-words text-muted-foreground`}>{row.lastError ?? ""}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
