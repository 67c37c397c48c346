import type { InvoiceJson } from "@core/contracts/invoices";
import { ConfirmDialog } from "@web/components/confirm-dialog";
import { useDeleteInvoice, useVoidInvoice } from "./use-invoices";

function itemsText(invoice: InvoiceJson): string {
  const parts = [];
  if (invoice.totalCalls) parts.push(`${invoice.totalCalls} ${invoice.totalCalls === 1 ? "call" : "calls"}`);
  if (invoice.totalEmails) parts.push(`${invoice.totalEmails} ${invoice.totalEmails === 1 ? "email" : "emails"}`);
  return parts.join(" and ") || "items";
}

/** Voiding a sent invoice: it stays on record but is no longer owed; its items can be billed again. */
export function VoidInvoiceDialog({
  invoice,
  onOpenChange,
}: {
  invoice: InvoiceJson | null;
  onOpenChange: (open: boolean) => void;
}) {
  const mutation = useVoidInvoice(() => onOpenChange(false));
  return (
    <ConfirmDialog
      open={invoice !== null}
      onOpenChange={onOpenChange}
      title={`Void invoice ${invoice?.invoiceNumber ?? ""}?`}
      description={
        <>
          A sent invoice is never edited. Voiding keeps {invoice?.invoiceNumber} on record, marked void, and makes its{" "}
          {invoice ? itemsText(invoice) : "items"} billable again so you can issue a corrected invoice.
        </>
      }
      confirmLabel="Void invoice"
      pending={mutation.isPending}
      destructive
      onConfirm={() => invoice && mutation.mutate({ invoice })}
    />
  );
}

/** Deleting a draft: it is removed and its calls and emails can be invoiced again (docs/decisions.md D10). */
export function DeleteInvoiceDialog({
  invoice,
  onOpenChange,
}: {
  invoice: InvoiceJson | null;
  onOpenChange: (open: boolean) => void;
}) {
  const mutation = useDeleteInvoice(() => onOpenChange(false));
  return (
    <ConfirmDialog
      open={invoice !== null}
      onOpenChange={onOpenChange}
      title={`Delete draft ${invoice?.invoiceNumber ?? ""}?`}
      description={`The draft is removed and its ${invoice ? itemsText(invoice) : "items"} can be invoiced again. This cannot be undone.`}
      confirmLabel="Delete draft"
      pending={mutation.isPending}
      destructive
      onConfirm={() => invoice && mutation.mutate(invoice)}
    />
  );
}
