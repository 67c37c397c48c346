import { and, eq, sql } from "drizzle-orm";
import { AppError } from "../../core/errors.js";
import { formatInvoiceNumber, sequenceAfter, sequenceBefore } from "../../core/invoices.js";
import type { Db } from "../db/client.js";
import { accounts } from "../db/schema/index.js";

/**
 * Takes the account's next invoice number inside the caller's transaction. The UPDATE locks
 * the account row until the transaction ends, so concurrent generations (on any number of app
 * instances sharing one PostgreSQL) queue here; a rollback gives the number back, so numbers
 * never repeat and never skip.
 */
export async function takeInvoiceNumber(tx: Db, accountId: number): Promise<{ sequence: number; invoiceNumber: string }> {
  const [row] = await tx
    .update(accounts)
    .set({ nextInvoiceSequence: sql`${accounts.nextInvoiceSequence} + 1` })
    .where(eq(accounts.id, accountId))
    .returning({ next: accounts.nextInvoiceSequence, prefix: accounts.invoicePrefix });
  if (!row) throw new AppError("not_found", "Account not found");
  const sequence = sequenceBefore(row.next);
  return { sequence, invoiceNumber: formatInvoiceNumber(row.prefix, sequence) };
}

/**
 * Gives a deleted draft's number back when it is the latest one taken, so the next invoice takes
 * it and the sequence keeps no gap; an older draft's number is never reused (docs/invoices.md).
 * Call it with the account row locked, as deleteInvoice does, so numbering stays serial.
 */
export async function giveBackInvoiceNumber(tx: Db, accountId: number, sequence: number): Promise<void> {
  await tx
    .update(accounts)
    .set({ nextInvoiceSequence: sequence })
    .where(and(eq(accounts.id, accountId), eq(accounts.nextInvoiceSequence, sequenceAfter(sequence))));
}
