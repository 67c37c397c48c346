import { and, asc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { calls, integrations, trackedEmails } from "../db/schema/index.js";

export type Period = { start: Date; end: Date };

/**
 * Hours captured and billed per member in the week and the month (docs/team.md "Team overview"): the work a
 * member captured is their ended, non-test calls (a timer is a call once it is stopped; a running one is not
 * work yet) and their tracked emails, each on the day it was done (a call's start, an email's creation, as in
 * docs/analytics.md). Captured = raw seconds (a call's duration, an email's reading + writing); billed = the
 * billed seconds (after rounding and minimums) of the work already on an invoice.
 * ONE range per table covering both periods, summed per member with FILTER: calls over
 * calls_account_started_idx, whose trailing columns hold every column read here (an index-only scan where
 * the table's pages are all-visible), emails over tracked_emails_account_created_idx.
 * Instants go in as ISO text cast to timestamptz, the same on both drivers.
 */
export async function findMemberHours(db: Db, options: { accountId: number; week: Period; month: Period }) {
  const result = await db.execute(memberHoursSql(options));
  return (result as unknown as { rows: MemberHoursRow[] }).rows;
}

/** findMemberHours's statement, also explained by bench/dashboard-explain.ts. */
export function memberHoursSql(options: { accountId: number; week: Period; month: Period }): SQL {
  const { accountId, week, month } = options;
  const from = new Date(Math.min(week.start.getTime(), month.start.getTime())).toISOString();
  const to = new Date(Math.max(week.end.getTime(), month.end.getTime())).toISOString();
  const inPeriod = (period: Period) =>
    sql`at >= ${period.start.toISOString()}::timestamptz and at < ${period.end.toISOString()}::timestamptz`;
  const captured = (period: Period) => sql`coalesce(sum(captured) filter (where ${inPeriod(period)}), 0)::int`;
  const billed = (period: Period) => sql`coalesce(sum(billed) filter (where ${inPeriod(period)}), 0)::int`;
  return sql`
    select user_id as "userId",
      ${captured(week)} as "weekCaptured", ${billed(week)} as "weekBilled",
      ${captured(month)} as "monthCaptured", ${billed(month)} as "monthBilled"
    from (
      select ${calls.userId} as user_id, ${calls.startedAt} as at, ${calls.durationSeconds} as captured,
        case when ${calls.invoiceId} is not null then ${calls.billedSeconds} else 0 end as billed
      from ${calls}
      where ${calls.accountId} = ${accountId} and ${calls.startedAt} >= ${from}::timestamptz and ${calls.startedAt} < ${to}::timestamptz
        and ${calls.endedAt} is not null and ${calls.isTest} = false
      union all
      select ${trackedEmails.userId}, ${trackedEmails.createdAt}, ${trackedEmails.readSeconds} + ${trackedEmails.writeSeconds},
        case when ${trackedEmails.invoiceId} is not null then ${trackedEmails.billedSeconds} else 0 end
      from ${trackedEmails}
      where ${trackedEmails.accountId} = ${accountId} and ${trackedEmails.createdAt} >= ${from}::timestamptz
        and ${trackedEmails.createdAt} < ${to}::timestamptz
    ) as work
    group by user_id`;
}

/** One member's seconds (user null: work attributed to nobody, from before the Team plan). */
export type MemberHoursRow = {
  userId: number | null;
  weekCaptured: number;
  weekBilled: number;
  monthCaptured: number;
  monthBilled: number;
};

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
