import { type AnyColumn, is, Placeholder, type SQL, type SQLChunk, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Statement, StatementParam } from "../db/client.js";
import { calls, integrations, invitations, sessions, trackedEmails, users } from "../db/schema/index.js";

export type Period = { start: Date; end: Date };

/** The instants and the account of the hours' read, as SQL: literal parameters (EXPLAIN) or placeholders (the statement). */
type HoursBounds = { accountId: SQL; from: SQL; to: SQL; weekStart: SQL; weekEnd: SQL; monthStart: SQL; monthEnd: SQL };

/**
 * Hours captured and billed per member in the week and the month (docs/team.md "Team overview"): the work a
 * member captured is their ended, non-test calls (a timer is a call once it is stopped; a running one is not
 * work yet) and their tracked emails, each on the day it was done (a call's start, an email's creation, as in
 * docs/analytics.md). Captured = raw seconds (a call's duration, an email's reading + writing); billed = the
 * billed seconds (after rounding and minimums) of the work already on an invoice.
 * ONE range per table covering both periods, summed per member with FILTER: calls over
 * calls_account_started_idx, whose trailing columns hold every column read here (an index-only scan where
 * the table's pages are all-visible), emails over tracked_emails_account_created_idx.
 */
function memberHours(b: HoursBounds): SQL {
  const captured = (start: SQL, end: SQL) => sql`coalesce(sum(captured) filter (where at >= ${start} and at < ${end}), 0)::int`;
  const billed = (start: SQL, end: SQL) => sql`coalesce(sum(billed) filter (where at >= ${start} and at < ${end}), 0)::int`;
  return sql`
    select user_id as "userId",
      ${captured(b.weekStart, b.weekEnd)} as "weekCaptured", ${billed(b.weekStart, b.weekEnd)} as "weekBilled",
      ${captured(b.monthStart, b.monthEnd)} as "monthCaptured", ${billed(b.monthStart, b.monthEnd)} as "monthBilled"
    from (
      select ${calls.userId} as user_id, ${calls.startedAt} as at, ${calls.durationSeconds} as captured,
        case when ${calls.invoiceId} is not null then ${calls.billedSeconds} else 0 end as billed
      from ${calls}
      where ${calls.accountId} = ${b.accountId} and ${calls.startedAt} >= ${b.from} and ${calls.startedAt} < ${b.to}
        and ${calls.endedAt} is not null and ${calls.isTest} = false
      union all
      select ${trackedEmails.userId}, ${trackedEmails.createdAt}, ${trackedEmails.readSeconds} + ${trackedEmails.writeSeconds},
        case when ${trackedEmails.invoiceId} is not null then ${trackedEmails.billedSeconds} else 0 end
      from ${trackedEmails}
      where ${trackedEmails.accountId} = ${b.accountId} and ${trackedEmails.createdAt} >= ${b.from}
        and ${trackedEmails.createdAt} < ${b.to}
    ) as work
    group by user_id`;
}

/** An instant as whole milliseconds since the epoch, truncated as the drivers truncate microseconds to a Date. */
const epochMs = (instant: SQL | AnyColumn) => sql`floor(extract(epoch from ${instant}) * 1000)::bigint`;

/** A subquery's rows as one JSON text: an array of arrays, in `order`. */
const packed = (values: SQLChunk[], order: SQL | null, rest: SQL) =>
  sql`(select coalesce(json_agg(json_build_array(${sql.join(values, sql`, `)})${order ? sql` order by ${order}` : sql``}), '[]')::text ${rest})`;

const p = (name: string) => sql.placeholder(name);
const at = (name: string) => sql`${p(name)}::timestamptz`;

/**
 * The whole overview in ONE statement, four JSON texts (docs/performance.md issue 26): the members (removed ones
 * left out) with their newest session activity; their hours (memberHours); each member's connections with their
 * health, never a secret column; and the invitations neither accepted nor revoked (expired ones too: the page
 * offers to resend them), each with its inviter's name. It replaces four drizzle-built reads (four pool checkouts,
 * the SQL built and every row mapped at each request: most of the route's app CPU). Instants come back as epoch
 * milliseconds; the layout of each array is OverviewRows' (read-team-overview.ts unpacks it).
 */
