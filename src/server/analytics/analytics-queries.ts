import { type SQL, sql } from "drizzle-orm";
import { splitByWholeMonths } from "../../core/analytics/analytics-period.js";
import { dayRangeInZone } from "../../core/period.js";
import type { Db } from "../db/client.js";

/**
 * The Analytics page's reads (docs/analytics.md): each one aggregate statement, grouped only as far
 * as the pricing engine needs (per client, day and pricing rules), so the page costs the same with
 * 100 calls as with 100,000. Sums come back as float8: exact up to 2^53, where int8 would need a
 * parser and int4 would overflow on money.
 */

/**
 * The rows of a read, packed by the database into one JSON text (`json_agg` of the rows, keys = column names) and
 * parsed once here: on the embedded database each row returned costs a protocol message decoded in JavaScript,
 * which made a read of 1,500 groups cost several times its own execution (bench/analytics-explain.ts; the client
 * log's reads pack their rows for the same reason, calls/call-queries.ts).
 */
export function packedRowsSql(query: SQL): SQL {
  return sql`select coalesce(json_agg(g), '[]')::text as rows from (${query}) g`;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(packedRowsSql(query))) as unknown as { rows: { rows: string }[] };
  return JSON.parse(result.rows[0]!.rows) as T[];
}

/** Ended calls grouped by client, source, pricing rules, whether they are invoiced and, if not, day (in the zone). */
export type CallGroupRow = {
  client_id: number | null;
  source: string;
  day: string;
  rate_cents: number;
  billing_type: string;
  minimum_billing_minutes: number;
  rounding_increment_minutes: number;
  invoiced: boolean;
  calls: number;
  raw: number;
  billed: number;
  amount: number;
};

/**
 * Only work not yet invoiced is priced here, and a day or invoice rounding scope needs its days; invoiced calls are
 * only counted and summed, so they are grouped without the day (their `day` is the group's first): a quarter's
 * invoiced calls come back as a few hundred groups instead of one per client and day.
 */
function callGroups(where: SQL, timezone: string): SQL {
  return sql`select client_id, source, min((started_at at time zone ${timezone})::date)::text as day, rate_cents, billing_type,
      minimum_billing_minutes, rounding_increment_minutes, (invoice_id is not null) as invoiced, count(*)::int as calls,
      sum(duration_seconds)::float8 as raw, sum(billed_seconds)::float8 as billed, sum(amount_cents)::float8 as amount
    from calls where ${where}
    group by client_id, source, rate_cents, billing_type, minimum_billing_minutes, rounding_increment_minutes,
      invoice_id is not null, case when invoice_id is null then (started_at at time zone ${timezone})::date end`;
}

/** The period's days and instants in the account's zone, and its whole months (splitByWholeMonths). */
export type PeriodBounds = {
  accountId: number;
  timezone: string;
  startDate: string;
  endDate: string;
  start: Date;
  end: Date;
};

const callsAreWork = sql`ended_at is not null and not is_test`;

/**
 * The account's ended calls that started in the period and are invoiced, or have no client; test-event calls (issue
 * 29) are never work, as invoices never bill them. The period's calls of a client not yet invoiced are the unbilled
 * read's groups of the period's days (get-analytics.ts), not read twice. Invoiced calls of whole months come from
 * invoiced_call_months (kept by triggers on calls, migration 0020: a few hundred rows a quarter instead of 8,000
 * calls), those of the edge days from the calls, and the two are summed per client, source and rules, so each
 * group's raw time is the same as the calls' and the captured value is still rounded once per group over the period.
 * Their `day` is the group's first month or day (only work not invoiced is priced by day). Calls without a client
 * (never invoiced) are read from the rows by day, through calls_account_unbilled_idx.
 */
