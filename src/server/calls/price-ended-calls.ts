import { resolveRules } from "../../core/pricing/rules.js";
import type { AccountRow } from "../auth/sessions.js";
import type { Db } from "../db/client.js";
import { findClientsById } from "../clients/get-client.js";
import { calls } from "../db/schema/index.js";
import { callInAccount } from "./call-queries.js";
import type { CallRow } from "./call-presenter.js";
import { accountRules, clientOverrides } from "../pricing/rules-from-rows.js";
import { elapsedSeconds, priceCallColumns } from "./pricing.js";

/**
 * Prices calls that have just ended with the rules in force now (the account's defaults and
 * each client's overrides) and stores the result beside the rules used (docs/decisions.md D8).
 * Runs inside the caller's transaction; returns the updated rows in the same order.
 */
export async function priceEndedCalls(tx: Db, account: AccountRow, ended: CallRow[], now: Date): Promise<CallRow[]> {
  const clientIds = [...new Set(ended.map((call) => call.clientId).filter((id): id is number => id !== null))];
  const clientRows = await findClientsById(tx, account.id, clientIds);
  const byId = new Map(clientRows.map((client) => [client.id, client]));
  const defaults = accountRules(account);
  const priced: CallRow[] = [];
  for (const call of ended) {
    const rules = resolveRules(defaults, clientOverrides(call.clientId === null ? null : byId.get(call.clientId)));
    const columns = priceCallColumns(elapsedSeconds(call.startedAt, call.endedAt ?? now), rules);
    const [row] = await tx
      .update(calls)
      .set({ ...columns, updatedAt: now })
      .where(callInAccount(account.id, call.id))
      .returning();
    if (row) priced.push(row);
  }
  return priced;
}
