import { type SQL, sql } from "drizzle-orm";
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

/** The account's ended calls that started in [start, end); test-event calls (issue 29) are never work, as invoices never bill them. */
export function callGroupsInPeriodSql(o: { accountId: number; start: Date; end: Date; timezone: string }): SQL {
  return callGroups(
    sql`account_id = ${o.accountId} and ended_at is not null and not is_test and started_at >= ${o.start} and started_at < ${o.end}`,
    o.timezone,
  );
}
export function findCallGroupsInPeriod(db: Db, o: { accountId: number; start: Date; end: Date; timezone: string }) {
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
 * A line's work date is the day its call started in the account's zone, so its call started within the period's
 * instants, give or take a change of zone since it was invoiced (at most 26 hours apart): joining only the calls of
 * [start − 2 days, end + 2 days) finds every line's call through calls_account_started_idx, where a join to all
 * calls read every call of the account (100,000 at the bench's size) for the lines' sources. Lines are summed per
 * invoice first, so the invoices are looked up a few hundred times, not once per line.
 */
const ZONE_SLACK_MS = 2 * 86_400_000;

export type InvoiceLineBounds = { accountId: number; startDate: string; endDate: string; start: Date; end: Date };

export function invoiceLineGroupsSql(o: InvoiceLineBounds): SQL {
  const from = new Date(o.start.getTime() - ZONE_SLACK_MS);
  const to = new Date(o.end.getTime() + ZONE_SLACK_MS);
  return sql`select inv.client_id, inv.status, l.kind, l.source, sum(l.lines)::int as lines, sum(l.raw)::float8 as raw,
        sum(l.billed)::float8 as billed, sum(l.amount)::float8 as amount
      from (
        select it.invoice_id, it.kind, c.source, count(*) as lines, sum(it.duration_seconds) as raw,
          sum(it.billed_seconds) as billed, sum(it.amount_cents) as amount
        from invoice_items it
        left join calls c on c.id = it.call_id and c.account_id = ${o.accountId} and c.started_at >= ${from} and c.started_at < ${to}
        where it.account_id = ${o.accountId} and it.released_at is null
          and it.work_date >= ${o.startDate} and it.work_date <= ${o.endDate}
        group by it.invoice_id, it.kind, c.source
      ) l
      join invoices inv on inv.id = l.invoice_id and inv.account_id = ${o.accountId}
      where inv.status <> 'void'
      group by inv.client_id, inv.status, l.kind, l.source`;
}
export function findInvoiceLineGroups(db: Db, o: InvoiceLineBounds) {
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
