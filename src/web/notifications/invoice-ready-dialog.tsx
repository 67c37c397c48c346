import { callTypeLabel } from "@core/contracts/calls";
import { emailAddress } from "@core/contracts/common";
import type { InvoiceReadyData, NotificationActionResponse, NotificationJson } from "@core/contracts/notifications";
import { formatInvoiceDate } from "@core/invoices";
import { formatDecimalMoney } from "@core/money";
import { Clock, Send } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Spinner } from "@web/components/ui/spinner";
import { toast } from "@web/hooks/use-toast";
import { apiJson, serverMessage } from "@web/lib/api";
import { generateInvoice } from "@web/invoices/use-invoices";
import { refreshAfter } from "@web/lib/query-refresh";

/**
 * The invoice generated for a notification, kept for the session: if sending fails after the
 * invoice was made, trying again sends that same invoice instead of refusing a second one.
 */
const generatedFor = new Map<number, { invoiceId: number; invoiceNumber: string }>();

type Step = "idle" | "save" | "send";

/**
 * "Invoice Ready": Save for Later and Send Now both generate the invoice for the
 * notification's call (POST /api/invoices/generate), then keep it as a draft or mail it to the
 * client's own address (docs/decisions.md D9), asking for one when the client has none.
 */
export function InvoiceReadyDialog({
  notification,
  data,
  onOpenChange,
}: {
  notification: NotificationJson;
  data: InvoiceReadyData;
  onOpenChange: (open: boolean) => void;
}) {
  const emailId = useId();
  const [email, setEmail] = useState(data.clientEmail ?? "");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>("idle");
  const amount = formatDecimalMoney(data.amount, data.currency);

  async function ensureInvoice(): Promise<{ invoiceId: number; invoiceNumber: string } | null> {
    const known = generatedFor.get(notification.id);
    if (known) return known;
    try {
      const result = await generateInvoice({
        clientId: data.clientId,
        callIds: [data.callId],
        dateFrom: data.callDate,
        dateTo: data.callDate,
      });
      const entry = { invoiceId: result.invoice.id, invoiceNumber: result.invoiceNumber };
      generatedFor.set(notification.id, entry);
      return entry;
    } catch (error) {
      toast({
        title: "Failed to generate invoice",
        description: serverMessage(error, "Failed to generate invoice"),
        variant: "destructive",
      });
      return null;
    }
  }

  async function handleSave() {
    setStep("save");
    try {
      const invoice = await ensureInvoice();
      if (!invoice) return;
      const result = await apiJson<NotificationActionResponse>("POST", `/api/notifications/${notification.id}/save-invoice`, {
        invoiceId: invoice.invoiceId,
      });
      generatedFor.delete(notification.id);
      await refreshAfter("notification.invoiceSaved");
      toast({ title: "Saved", description: result.message });
      onOpenChange(false);
    } catch (error) {
      toast({
        title: "Failed to save invoice",
        description: serverMessage(error, "Failed to save invoice"),
        variant: "destructive",
      });
    } finally {
      setStep("idle");
    }
  }

  async function handleSend() {
    const parsed = emailAddress.safeParse(email);
    if (!parsed.success) {
      setEmailError(
        email.trim() ? "Please enter a valid email address" : `Enter ${data.clientName}'s email address to send the invoice`,
      );
      return;
    }
    setEmailError(null);
    setStep("send");
    try {
      const invoice = await ensureInvoice();
      if (!invoice) return;
      const result = await apiJson<NotificationActionResponse>("POST", `/api/notifications/${notification.id}/send-invoice`, {
        invoiceId: invoice.invoiceId,
        clientEmail: parsed.data,
      });
      generatedFor.delete(notification.id);
      await refreshAfter("notification.invoiceSent");
      toast({ title: "Invoice Sent", description: result.message });
      onOpenChange(false);
    } catch (error) {
      toast({
        title: "Failed to send invoice",
        description: serverMessage(error, "Failed to send invoice"),
        variant: "destructive",
      });
    } finally {
      setStep("idle");
    }
  }

  const busy = step !== "idle";
  return (
    <Dialog open onOpenChange={(open) => !busy && onOpenChange(open)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invoice Ready</DialogTitle>
          <DialogDescription>{notification.message}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg border p-4 text-sm">
          <div>
            <dt className="text-xs text-muted-foreground">Client</dt>
            <dd className="font-medium">{data.clientName}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Call</dt>
            <dd className="font-medium">{callTypeLabel(data.callType)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Date</dt>
            <dd className="font-medium tabular-nums">{formatInvoiceDate(data.callDate)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Duration</dt>
            <dd className="font-medium tabular-nums">{data.duration} min</dd>
          </div>
          <div className="col-span-2 flex items-baseline justify-between border-t pt-3">
            <dt className="text-muted-foreground">Amount</dt>
            <dd className="text-lg font-semibold tabular-nums">{amount}</dd>
          </div>
        </dl>
        <div className="flex flex-col gap-2">
          <Label htmlFor={emailId}>Send to</Label>
          <Input
            id={emailId}
            type="email"
            autoComplete="email"
            placeholder="billing@client.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${emailId}-error` : `${emailId}-hint`}
          />
          {emailError ? (
            <p id={`${emailId}-error`} className="text-sm text-destructive">
              {emailError}
            </p>
          ) : (
            <p id={`${emailId}-hint`} className="text-xs text-muted-foreground">
              {data.clientEmail
                ? `${data.clientName}'s address on file.`
                : `${data.clientName} has no email address on file; enter one to send now.`}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" disabled={busy} onClick={handleSave}>
            {step === "save" ? <Spinner /> : <Clock aria-hidden="true" />}
            Save for Later
          </Button>
          <Button disabled={busy} onClick={handleSend}>
            {step === "send" ? <Spinner /> : <Send aria-hidden="true" />}
            Send Now
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
