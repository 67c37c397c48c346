import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { calls, trackedEmails } from "../db/schema/index.js";

/** Clears invoice_id on the calls and emails an invoice billed, so they can be invoiced again. */
export async function releaseBilledSources(
  tx: Db,
  accountId: number,
  invoiceId: number,
  now: Date,
): Promise<{ calls: number; emails: number }> {
  const releasedCalls = await tx
    .update(calls)
    .set({ invoiceId: null, updatedAt: now })
    .where(and(eq(calls.accountId, accountId), eq(calls.invoiceId, invoiceId)))
    .returning({ id: calls.id });
  const releasedEmails = await tx
    .update(trackedEmails)
    .set({ invoiceId: null, updatedAt: now })
    .where(and(eq(trackedEmails.accountId, accountId), eq(trackedEmails.invoiceId, invoiceId)))
    .returning({ id: trackedEmails.id });
  return { calls: releasedCalls.length, emails: releasedEmails.length };
}

/** "3 calls and 1 email" */
export function countText(counts: { calls: number; emails: number }): string {
  const parts = [];
  if (counts.calls) parts.push(`${counts.calls} ${counts.calls === 1 ? "call" : "calls"}`);
  if (counts.emails) parts.push(`${counts.emails} ${counts.emails === 1 ? "email" : "emails"}`);
  return parts.join(" and ") || "no items";
}
