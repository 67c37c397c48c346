import { and, eq } from "drizzle-orm";
import type { InvoiceActionResponse } from "../../core/contracts/invoices.js";
import { notFound } from "../../core/errors.js";
import { requireTransition } from "../../core/invoices.js";
import type { JobQueue } from "../jobs/job-queue.js";
import { queueAccountingPush, wakeAccountingPush } from "../accounting/sync/invoice-changes.js";
import type { Db } from "../db/client.js";
import { clients, invoiceItems, invoices } from "../db/schema/index.js";
import { invoiceInAccount } from "./get-invoice.js";
import { presentInvoice } from "./invoice-presenter.js";
import { countText, releaseBilledSources } from "./release-invoice-items.js";

/**
 * sent → void. A sent invoice is never edited (docs/decisions.md D9): it is voided, keeping its number,
 * its lines and its PDF for the record, and its calls and emails are released so a corrected
 * replacement invoice can bill them.
 */
export async function voidInvoice(
  db: Db,
  options: { accountId: number; invoiceId: number; now: Date; jobs?: JobQueue | null },
): Promise<InvoiceActionResponse> {
  const { accountId, invoiceId, now } = options;
  const jobs = options.jobs ?? null;
  const { pushes, ...result } = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ invoice: invoices, client: { name: clients.name, email: clients.email } })
      .from(invoices)
      .innerJoin(clients, eq(clients.id, invoices.clientId))
      .where(invoiceInAccount(accountId, invoiceId))
      .for("update", { of: invoices });
    if (!row) throw notFound("Invoice");
    const { invoice, client } = row;
    const move = requireTransition(invoice, "void");

    const [updated] = await tx
      .update(invoices)
      .set({ status: move.to, voidedAt: now, updatedAt: now })
      .where(and(invoiceInAccount(accountId, invoice.id), eq(invoices.status, move.from)))
      .returning();
    await tx
      .update(invoiceItems)
      .set({ releasedAt: now, callId: null, emailId: null })
      .where(and(eq(invoiceItems.accountId, accountId), eq(invoiceItems.invoiceId, invoice.id)));
    const released = await releaseBilledSources(tx, accountId, invoice.id, now);
    if (!updated) throw new Error("void update returned nothing");
    // Voided here, voided in every accounting system that has it (docs/accounting.md), queued with the
    // change so neither commits without the other.
    return {
      invoice: presentInvoice(updated, client),
      message: `Invoice ${invoice.invoiceNumber} voided; its ${countText(released)} can be invoiced again`,
      pushes: await queueAccountingPush(tx, jobs, { accountId, invoiceId }),
    };
  });
  wakeAccountingPush(jobs, pushes);
  return result;
}
