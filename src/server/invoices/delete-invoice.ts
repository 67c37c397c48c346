import { and, eq, sql } from "drizzle-orm";
import { conflict, notFound } from "../../core/errors.js";
import { canTransition, transitionRefusal } from "../../core/invoices.js";
import type { Db } from "../db/client.js";
import { accounts, invoices } from "../db/schema/index.js";
import { countText, releaseBilledSources } from "./release-invoice-items.js";

export type DeleteInvoiceResponse = {
  id: number;
  invoiceNumber: string;
  releasedCalls: number;
  releasedEmails: number;
  message: string;
};

/**
 * Deletes a draft and releases its calls and emails (DECISIONS.md 10). When the draft holds the
 * account's latest number, the number is given back so the next invoice takes it and the
 * sequence keeps no gap; an older draft's number is never reused (docs/invoices.md).
 */
export async function deleteInvoice(
  db: Db,
  options: { accountId: number; invoiceId: number; now: Date },
): Promise<DeleteInvoiceResponse> {
  const { accountId, invoiceId, now } = options;
  return db.transaction(async (tx) => {
    // Lock the account row first, as generation does, so numbering stays serial.
    const [account] = await tx
      .select({ next: accounts.nextInvoiceSequence })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for("update");
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.accountId, accountId), eq(invoices.id, invoiceId)))
      .for("update");
    if (!invoice || !account) throw notFound("Invoice");
    if (!canTransition(invoice.status, "delete"))
      throw conflict(transitionRefusal(invoice.invoiceNumber, invoice.status, "delete"));

    const released = await releaseBilledSources(tx, accountId, invoice.id, now);
    await tx.delete(invoices).where(eq(invoices.id, invoice.id));
    if (account.next === invoice.sequence + 1) {
      await tx
        .update(accounts)
        .set({ nextInvoiceSequence: sql`${accounts.nextInvoiceSequence} - 1` })
        .where(eq(accounts.id, accountId));
    }
    return {
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      releasedCalls: released.calls,
      releasedEmails: released.emails,
      message: `Draft ${invoice.invoiceNumber} deleted; its ${countText(released)} can be invoiced again`,
    };
  });
}
