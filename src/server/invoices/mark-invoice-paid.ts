import { and, eq } from "drizzle-orm";
import type { InvoiceActionResponse } from "../../core/contracts/invoices.js";
import { conflict } from "../../core/errors.js";
import { requireTransition } from "../../core/invoices.js";
import type { JobQueue } from "../jobs/job-queue.js";
import { queueAccountingPush, wakeAccountingPush } from "../accounting/sync/invoice-changes.js";
import type { Db } from "../db/client.js";
import { invoices } from "../db/schema/index.js";
import { getInvoice, invoiceInAccount } from "./get-invoice.js";
import { presentInvoice } from "./invoice-presenter.js";

/** sent → paid (core/invoices.ts). The status check is repeated in the UPDATE so a concurrent change cannot slip through. */
export async function markInvoicePaid(
  db: Db,
  options: { accountId: number; invoiceId: number; now: Date; jobs?: JobQueue | null },
): Promise<InvoiceActionResponse> {
  const { accountId, invoiceId, now } = options;
  const jobs = options.jobs ?? null;
  const { invoice, client } = await getInvoice(db, accountId, invoiceId);
  const move = requireTransition(invoice, "markPaid");
  const { updated, pushes } = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(invoices)
      .set({ status: move.to, paidAt: now, updatedAt: now })
      .where(and(invoiceInAccount(accountId, invoiceId), eq(invoices.status, move.from)))
      .returning();
    if (!row) throw conflict(`Invoice ${invoice.invoiceNumber} was changed meanwhile; refresh and check its status`);
    // Paid here: a payment in every accounting system that has the invoice (docs/accounting.md), queued
    // with the change so neither commits without the other.
    return { updated: row, pushes: await queueAccountingPush(tx, jobs, { accountId, invoiceId }) };
  });
  wakeAccountingPush(jobs, pushes);
  return { invoice: presentInvoice(updated, client), message: `Invoice ${invoice.invoiceNumber} marked as paid` };
}
