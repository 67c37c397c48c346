import type { InvoiceJson } from "@core/contracts/invoices";
import { useState } from "react";
import { PageHeader } from "@web/components/page-header";
import { DeleteInvoiceDialog, VoidInvoiceDialog } from "./confirm-invoice-dialogs";
import { InvoiceGeneratorCard } from "./invoice-generator-card";
import { RecentInvoices } from "./recent-invoices";
import { SendInvoiceDialog } from "./send-invoice-dialog";

/** Invoices: the generator on the left, Recent Invoices on the right. */
export default function InvoicesPage() {
  const [sending, setSending] = useState<InvoiceJson | null>(null);
  const [voiding, setVoiding] = useState<InvoiceJson | null>(null);
  const [deleting, setDeleting] = useState<InvoiceJson | null>(null);
  return (
    <>
      <PageHeader
        title="Invoices"
        description="Turn tracked calls and emails into PDF invoices, send them and follow them to paid."
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <InvoiceGeneratorCard onSend={setSending} />
        <RecentInvoices onSend={setSending} onVoid={setVoiding} onDelete={setDeleting} />
      </div>
      <SendInvoiceDialog invoice={sending} onOpenChange={(open) => !open && setSending(null)} />
      <VoidInvoiceDialog invoice={voiding} onOpenChange={(open) => !open && setVoiding(null)} />
      <DeleteInvoiceDialog invoice={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  );
}
