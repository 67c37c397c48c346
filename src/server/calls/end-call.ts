import { and, isNull } from "drizzle-orm";
import { AppError } from "../../core/errors.js";
import type { AccountRow } from "../auth/sessions.js";
import type { Db } from "../db/client.js";
import { calls } from "../db/schema/index.js";
import type { CallWithClient } from "./call-presenter.js";
import { callInAccount, getCall } from "./call-queries.js";
import { notifyInvoiceReady } from "../notifications/notify-invoice-ready.js";
import { priceEndedCalls } from "./price-ended-calls.js";
import { notifyCallChange } from "../live/notify-call-change.js";

/**
 * Ends one active call at the server's clock and prices it. Only one request can end a call
 * (`where ended_at is null`); a second one gets a 409, another account's id a 404.
 */
export async function endCall(
  db: Db,
  options: { account: AccountRow; ownerId: number | null; callId: number; now: Date },
): Promise<CallWithClient> {
  const { account, ownerId, callId, now } = options;
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(calls)
      .set({ endedAt: now, updatedAt: now })
      .where(and(callInAccount(account.id, callId, ownerId), isNull(calls.endedAt)))
      .returning();
    if (ended.length === 0) {
      await getCall(tx, account.id, callId, ownerId); // 404 when it is not this account's call
      throw new AppError("conflict", "This call has already ended");
    }
    const [priced] = await priceEndedCalls(tx, account, ended, now);
    if (priced) await notifyInvoiceReady(tx, { accountId: account.id, call: priced });
    await notifyCallChange(tx, { accountId: account.id, callId, kind: "ended" });
  });
  return getCall(db, account.id, callId);
}
