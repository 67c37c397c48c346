import type { InvoiceJson } from "@core/contracts/invoices";
import { emailAddress } from "@core/contracts/common";
import { formatDecimalMoney } from "@core/money";
import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@web/components/ui/form";
import { Input } from "@web/components/ui/input";
import { Spinner } from "@web/components/ui/spinner";
import { useSendInvoice } from "./use-invoices";

const sendForm = z.object({ to: emailAddress });

/**
 * Send (drafts only): the PDF is mailed to the client's own address, shown and editable here;
 * when the client has none on file, the user types one (docs/decisions.md D9).
 */
export function SendInvoiceDialog({
  invoice,
  onOpenChange,
}: {
  invoice: InvoiceJson | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={invoice !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Send invoice {invoice?.invoiceNumber}</DialogTitle>
          <DialogDescription>
            {invoice
              ? `The PDF for ${formatDecimalMoney(invoice.total, invoice.currency)} is emailed to ${invoice.clientName} and the invoice is marked as sent.`
              : null}
          </DialogDescription>
        </DialogHeader>
        {invoice ? <SendForm key={invoice.id} invoice={invoice} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function SendForm({ invoice, onDone }: { invoice: InvoiceJson; onDone: () => void }) {
  const send = useSendInvoice(onDone);
  const form = useForm({ resolver: zodResolver(sendForm), defaultValues: { to: invoice.clientEmail ?? "" } });
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(({ to }) => send.mutate({ invoice, to }))} className="flex flex-col gap-4" noValidate>
        <FormField
          control={form.control}
          name="to"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Client email</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" placeholder="billing@client.com" autoFocus {...field} />
              </FormControl>
              {invoice.clientEmail ? null : (
                <FormDescription>
                  {invoice.clientName} has no email address on file. Enter the address to send the invoice to.
                </FormDescription>
              )}
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? <Spinner /> : <Send aria-hidden="true" />}
            Send invoice
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
