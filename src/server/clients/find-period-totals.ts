import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { PeriodTotalsJson } from "../../core/contracts/calls.js";
import { centsToDecimal } from "../../core/money.js";
import type { Db } from "../db/client.js";
import { calls, trackedEmails } from "../db/schema/index.js";
import { ownedBy } from "../work/work-scope.js";
import { getClient } from "./get-client.js";

/** A sum or count as a JavaScript number (drivers give bigint sums as strings). */
const total = (expression: SQL) => sql<number>`coalesce(${expression}, 0)`.mapWith(Number);
const UNBILLED = sql`${calls.invoiceId} is null and ${calls.endedAt} is not null`;

/**
 * GET /api/clients/{id}/period-totals (docs/clients.md): the client log's cards and tab counts for a period,
 * summed by the database in integer cents and seconds over the same index ranges the pages read
 * (calls_account_client_started_idx, tracked_emails_account_client_created_idx), so the screen shows
 * the whole period's figures while holding one page of rows. 404 for another account's client. `ownerId`: one
 * member's work only (the client log's member filter, checked by work/member-filter.ts; a member is held to their
 * own), like its lists. `rates`: whether the amounts are in the answer (work/work-scope.ts showsRates).
 */
export async function findPeriodTotals(db: Db, options: TotalsScope & { rates: boolean }): Promise<PeriodTotalsJson> {
  const { accountId, clientId } = options;
  await getClient(db, { accountId, clientId });
  const [callRows, emailRows] = await Promise.all([callTotalsQuery(db, options), emailTotalsQuery(db, options)]);
  const c = callRows[0];
  const e = emailRows[0];
  const figures = {
    calls: c?.calls ?? 0,
    callSeconds: c?.seconds ?? 0,
    callBilledSeconds: c?.billedSeconds ?? 0,
    activeCalls: c?.active ?? 0,
    unbilledCalls: c?.unbilled ?? 0,
    emails: e?.emails ?? 0,
    emailBilledSeconds: e?.billedSeconds ?? 0,
  };
  // A role that does not see rates gets the hours and counts and no amount at all (not "0.00").
  if (!options.rates) return figures;
  const callCents = c?.cents ?? 0;
  const emailCents = e?.cents ?? 0;
  return {
    ...figures,
    callAmount: centsToDecimal(callCents),
    unbilledCallAmount: centsToDecimal(c?.unbilledCents ?? 0),
    emailAmount: centsToDecimal(emailCents),
    revenue: centsToDecimal(callCents + emailCents),
  };
}

type TotalsScope = { accountId: number; clientId: number; start: Date; end: Date; ownerId?: number | null };

/** The period's call figures in one aggregate over calls_account_client_started_idx (also printed by bench/client-log-explain.ts). */
export function callTotalsQuery(db: Db, { accountId, clientId, start, end, ownerId }: TotalsScope) {
  return db
    .select({
      calls: total(sql`count(*)`),
      seconds: total(sql`sum(${calls.durationSeconds})`),
      billedSeconds: total(sql`sum(${calls.billedSeconds})`),
      cents: total(sql`sum(${calls.amountCents})`),
      active: total(sql`count(*) filter (where ${calls.endedAt} is null)`),
      unbilled: total(sql`count(*) filter (where ${UNBILLED})`),
      unbilledCents: total(sql`sum(${calls.amountCents}) filter (where ${UNBILLED})`),
    })
    .from(calls)
    .where(
      and(
        eq(calls.accountId, accountId),
        eq(calls.clientId, clientId),
        ownedBy(calls.userId, ownerId),
        gte(calls.startedAt, start),
        lt(calls.startedAt, end),
      ),
    );
}

/** The period's email figures over tracked_emails_account_client_created_idx. */
export function emailTotalsQuery(db: Db, { accountId, clientId, start, end, ownerId }: TotalsScope) {
  return db
    .select({
      emails: total(sql`count(*)`),
      billedSeconds: total(sql`sum(${trackedEmails.billedSeconds})`),
      cents: total(sql`sum(${trackedEmails.amountCents})`),
    })
    .from(trackedEmails)
    .where(
      and(
        eq(trackedEmails.accountId, accountId),
        eq(trackedEmails.clientId, clientId),
        ownedBy(trackedEmails.userId, ownerId),
        gte(trackedEmails.createdAt, start),
        lt(trackedEmails.createdAt, end),
      ),
    );
}