function teamOverviewQuery(): SQL {
  const accountId = p("accountId");
  const lastActive = sql`(select max(${sessions.lastSeenAt}) from ${sessions} where ${sessions.accountId} = ${accountId} and ${sessions.userId} = ${users.id})`;
  const members = packed(
    [users.id, users.email, users.firstName, users.lastName, users.role, epochMs(lastActive)],
    sql`${users.id}`,
    sql`from ${users} where ${users.accountId} = ${accountId} and ${users.removedAt} is null`,
  );
  const hours = packed(
    [sql`"userId"`, sql`"weekCaptured"`, sql`"weekBilled"`, sql`"monthCaptured"`, sql`"monthBilled"`],
    null,
    sql`from (${memberHours({
      accountId: sql`${accountId}`,
      from: at("from"),
      to: at("to"),
      weekStart: at("weekStart"),
      weekEnd: at("weekEnd"),
      monthStart: at("monthStart"),
      monthEnd: at("monthEnd"),
    })}) as hours`,
  );
  const connections = packed(
    [
      integrations.userId,
      integrations.kind,
      integrations.provider,
      integrations.enabled,
      integrations.status,
      epochMs(integrations.lastEventAt),
      integrations.lastError,
    ],
    sql`${integrations.kind}, ${integrations.provider}`,
    sql`from ${integrations} where ${integrations.accountId} = ${accountId} and ${integrations.userId} is not null`,
  );
  const open = packed(
    [
      invitations.id,
      invitations.email,
      invitations.role,
      epochMs(invitations.createdAt),
      epochMs(invitations.expiresAt),
      users.firstName,
      users.lastName,
      users.email,
    ],
    sql`${invitations.id}`,
    sql`from ${invitations} left join ${users} on ${users.id} = ${invitations.invitedByUserId}
      where ${invitations.accountId} = ${accountId} and ${invitations.acceptedAt} is null and ${invitations.revokedAt} is null`,
  );
  return sql`select ${members} as members, ${hours} as hours, ${connections} as connections, ${open} as invitations`;
}

/** The statement's four columns, each a JSON array of arrays (see OverviewRows). */
export type OverviewTexts = { members: string; hours: string; connections: string; invitations: string };

/** What the four JSON texts hold, position by position (instants as epoch milliseconds). */
export type OverviewRows = {
  members: [id: number, email: string, firstName: string | null, lastName: string | null, role: string, lastActiveMs: number | null][];
  /** userId null: work attributed to nobody, from before the Team plan. */
  hours: [userId: number | null, weekCaptured: number, weekBilled: number, monthCaptured: number, monthBilled: number][];
  connections: [
    userId: number,
    kind: string,
    provider: string,
    enabled: boolean,
    status: string,
    lastEventMs: number | null,
    lastError: string | null,
  ][];
  invitations: [
    id: number,
    email: string,
    role: string,
    createdMs: number,
    expiresMs: number,
    inviterFirstName: string | null,
    inviterLastName: string | null,
    inviterEmail: string | null,
  ][];
};

let compiled: { statement: Statement; params: unknown[] } | undefined;

/** The overview's statement and its parameters (also explained by bench/dashboard-explain.ts). */
export function teamOverviewStatement(options: { accountId: number; week: Period; month: Period }): {
  statement: Statement;
  params: StatementParam[];
} {
  if (!compiled) {
    const query = new PgDialect().sqlToQuery(teamOverviewQuery());
    compiled = { statement: { name: "team_overview", text: query.sql }, params: query.params };
  }
  const { accountId, week, month } = options;
  const values: Record<string, StatementParam> = {
    accountId,
    from: new Date(Math.min(week.start.getTime(), month.start.getTime())).toISOString(),
    to: new Date(Math.max(week.end.getTime(), month.end.getTime())).toISOString(),
    weekStart: week.start.toISOString(),
    weekEnd: week.end.toISOString(),
    monthStart: month.start.toISOString(),
    monthEnd: month.end.toISOString(),
  };
  return {
    statement: compiled.statement,
    params: compiled.params.map((param) => (is(param, Placeholder) ? (values[param.name] ?? null) : (param as StatementParam))),
  };
}
