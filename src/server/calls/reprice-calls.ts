import { and, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { resolveRules } from "../../core/pricing/rules.js";
import type { RepriceCallsResponse } from "../../core/contracts/calls.js";
import type { AccountRow } from "../auth/sessions.js";
import type { Db } from "../db/client.js";
import { findClientsById } from "../clients/get-client.js";
import { calls } from "../db/schema/index.js";
import { getClientForCall } from "./call-queries.js";
import { accountRules, clientOverrides } from "../pricing/rules-from-rows.js";
import { type CallPriceColumns, priceCallColumns } from "./pricing.js";

const BATCH = 1000;

/**
 * The explicit "re-price unbilled calls" action (docs/decisions.md D8): every ended call not on an
 * invoice is priced again with the rules in force now. Invoiced and active calls are untouched.
 */
export async function repriceCalls(db: Db, options: { account: AccountRow; clientId?: number; now: Date }): Promise<RepriceCallsResponse> {
  const { account, clientId, now } = options;
  if (clientId !== undefined) await getClientForCall(db, account.id, clientId, { allowArchived: true });
  const scope = and(
    eq(calls.accountId, account.id),
    isNull(calls.invoiceId),
    isNotNull(calls.endedAt),
    clientId !== undefined ? eq(calls.clientId, clientId) : undefined,
  );
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: calls.id,
        clientId: calls.clientId,
        durationSeconds: calls.durationSeconds,
        billedSeconds: calls.billedSeconds,
        amountCents: calls.amountCents,
        rateCents: calls.rateCents,
        billingType: calls.billingType,
        minimumBillingMinutes: calls.minimumBillingMinutes,
        roundingIncrementMinutes: calls.roundingIncrementMinutes,
      })
      .from(calls)
      .where(scope)
      .for("update");
    const clientRows = await findClientsById(tx, account.id, [...new Set(rows.flatMap((row) => (row.clientId === null ? [] : [row.clientId])))]);
    const byId = new Map(clientRows.map((client) => [client.id, client]));
    const defaults = accountRules(account);
    const changed: (CallPriceColumns & { id: number })[] = [];
    for (const row of rows) {
      const rules = resolveRules(defaults, clientOverrides(row.clientId === null ? null : byId.get(row.clientId)));
      const next = priceCallColumns(row.durationSeconds, rules);
      const same = (Object.keys(next) as (keyof CallPriceColumns)[]).every((key) => next[key] === row[key]);
      if (!same) changed.push({ id: row.id, ...next });
    }
    for (let i = 0; i < changed.length; i += BATCH) {
      await updateBatch(tx, account.id, changed.slice(i, i + BATCH), now);
    }
    return { checked: rows.length, repriced: changed.length };
  });
}

/** One UPDATE … FROM (VALUES …) for a batch: a round trip per thousand calls, not per call. */
async function updateBatch(tx: Db, accountId: number, batch: (CallPriceColumns & { id: number })[], now: Date): Promise<void> {
  const values: SQL[] = batch.map(
    (c) =>
      sql`(${c.id}::int, ${c.billedSeconds}::int, ${c.amountCents}::int, ${c.rateCents}::int, ${c.billingType}::text, ${c.minimumBillingMinutes}::int, ${c.roundingIncrementMinutes}::int)`,
  );
  await tx.execute(sql`
    update calls set
      billed_seconds = v.billed, amount_cents = v.amount, rate_cents = v.rate, billing_type = v.type,
      minimum_billing_minutes = v.minimum, rounding_increment_minutes = v.rounding, updated_at = ${now.toISOString()}::timestamptz
    from (values ${sql.join(values, sql`, `)}) as v(id, billed, amount, rate, type, minimum, rounding)
    where calls.id = v.id and calls.account_id = ${accountId} and calls.invoice_id is null and calls.ended_at is not null`);
}
