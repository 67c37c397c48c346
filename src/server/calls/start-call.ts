import type { StartCallRequest } from "../../core/contracts/calls.js";
import { requireMayTrack } from "../../core/subscription-standing.js";
import type { AccountRow } from "../auth/sessions.js";
import type { Db } from "../db/client.js";
import type { CallWithClient } from "./call-presenter.js";
import { notifyCallChange } from "../live/notify-call-change.js";
import { insertCall } from "./insert-call.js";
import { ruleColumns } from "./pricing.js";

/**
 * Starts a call timer: a calls row with ended_at null, so it survives a reload and a restart.
 * The rules in force are noted for display; the call is priced again when it ends. Open dashboards
 * hear of it when the transaction commits (live/notify-call-change.ts).
 */
export async function startCall(
  db: Db,
  options: { account: AccountRow; userId: number; input: StartCallRequest; now: Date },
): Promise<CallWithClient> {
  const { now } = options;
  requireMayTrack(options.account, now); // a trial that ended or an unpaid subscription starts nothing new
  return db.transaction(async (tx) => {
    const started = await insertCall(tx, {
      ...options,
      specifics: (rules) => ({ startedAt: now, source: "timer", ...ruleColumns(rules) }),
    });
    await notifyCallChange(tx, { accountId: options.account.id, callId: started.call.id, kind: "started" });
    return started;
  });
}
