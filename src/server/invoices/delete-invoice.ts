import { eq } from "drizzle-orm";
import { notFound } from "../../core/errors.js";
import { requireTransition } from "../../core/invoices.js";
import type { Db } from "../db/client.js";
import { accounts, invoices } from "../db/schema/index.js";
import { invoiceInAccount } from "./get-invoice.js";
import { giveBackInvoiceNumber } from "./invoice-sequence.js";
import { countText, releaseBilledSources } from "./release-invoice-items.js";

export type DeleteInvoiceResponse = {
  id: number;
  invoiceNumber: string;
  releasedCalls: number;
  releasedEmails: number;
  message: string;
};

/**
 * Deletes a draft and releases its calls and emails (docs/decisions.md D10). When the draft holds the
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
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for("update");
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(invoiceInAccount(accountId, invoiceId))
      .for("update");
    if (!invoice || !account) throw notFound("Invoice");
    requireTransition(invoice, "delete");

    const released = await releaseBilledSources(tx, accountId, invoice.id, now);
    await tx.delete(invoices).where(invoiceInAccount(accountId, invoice.id));
    await giveBackInvoiceNumber(tx, accountId, invoice.sequence);
    return {
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      releasedCalls: released.calls,
      releasedEmails: released.emails,
      message: `Draft ${invoice.invoiceNumber} deleted; its ${countText(released)} can be invoiced again`,
    };
  });
}
