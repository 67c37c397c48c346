import type { CallJson } from "@core/contracts/calls";
import { FileText } from "lucide-react";
import { useState } from "react";
import { type ClientLogContext, ClientLogView } from "@web/client-log/client-log-view";
import { Button } from "@web/components/ui/button";
import { GenerateInvoiceDialog, GetInvoiceButton } from "./generate-invoice-dialog";

type Selection = { calls: CallJson[]; context: ClientLogContext };

/** An ended call not yet on an invoice: the only kind the client log offers to bill. */
const invoiceable = (call: CallJson) => !call.active && call.invoiceId === null;

/**
 * The client log with the invoice feature's buttons in its slots (spec 000 §2.6, §2.7): "Get
 * Invoice" on each unbilled call, "Generate Invoice" for every unbilled call of the period, both
 * opening the Generate Invoice dialog. Invoiced calls show the log's disabled "Invoiced" badge.
 */
export function InvoicingClientLog({ initialClientId }: { initialClientId?: number }) {
  const [selection, setSelection] = useState<Selection | null>(null);
  return (
    <>
      <ClientLogView
        initialClientId={initialClientId}
        renderCallActions={(call, context) => (
          <GetInvoiceButton call={call} onClick={() => setSelection({ calls: [call], context })} />
        )}
        renderHistoryActions={(calls, context) => {
          const open = calls.filter(invoiceable);
          if (calls.length === 0) return null;
          return (
            <Button size="sm" onClick={() => setSelection({ calls: open, context })}>
              <FileText aria-hidden="true" />
              Generate Invoice
            </Button>
          );
        }}
      />
      {selection ? (
        <GenerateInvoiceDialog
          open
          onOpenChange={(open) => !open && setSelection(null)}
          client={selection.context.client}
          calls={selection.calls}
          period={{ startDate: selection.context.startDate, endDate: selection.context.endDate }}
        />
      ) : null}
    </>
  );
}
