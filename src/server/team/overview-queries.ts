import { and, asc, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { calls, integrations } from "../db/schema/index.js";

export type Period = { start: Date; end: Date };

/** Seconds as an int (a member's month of calls stays far below 2^31 seconds). */
const seconds = (column: unknown, where: ReturnType<typeof sql>) => sql<number>`coalesce(sum(${column}) filter (where ${where}), 0)::int`;

/**
 * Hours captured and billed per member in the week and the month: ONE range over
 * calls_account_started_idx (account, started_at) covering both periods, summed per member with
 * FILTER. Ended, non-test calls; billed = the billed seconds of calls already on an invoice.
 * Instants go in as ISO text: the column's type makes them timestamptz on both drivers.
 */
export async function findMemberHours(db: Db, options: { accountId: number; week: Period; month: Period }) {
  const { accountId, week, month } = options;
  const from = new Date(Math.min(week.start.getTime(), month.start.getTime()));
  const to = new Date(Math.max(week.end.getTime(), month.end.getTime()));
  const inPeriod = (period: Period) =>
    sql`${calls.startedAt} >= ${period.start.toISOString()} and ${calls.startedAt} < ${period.end.toISOString()}`;
  const invoiced = (period: Period) => sql`${inPeriod(period)} and ${calls.invoiceId} is not null`;
  return db
    .select({
      userId: calls.userId,
      weekCaptured: seconds(calls.durationSeconds, inPeriod(week)),
      weekBilled: seconds(calls.billedSeconds, invoiced(week)),
      monthCaptured: seconds(calls.durationSeconds, inPeriod(month)),
      monthBilled: seconds(calls.billedSeconds, invoiced(month)),
    })
    .from(calls)
    .where(
      and(
        eq(calls.accountId, accountId),
        gte(calls.startedAt, from),
        lt(calls.startedAt, to),
        isNotNull(calls.endedAt),
        eq(calls.isTest, false),
      ),
    )
    .groupBy(calls.userId);
}

/** Each member's connections with their health (last verified event, last error); never a secret column. */
export async function findMemberIntegrations(db: Db, accountId: number) {
  return db
    .select({
      userId: integrations.userId,
      kind: integrations.kind,
      provider: integrations.provider,
      enabled: integrations.enabled,
      status: integrations.status,
      lastEventAt: integrations.lastEventAt,
      lastError: integrations.lastError,
    })
    .from(integrations)
    .where(and(eq(integrations.accountId, accountId), isNotNull(integrations.userId)))
    .orderBy(asc(integrations.kind), asc(integrations.provider));
}
