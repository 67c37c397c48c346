import { and, eq } from "drizzle-orm";
import type { InvoiceActionResponse } from "../../core/contracts/invoices.js";
import { conflict } from "../../core/errors.js";
import { requireTransition } from "../../core/invoices.js";
import type { JobSend } from "../jobs/job-types.js";
import { queueAccountingPush } from "../accounting/sync/invoice-changes.js";
import type { Db } from "../db/client.js";
import { invoices } from "../db/schema/index.js";
import { getInvoice, invoiceInAccount } from "./get-invoice.js";
import { presentInvoice } from "./invoice-presenter.js";

/** sent → paid (core/invoices.ts). The status check is repeated in the UPDATE so a concurrent change cannot slip through. */
export async function markInvoicePaid(
  db: Db,
  options: { accountId: number; invoiceId: number; now: Date; send?: JobSend | null },
): Promise<InvoiceActionResponse> {
  const { accountId, invoiceId, now } = options;
  const { invoice, client } = await getInvoice(db, accountId, invoiceId);
  const move = requireTransition(invoice, "markPaid");
  const [updated] = await db
    .update(invoices)
    .set({ status: move.to, paidAt: now, updatedAt: now })
    .where(and(invoiceInAccount(accountId, invoiceId), eq(invoices.status, move.from)))
    .returning();
  if (!updated) throw conflict(`Invoice ${invoice.invoiceNumber} was changed meanwhile; refresh and check its status`);
  // Paid here: a payment in every accounting system that has the invoice (docs/accounting.md). A queue failure
  // does not undo the payment; the next sync run pushes it anyway.
  await queueAccountingPush(db, options.send ?? null, { accountId, invoiceId }).catch(() => 0);
  return { invoice: presentInvoice(updated, client), message: `Invoice ${invoice.invoiceNumber} marked as paid` };
}
