import { and, isNull } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { calls } from "../db/schema/index.js";
import { assertNotInvoiced, callInAccount, getCall } from "./call-queries.js";
import { notifyCallChange } from "../live/notify-call-change.js";

/**
 * Removes an uninvoiced call (an active one too: a timer started by mistake). The delete itself
 * checks `invoice_id is null`, so a call invoiced a moment ago is never lost (docs/decisions.md D10).
 */
export async function deleteCall(db: Db, options: { accountId: number; ownerId: number | null; callId: number }): Promise<void> {
  const { accountId, ownerId, callId } = options;
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(calls)
      .where(and(callInAccount(accountId, callId, ownerId), isNull(calls.invoiceId)))
      .returning({ id: calls.id, userId: calls.userId });
    const [row] = rows;
    if (row) await notifyCallChange(tx, { accountId, callId, kind: "deleted", userId: row.userId });
    return rows;
  });
  if (deleted.length > 0) return;
  const { call } = await getCall(db, accountId, callId, ownerId); // 404 when it is not this account's call
  await assertNotInvoiced(db, call);
}
