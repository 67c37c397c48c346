import { and, eq, isNull } from "drizzle-orm";
import { conflict } from "../../core/errors.js";
import type { Db } from "../db/client.js";
import { invoiceItems, trackedEmails } from "../db/schema/index.js";
import { getTrackedEmail, trackedEmailInAccount } from "./find-tracked-emails.js";

/** True when the email is billed on an invoice (docs/decisions.md D10: then it cannot be edited or deleted). */
export async function isEmailInvoiced(
  db: Db,
  accountId: number,
  email: { id: number; invoiceId: number | null },
): Promise<boolean> {
  if (email.invoiceId !== null) return true;
  const [item] = await db
    .select({ id: invoiceItems.id })
    .from(invoiceItems)
    .where(and(eq(invoiceItems.accountId, accountId), eq(invoiceItems.emailId, email.id), isNull(invoiceItems.releasedAt)))
    .limit(1);
  return Boolean(item);
}

/** DELETE /api/emails/{id}: removes a tracked email that is not on an invoice. */
export async function deleteTrackedEmail(
  db: Db,
  options: { accountId: number; ownerId: number | null; id: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const email = await getTrackedEmail(tx, options.accountId, options.id, options.ownerId);
    if (await isEmailInvoiced(tx, options.accountId, email)) {
      throw conflict("This email is on an invoice and cannot be deleted. Void the invoice first to release it.");
    }
    await tx.delete(trackedEmails).where(trackedEmailInAccount(options.accountId, email.id));
  });
}