export function callGroupsInPeriodSql(o: PeriodBounds): SQL {
  const split = splitByWholeMonths(o.startDate, o.endDate);
  const parts: SQL[] = split.edges.map((days) => {
    const { start, end } = dayRangeInZone(days.startDate, days.endDate, o.timezone);
    return sql`select client_id, source, (started_at at time zone ${o.timezone})::date::text as day, rate_cents,
          billing_type, minimum_billing_minutes, rounding_increment_minutes, 1 as calls, duration_seconds::bigint as raw,
          billed_seconds::bigint as billed, amount_cents::bigint as amount
        from calls
        where account_id = ${o.accountId} and invoice_id is not null and ${callsAreWork}
          and started_at >= ${start} and started_at < ${end}`;
  });
  if (split.months) {
    parts.unshift(sql`select client_id, source, month::text as day, rate_cents, billing_type, minimum_billing_minutes,
          rounding_increment_minutes, calls, raw_seconds as raw, billed_seconds as billed, amount_cents as amount
        from invoiced_call_months
        where account_id = ${o.accountId} and month >= ${split.months.fromMonth} and month < ${split.months.toMonth}
          and calls <> 0`);
  }
  return sql`select client_id, source, min(day) as day, rate_cents, billing_type, minimum_billing_minutes,
        rounding_increment_minutes, true as invoiced, sum(calls)::int as calls, sum(raw)::float8 as raw,
        sum(billed)::float8 as billed, sum(amount)::float8 as amount
      from (${sql.join(parts, sql` union all `)}) k
      group by client_id, source, rate_cents, billing_type, minimum_billing_minutes, rounding_increment_minutes
    union all
    ${callGroups(
      sql`account_id = ${o.accountId} and client_id is null and invoice_id is null and ${callsAreWork}
        and started_at >= ${o.start} and started_at < ${o.end}`,
      o.timezone,
    )}`;
}
export function findCallGroupsInPeriod(db: Db, o: PeriodBounds) {
  return rows<CallGroupRow>(db, callGroupsInPeriodSql(o));
}

/** Every ended call of a client not yet invoiced, whenever it was done (calls_account_unbilled_idx); test-event calls left out. */
export function unbilledCallGroupsSql(o: { accountId: number; timezone: string }): SQL {
  return callGroups(
    sql`account_id = ${o.accountId} and invoice_id is null and ended_at is not null and client_id is not null and not is_test`,
    o.timezone,
  );
}
export function findUnbilledCallGroups(db: Db, o: { accountId: number; timezone: string }) {
  return rows<CallGroupRow>(db, unbilledCallGroupsSql(o));
}

/** Tracked emails grouped by client, day, rate and whether they are invoiced. */
export type EmailGroupRow = {
  client_id: number;
  day: string;
  rate_cents: number;
  invoiced: boolean;
  emails: number;
  raw: number;
  billed: number;
  amount: number;
};

function emailGroups(where: SQL, timezone: string): SQL {
  return sql`select client_id, (created_at at time zone ${timezone})::date::text as day, rate_cents, (invoice_id is not null) as invoiced,
      count(*)::int as emails, sum(read_seconds + write_seconds)::float8 as raw, sum(billed_seconds)::float8 as billed,
      sum(amount_cents)::float8 as amount
    from tracked_emails where ${where}
    group by client_id, 2, rate_cents, invoice_id is not null`;
}

export function emailGroupsInPeriodSql(o: { accountId: number; start: Date; end: Date; timezone: string }): SQL {
  return emailGroups(sql`account_id = ${o.accountId} and created_at >= ${o.start} and created_at < ${o.end}`, o.timezone);
}
export function findEmailGroupsInPeriod(db: Db, o: { accountId: number; start: Date; end: Date; timezone: string }) {
  return rows<EmailGroupRow>(db, emailGroupsInPeriodSql(o));
}

export function unbilledEmailGroupsSql(o: { accountId: number; timezone: string }): SQL {
  return emailGroups(sql`account_id = ${o.accountId} and invoice_id is null`, o.timezone);
}
export function findUnbilledEmailGroups(db: Db, o: { accountId: number; timezone: string }) {
  return rows<EmailGroupRow>(db, unbilledEmailGroupsSql(o));
}

/** Live invoice lines (not released, invoice not void) by client, invoice status, kind and source, for work done on startDate…endDate. */
export type LineGroupRow = {
  client_id: number;
  status: string;
  kind: string;
  source: string | null;
  lines: number;
  raw: number;
  billed: number;
  amount: number;
};

/**
 * A line's work date is the day its call started in the account's zone, so its call started within the days'
 * instants, give or take a change of zone since it was invoiced (at most 26 hours apart): joining only the calls of
 * [start − 2 days, end + 2 days) finds every line's call through calls_account_started_idx, where a join to all
 * calls read every call of the account (100,000 at the bench's size) for the lines' sources.
 */
const ZONE_SLACK_MS = 2 * 86_400_000;

