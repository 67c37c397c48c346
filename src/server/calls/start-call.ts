import type { StartCallRequest } from "../../core/contracts/calls.js";
import type { AccountRow } from "../auth/sessions.js";
import type { Db } from "../db/client.js";
import { calls } from "../db/schema/index.js";
import type { CallWithClient } from "./call-presenter.js";
import { getClientForCall } from "./call-queries.js";
import { rulesFor } from "../billing/rules-from-rows.js";

/**
 * Starts a call timer: a calls row with ended_at null, so it survives a reload and a restart.
 * The rules in force are noted for display; the call is priced again when it ends.
 */
export async function startCall(db: Db, options: { account: AccountRow; input: StartCallRequest; now: Date }): Promise<CallWithClient> {
  const { account, input, now } = options;
  const client = input.clientId ? await getClientForCall(db, account.id, input.clientId) : null;
  const rules = rulesFor(account, client);
  const [call] = await db
    .insert(calls)
    .values({
      accountId: account.id,
      clientId: client?.id ?? null,
      platform: input.platform ?? "manual",
      callType: input.callType ?? "consultation",
      startedAt: now,
      source: "timer",
      rateCents: rules.rateCents,
      billingType: rules.billingType,
      minimumBillingMinutes: rules.minimumBillingMinutes,
      roundingIncrementMinutes: rules.roundingIncrementMinutes,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!call) throw new Error("call insert returned nothing");
  return { call, clientName: client?.name ?? null };
}
