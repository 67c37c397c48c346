import type { CallJson } from "@core/contracts/calls";
import { FileText } from "lucide-react";
import { useState } from "react";
import { type ClientLogContext, ClientLogView } from "@web/client-log/client-log-view";
import { Button } from "@web/components/ui/button";
import { GenerateInvoiceDialog, GetInvoiceButton, type InvoiceSelection } from "./generate-invoice-dialog";

type Selection = { selection: InvoiceSelection; context: ClientLogContext };

/**
 * The client log with the invoice feature's buttons in its slots: "Get
 * Invoice" on each unbilled call, "Generate Invoice" for every unbilled call of the period, both
 * opening the Generate Invoice dialog. Invoiced calls show the log's disabled "Invoiced" badge. The
 * period's count and total come from the server's period totals, and the server picks its calls
 * (the log holds only the pages shown).
 */
export function InvoicingClientLog({ initialClientId }: { initialClientId?: number }) {
  const [open, setOpen] = useState<Selection | null>(null);
  return (
    <>
      <ClientLogView
        initialClientId={initialClientId}
        renderCallActions={(call: CallJson, context) => (
          <GetInvoiceButton call={call} onClick={() => setOpen({ selection: { kind: "calls", calls: [call] }, context })} />
        )}
        renderHistoryActions={(totals, context) => {
          // No amount in the totals: a role that does not see rates, which cannot invoice either.
          if (!totals || totals.calls === 0 || totals.unbilledCallAmount === undefined) return null;
          const selection: InvoiceSelection = {
            kind: "unbilled",
            count: totals.unbilledCalls,
            amount: totals.unbilledCallAmount,
          };
          return (
            <Button size="sm" onClick={() => setOpen({ selection, context })}>
              <FileText aria-hidden="true" />
              Generate Invoice
            </Button>
          );
        }}
      />
      {open ? (
        <GenerateInvoiceDialog
          open
          onOpenChange={(isOpen) => !isOpen && setOpen(null)}
          client={open.context.client}
          selection={open.selection}
          period={{ startDate: open.context.startDate, endDate: open.context.endDate }}
        />
      ) : null}
    </>
  );
}
