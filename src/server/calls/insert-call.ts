import type { BillingRules } from "../../core/pricing/rules.js";
import type { StartCallRequest } from "../../core/contracts/calls.js";
import type { AccountRow } from "../auth/sessions.js";
import { rulesFor } from "../pricing/rules-from-rows.js";
import type { Db } from "../db/client.js";
import { calls } from "../db/schema/index.js";
import type { CallWithClient } from "./call-presenter.js";
import { getClientForCall } from "./call-queries.js";

/** What only the caller knows: the times, the source and, for a finished call, its price and notes. */
type CallSpecifics = Omit<
  typeof calls.$inferInsert,
  "accountId" | "clientId" | "platform" | "callType" | "createdAt" | "updatedAt"
>;

/**
 * The one place a calls row is built for a new call (timer or logged): the client checked in the account,
 * the rules in force resolved, platform and call type defaulted. `specifics` gets the rules so a logged
 * call can be priced with them and a timer can note them.
 */
export async function insertCall(
  db: Db,
  options: {
    account: AccountRow;
    /** The member whose work it is: the session user (issue 26 §2). */
    userId: number;
    input: StartCallRequest;
    now: Date;
    specifics: (rules: BillingRules) => CallSpecifics;
  },
): Promise<CallWithClient> {
  const { account, input, now } = options;
  const client = input.clientId ? await getClientForCall(db, account.id, input.clientId) : null;
  const rules = rulesFor(account, client);
  const [call] = await db
    .insert(calls)
    .values({
      accountId: account.id,
      userId: options.userId,
      clientId: client?.id ?? null,
      platform: input.platform ?? "manual",
      callType: input.callType ?? "consultation",
      ...options.specifics(rules),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!call) throw new Error("call insert returned nothing");
  return { call, clientName: client?.name ?? null };
}
