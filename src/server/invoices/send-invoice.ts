import { and, eq } from "drizzle-orm";
import type { InvoiceActionResponse } from "../../core/contracts/invoices.js";
import { AppError, conflict } from "../../core/errors.js";
import { requireTransition } from "../../core/invoices.js";
import type { UserRow } from "../auth/sessions.js";
import type { Db } from "../db/client.js";
import { invoices } from "../db/schema/index.js";
import { getInvoice, invoiceInAccount } from "./get-invoice.js";
import { composeInvoiceMail } from "./invoice-mail-text.js";
import { assertMailConfigured, sendInvoiceMail } from "./invoice-mailer.js";
import { presentInvoice } from "./invoice-presenter.js";
import { loadInvoiceDocument } from "./pdf/load-invoice-document.js";
import { renderInvoicePdf } from "./pdf/render-invoice-pdf.js";

/**
 * Mails a draft invoice's PDF to the client's own address (or `to`) and marks it sent
 * (docs/decisions.md D9). Nothing changes unless the mail server accepted the message: no SMTP
 * configured (503), no address (400), a refusing server (502) all leave the draft as it was.
 */
export async function sendInvoice(
  db: Db,
  options: {
    accountId: number;
    user: UserRow;
    invoiceId: number;
    to: string | null;
    smtp: { url?: string; from: string };
    now: Date;
  },
): Promise<InvoiceActionResponse> {
  const { accountId, invoiceId, now } = options;
  const { invoice, client } = await getInvoice(db, accountId, invoiceId);
  const move = requireTransition(invoice, "send");
  assertMailConfigured(options.smtp);
  const recipient = options.to ?? client.email;
  if (!recipient) {
    throw new AppError(
      "bad_request",
      `${client.name} has no email address on file. Enter the address to send invoice ${invoice.invoiceNumber} to.`,
    );
  }

  const document = await loadInvoiceDocument(db, { accountId, invoiceId, user: options.user });
  const pdf = await renderInvoicePdf(document);
  await sendInvoiceMail(options.smtp, {
    ...composeInvoiceMail(document),
    to: recipient,
    replyTo: options.user.email,
    attachment: { filename: `${invoice.invoiceNumber}.pdf`, content: pdf },
  });

  const [updated] = await db
    .update(invoices)
    .set({ status: move.to, sentTo: recipient, sentAt: now, updatedAt: now })
    .where(and(invoiceInAccount(accountId, invoiceId), eq(invoices.status, move.from)))
    .returning();
  if (!updated)
    throw conflict(`Invoice ${invoice.invoiceNumber} was changed while it was being sent; refresh and check its status`);
  return { invoice: presentInvoice(updated, client), message: `Invoice ${invoice.invoiceNumber} sent to ${recipient}` };
}
