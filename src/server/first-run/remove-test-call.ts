import { and, eq, isNull, sql } from "drizzle-orm";
import { NOT_A_TEST_CALL } from "../../core/contracts/capture-health.js";
import { AppError } from "../../core/errors.js";
import { callInAccount, getCall } from "../calls/call-queries.js";
import type { Db } from "../db/client.js";
import { calls, notifications } from "../db/schema/index.js";
import { notifyCallChange } from "../live/notify-call-change.js";

/**
 * Removes a test call in one click (docs/first-run.md) with the "invoice ready" notification it raised;
 * a real call is refused (409), another account's is a 404. Test calls are never invoiced
 * (invoices/billable-lines.ts), so there is always something to remove.
 */
export async function removeTestCall(db: Db, options: { accountId: number; callId: number }): Promise<void> {
  const { accountId, callId } = options;
  const removed = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(calls)
      .where(and(callInAccount(accountId, callId), eq(calls.isTest, true), isNull(calls.invoiceId)))
      .returning({ id: calls.id });
    if (rows.length === 0) return false;
    await tx
      .delete(notifications)
      .where(and(eq(notifications.accountId, accountId), sql`${notifications.data}->>'callId' = ${String(callId)}`));
    await notifyCallChange(tx, { accountId, callId, kind: "deleted" });
    return true;
  });
  if (removed) return;
  await getCall(db, accountId, callId); // 404 when it is not this account's call
  throw new AppError("conflict", NOT_A_TEST_CALL);
}
