import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";

/**
 * The Analytics page's reads (docs/analytics.md): each one aggregate statement, grouped only as far
 * as the pricing engine needs (per client, day and pricing rules), so the page costs the same with
 * 100 calls as with 100,000. Sums come back as float8: exact up to 2^53, where int8 would need a
 * parser and int4 would overflow on money.
 */

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Ended calls grouped by client, source, day (in the zone), pricing rules and whether they are invoiced. */
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

function callGroups(where: SQL, timezone: string): SQL {
  return sql`select client_id, source, (started_at at time zone ${timezone})::date::text as day, rate_cents, billing_type,
      minimum_billing_minutes, rounding_increment_minutes, (invoice_id is not null) as invoiced, count(*)::int as calls,
      sum(duration_seconds)::float8 as raw, sum(billed_seconds)::float8 as billed, sum(amount_cents)::float8 as amount
    from calls where ${where}
    group by client_id, source, 3, rate_cents, billing_type, minimum_billing_minutes, rounding_increment_minutes, invoice_id is not null`;
}

/** The account's ended calls that started in [start, end); test-event calls (issue 29) are never work, as invoices never bill them. */
export function findCallGroupsInPeriod(db: Db, o: { accountId: number; start: Date; end: Date; timezone: string }) {
  return rows<CallGroupRow>(
    db,
    callGroups(
      sql`account_id = ${o.accountId} and ended_at is not null and not is_test and started_at >= ${o.start} and started_at < ${o.end}`,
      o.timezone,
    ),
  );
}

/** Every ended call of a client not yet invoiced, whenever it was done (calls_account_unbilled_idx); test-event calls left out. */
export function findUnbilledCallGroups(db: Db, o: { accountId: number; timezone: string }) {
  return rows<CallGroupRow>(
    db,
    callGroups(
      sql`account_id = ${o.accountId} and invoice_id is null and ended_at is not null and client_id is not null and not is_test`,
      o.timezone,
    ),
  );
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

export function findEmailGroupsInPeriod(db: Db, o: { accountId: number; start: Date; end: Date; timezone: string }) {
  return rows<EmailGroupRow>(
    db,
    emailGroups(sql`account_id = ${o.accountId} and created_at >= ${o.start} and created_at < ${o.end}`, o.timezone),
  );
}

export function findUnbilledEmailGroups(db: Db, o: { accountId: number; timezone: string }) {
  return rows<EmailGroupRow>(db, emailGroups(sql`account_id = ${o.accountId} and invoice_id is null`, o.timezone));
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

export function findInvoiceLineGroups(db: Db, o: { accountId: number; startDate: string; endDate: string }) {
  return rows<LineGroupRow>(
    db,
    sql`select inv.client_id, inv.status, it.kind, c.source, count(*)::int as lines, sum(it.duration_seconds)::float8 as raw,
        sum(it.billed_seconds)::float8 as billed, sum(it.amount_cents)::float8 as amount
      from invoice_items it
      join invoices inv on inv.id = it.invoice_id
      left join calls c on c.id = it.call_id
      where it.account_id = ${o.accountId} and it.released_at is null and inv.status <> 'void'
        and it.work_date >= ${o.startDate} and it.work_date <= ${o.endDate}
      group by inv.client_id, inv.status, it.kind, c.source`,
  );
}

/** Billed work (live invoice lines) per month the work was done, for startDate…endDate. */
export function findBilledMonths(db: Db, o: { accountId: number; startDate: string; endDate: string }) {
  return rows<{ month: string; amount: number }>(
    db,
    sql`select date_trunc('month', it.work_date)::date::text as month, sum(it.amount_cents)::float8 as amount
      from invoice_items it join invoices inv on inv.id = it.invoice_id
      where it.account_id = ${o.accountId} and it.released_at is null and inv.status <> 'void'
        and it.work_date >= ${o.startDate} and it.work_date <= ${o.endDate}
      group by 1 order by 1`,
  );
}

/** Per client, the average days from issue to payment of its invoices paid in [start, end). */
export function findDaysToPayment(db: Db, o: { accountId: number; start: Date; end: Date; timezone: string }) {
  return rows<{ client_id: number; days: number }>(
    db,
    sql`select client_id, avg(((paid_at at time zone ${o.timezone})::date - issued_on))::float8 as days
      from invoices where account_id = ${o.accountId} and status = 'paid' and paid_at >= ${o.start} and paid_at < ${o.end}
      group by client_id`,
  );
}

/** The account's clients (archived ones too: their work still counts): name and own rounding scope. */
export function findClientScopes(db: Db, accountId: number) {
  return rows<{ id: number; name: string; rounding_scope: string | null }>(
    db,
    sql`select id, name, rounding_scope from clients where account_id = ${accountId}`,
  );
}
