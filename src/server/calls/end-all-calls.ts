import { and, eq, inArray, isNull } from "drizzle-orm";
import type { AccountRow } from "../auth/sessions.js";
import type { Db } from "../db/client.js";
import { calls } from "../db/schema/index.js";
import type { CallWithClient } from "./call-presenter.js";
import { selectCallsWithClient } from "./call-queries.js";
import { ownedBy } from "../work/work-scope.js";
import { notifyInvoiceReady } from "../notifications/notify-invoice-ready.js";
import { priceEndedCalls } from "./price-ended-calls.js";
import { notifyCallChange } from "../live/notify-call-change.js";

/** Ends every active call of the account (a member: their own) at the same instant and prices each one. */
export async function endAllCalls(
  db: Db,
  options: { account: AccountRow; ownerId: number | null; now: Date },
): Promise<CallWithClient[]> {
  const { account, now } = options;
  const ids = await db.transaction(async (tx) => {
    const ended = await tx
      .update(calls)
      .set({ endedAt: now, updatedAt: now })
      .where(and(eq(calls.accountId, account.id), isNull(calls.endedAt), ownedBy(calls.userId, options.ownerId)))
      .returning();
    const priced = await priceEndedCalls(tx, account, ended, now);
    for (const call of priced) await notifyInvoiceReady(tx, { accountId: account.id, call });
    for (const call of ended) await notifyCallChange(tx, { accountId: account.id, callId: call.id, kind: "ended" });
    return ended.map((call) => call.id);
  });
  if (ids.length === 0) return [];
  return selectCallsWithClient(db)
    .where(and(eq(calls.accountId, account.id), inArray(calls.id, ids)))
    .orderBy(calls.startedAt, calls.id);
}