/** Live lines of work done on startDate…endDate summed per invoice, kind and source, as invoice_line_months keeps them. */
function lineRowsSql(accountId: number, days: { startDate: string; endDate: string }, timezone: string): SQL {
  const { start, end } = dayRangeInZone(days.startDate, days.endDate, timezone);
  const from = new Date(start.getTime() - ZONE_SLACK_MS);
  const to = new Date(end.getTime() + ZONE_SLACK_MS);
  return sql`select it.invoice_id, it.kind, coalesce(c.source, '') as source, count(*) as lines,
        sum(it.duration_seconds) as raw, sum(it.billed_seconds) as billed, sum(it.amount_cents) as amount
      from invoice_items it
      left join calls c on c.id = it.call_id and c.account_id = ${accountId} and c.started_at >= ${from} and c.started_at < ${to}
      where it.account_id = ${accountId} and it.released_at is null
        and it.work_date >= ${days.startDate} and it.work_date <= ${days.endDate}
      group by it.invoice_id, it.kind, c.source`;
}

/**
 * Live invoice lines (not released, invoice not void) of work done in the period, by the invoice's client and status,
 * kind and source: whole months from invoice_line_months (kept by triggers on invoice_items, migration 0020; about
 * 600 rows a quarter instead of 8,000 lines and their calls), the edge days from the lines. Either way summed per
 * invoice first, so the invoices are looked up a few hundred times, not once per line.
 */
export function invoiceLineGroupsSql(o: PeriodBounds): SQL {
  const split = splitByWholeMonths(o.startDate, o.endDate);
  const parts: SQL[] = split.edges.map((days) => lineRowsSql(o.accountId, days, o.timezone));
  if (split.months) {
    parts.unshift(sql`select invoice_id, kind, source, lines, raw_seconds as raw, billed_seconds as billed,
          amount_cents as amount
        from invoice_line_months
        where account_id = ${o.accountId} and month >= ${split.months.fromMonth} and month < ${split.months.toMonth}
          and lines <> 0`);
  }
  return sql`select inv.client_id, inv.status, l.kind, nullif(l.source, '') as source, sum(l.lines)::int as lines,
        sum(l.raw)::float8 as raw, sum(l.billed)::float8 as billed, sum(l.amount)::float8 as amount
      from (${sql.join(parts, sql` union all `)}) l
      join invoices inv on inv.id = l.invoice_id and inv.account_id = ${o.accountId}
      where inv.status <> 'void'
      group by inv.client_id, inv.status, l.kind, l.source`;
}
export function findInvoiceLineGroups(db: Db, o: PeriodBounds) {
  return rows<LineGroupRow>(db, invoiceLineGroupsSql(o));
}

/**
 * Billed work (live invoice lines) per month the work was done, for the months starting startDate…endDate: the rows
 * the invoice lines' own triggers keep (billed_work_months, migration 0019), 15 rows instead of every line of 15 months.
 */
export function billedMonthsSql(o: { accountId: number; startDate: string; endDate: string }): SQL {
  return sql`select month::text as month, amount_cents::float8 as amount from billed_work_months
      where account_id = ${o.accountId} and month >= ${o.startDate} and month <= ${o.endDate} and lines <> 0
      order by month`;
}
export function findBilledMonths(db: Db, o: { accountId: number; startDate: string; endDate: string }) {
  return rows<{ month: string; amount: number }>(db, billedMonthsSql(o));
}

/** Per client, the average days from issue to payment of its invoices paid in [start, end). */
export function daysToPaymentSql(o: { accountId: number; start: Date; end: Date; timezone: string }): SQL {
  return sql`select client_id, avg(((paid_at at time zone ${o.timezone})::date - issued_on))::float8 as days
      from invoices where account_id = ${o.accountId} and status = 'paid' and paid_at >= ${o.start} and paid_at < ${o.end}
      group by client_id`;
}
export function findDaysToPayment(db: Db, o: { accountId: number; start: Date; end: Date; timezone: string }) {
  return rows<{ client_id: number; days: number }>(db, daysToPaymentSql(o));
}

/** The account's clients (archived ones too: their work still counts): name and own rounding scope. */
export function findClientScopes(db: Db, accountId: number) {
  return rows<{ id: number; name: string; rounding_scope: string | null }>(
    db,
    sql`select id, name, rounding_scope from clients where account_id = ${accountId}`,
  );
}
