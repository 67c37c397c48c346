import type { UpdateCallRequest } from "../../core/contracts/calls.js";
import { AppError, notFound } from "../../core/errors.js";
import type { AccountRow } from "../auth/sessions.js";
import type { Db } from "../db/client.js";
import { calls } from "../db/schema/index.js";
import type { CallWithClient } from "./call-presenter.js";
import { assertNotInvoiced, callInAccount, getCall, getClientForCall } from "./call-queries.js";
import { rulesFor, storedCallRules } from "../pricing/rules-from-rows.js";
import { priceCallColumns } from "./pricing.js";
import { notifyCallChange } from "../live/notify-call-change.js";

/**
 * Edits a call's client, type, notes or duration. An invoiced call is locked (409). A new
 * client re-prices the call with that client's rules in force now; a new duration alone keeps
 * the rules the call was priced with; notes and type never change the price.
 */
export async function updateCall(
  db: Db,
  options: { account: AccountRow; ownerId: number | null; callId: number; input: UpdateCallRequest; now: Date },
): Promise<CallWithClient> {
  const { account, ownerId, callId, input, now } = options;
  await db.transaction(async (tx) => {
    const [call] = await tx
      .select()
      .from(calls)
      .where(callInAccount(account.id, callId, ownerId))
      .for("update")
      .limit(1);
    if (!call) throw notFound("Call");
    await assertNotInvoiced(tx, call);
    const active = call.endedAt === null;
    if (active && input.duration !== undefined) throw new AppError("conflict", "End the call before changing its duration");

    const clientChanged = input.clientId !== undefined && input.clientId !== call.clientId;
    const client = clientChanged && input.clientId ? await getClientForCall(tx, account.id, input.clientId) : null;
    const durationChanged = input.duration !== undefined && input.duration !== call.durationSeconds;
    const duration = input.duration ?? call.durationSeconds;

    let price = {};
    if (!active && clientChanged) price = priceCallColumns(duration, rulesFor(account, client));
    else if (!active && durationChanged) price = priceCallColumns(duration, storedCallRules(call));
    else if (active && clientChanged) {
      // Noted for display only; the call is priced when it ends.
      const rules = rulesFor(account, client);
      price = {
        rateCents: rules.rateCents,
        billingType: rules.billingType,
        minimumBillingMinutes: rules.minimumBillingMinutes,
        roundingIncrementMinutes: rules.roundingIncrementMinutes,
      };
    }

    await tx
      .update(calls)
      .set({
        ...(clientChanged ? { clientId: input.clientId ?? null } : {}),
        ...(input.callType !== undefined ? { callType: input.callType } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(durationChanged ? { endedAt: new Date(call.startedAt.getTime() + duration * 1000) } : {}),
        ...price,
        updatedAt: now,
      })
      .where(callInAccount(account.id, callId));
    await notifyCallChange(tx, { accountId: account.id, callId, kind: "updated" });
  });
  return getCall(db, account.id, callId);
}
