import { and, eq } from "drizzle-orm";
import type { InvoiceActionResponse } from "../../core/contracts/invoices.js";
import { conflict } from "../../core/errors.js";
import { canTransition, transitionRefusal } from "../../core/invoices.js";
import type { Db } from "../db/client.js";
import { invoices } from "../db/schema/index.js";
import { getInvoice } from "./get-invoice.js";
import { presentInvoice } from "./invoice-presenter.js";

/** sent → paid. The status check is repeated in the UPDATE so a concurrent change cannot slip through. */
export async function markInvoicePaid(
  db: Db,
  options: { accountId: number; invoiceId: number; now: Date },
): Promise<InvoiceActionResponse> {
  const { accountId, invoiceId, now } = options;
  const { invoice, client } = await getInvoice(db, accountId, invoiceId);
  if (!canTransition(invoice.status, "markPaid"))
    throw conflict(transitionRefusal(invoice.invoiceNumber, invoice.status, "markPaid"));
  const [updated] = await db
    .update(invoices)
    .set({ status: "paid", paidAt: now, updatedAt: now })
    .where(and(eq(invoices.accountId, accountId), eq(invoices.id, invoiceId), eq(invoices.status, "sent")))
    .returning();
  if (!updated) throw conflict(`Invoice ${invoice.invoiceNumber} was changed meanwhile; refresh and check its status`);
  return { invoice: presentInvoice(updated, client), message: `Invoice ${invoice.invoiceNumber} marked as paid` };
}
