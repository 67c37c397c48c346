import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls, invoices } from "../../src/server/db/schema/index.js";
import { buildCall, buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The month totals the Analytics page reads instead of the rows (invoiced_call_months and invoice_line_months,
 * migration 0020; docs/analytics.md "How the request reads") must equal the calls and lines they sum after every
 * way those change: invoicing, edits, re-pricing, a client assigned, paid, void, billed again, deleted, a call
 * deleted, the account's zone changed; and a week or custom period, whose edge days come from the rows, must
 * answer what the lines of those days add up to.
 */
let t: TestApp;
let a: TestAccount;
let other: TestAccount;
const NOW = new Date("2026-04-15T12:00:00Z");

type Row = Record<string, string | number | null>;

async function query(text: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await t.app.db.execute(text)) as unknown as { rows: Row[] }).rows;
}

const callKey = sql`client_id, source, rate_cents, billing_type, minimum_billing_minutes, rounding_increment_minutes`;

function keptCalls(accountId: number) {
  return query(sql`select month::text as month, ${callKey}, calls, raw_seconds::int as raw, billed_seconds::int as billed,
      amount_cents::int as amount
    from invoiced_call_months where account_id = ${accountId} and calls <> 0 order by 1, 2, 3, 4`);
}

/** The same totals from the calls themselves, in the account's zone as it is now. */
function callsSummed(accountId: number) {
  return query(sql`select date_trunc('month', started_at at time zone (select timezone from accounts where id = ${accountId}))::date::text
        as month, ${callKey},
      count(*)::int as calls, sum(duration_seconds)::int as raw, sum(billed_seconds)::int as billed,
      sum(amount_cents)::int as amount
    from calls where account_id = ${accountId} and invoice_id is not null and ended_at is not null and not is_test
    group by 1, ${callKey} order by 1, 2, 3, 4`);
}

function keptLines(accountId: number) {
  return query(sql`select month::text as month, invoice_id, kind, source, lines, raw_seconds::int as raw,
      billed_seconds::int as billed, amount_cents::int as amount
    from invoice_line_months where account_id = ${accountId} and lines <> 0 order by 1, 2, 3, 4`);
}

function linesSummed(accountId: number) {
  return query(sql`select date_trunc('month', it.work_date)::date::text as month, it.invoice_id, it.kind,
      coalesce(c.source, '') as source, count(*)::int as lines, sum(it.duration_seconds)::int as raw,
      sum(it.billed_seconds)::int as billed, sum(it.amount_cents)::int as amount
    from invoice_items it left join calls c on c.id = it.call_id
    where it.account_id = ${accountId} and it.released_at is null
    group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
}

async function expectKeptEqualsRows() {
  for (const account of [a, other]) {
    expect(await keptCalls(account.accountId)).toEqual(await callsSummed(account.accountId));
    expect(await keptLines(account.accountId)).toEqual(await linesSummed(account.accountId));
  }
}

/** What the page must call invoiced for work done on from…to: the live lines of those days on invoices not void. */
async function invoicedCents(accountId: number, from: string, to: string): Promise<number> {
  const [row] = await query(sql`select coalesce(sum(it.amount_cents), 0)::int as cents
    from invoice_items it join invoices inv on inv.id = it.invoice_id
    where it.account_id = ${accountId} and it.released_at is null and inv.status <> 'void'
      and it.work_date >= ${from} and it.work_date <= ${to}`);
  return Number(row!.cents);
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

async function invoiceDays(who: TestAccount, from: string, to: string): Promise<{ id: number; total: string }[]> {
  const made = await who.c.post("/api/invoices", { dateFrom: from, dateTo: to, clientId: null, template: "professional" });
  expect(made.status).toBe(201);
  return made.body.invoices;
}

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  a = await newAccount(t, { timezone: "America/New_York" });
  other = await newAccount(t);
});
afterAll(async () => t?.close());

describe("analytics totals kept per month", () => {
  it("equal the calls and lines after invoicing, edits, re-pricing, paid, void, billed again, deletes and a new zone", async () => {
    const acme = await buildClient(a.c, { name: "Acme Kept LLP" });
    const beta = await buildClient(a.c, { name: "Beta Kept Inc", billingRate: "200.00", billingType: "hour" });
    const elsewhere = await buildClient(other.c, { name: "Elsewhere Kept" });
    // 01:30 UTC on Feb 1 is still January 31 in New York: the month is the zone's.
    const made = [];
    for (const [clientId, startedAt, seconds] of [
      [acme.id, "2026-01-10T15:00:00Z", 1800],
      [acme.id, "2026-02-01T01:30:00Z", 3600],
      [beta.id, "2026-02-02T15:00:00Z", 900],
      [beta.id, "2026-02-27T15:00:00Z", 1250],
      [acme.id, "2026-03-03T15:00:00Z", 1200],
      [null, "2026-03-04T15:00:00Z", 600],
    ] as const) {
      made.push(await buildCall(a, { clientId, startedAt, durationSeconds: seconds }));
    }
    await t.app.db.update(calls).set({ source: "zoom" }).where(eq(calls.id, made[1]!.id));
    await t.app.db.update(calls).set({ source: "twilio" }).where(eq(calls.id, made[3]!.id));
    await buildCall(other, { clientId: elsewhere.id, startedAt: "2026-01-12T15:00:00Z", durationSeconds: 7200 });
    expect(await keptCalls(a.accountId)).toEqual([]);
    await expectKeptEqualsRows();

    // An edit and a re-pricing before invoicing, then January and February billed.
    expect((await a.c.patch(`/api/calls/${made[2]!.id}`, { duration: 1000 })).status).toBe(200);
    expect((await a.c.put(`/api/clients/${beta.id}`, { name: beta.name, billingRate: "240.00", billingType: "hour" })).status).toBe(200);
    expect((await a.c.post("/api/calls/reprice", { clientId: beta.id })).status).toBe(200);
    const january = await invoiceDays(a, "2026-01-01", "2026-01-31");
    const february = await invoiceDays(a, "2026-02-01", "2026-02-28");
    await invoiceDays(other, "2026-01-01", "2026-01-31");
    await expectKeptEqualsRows();
    expect((await keptCalls(a.accountId)).map((row) => [row.month, row.calls, row.source])).toEqual([
      ["2026-01-01", 1, "manual"],
      ["2026-01-01", 1, "zoom"],
      ["2026-02-01", 1, "manual"],
      ["2026-02-01", 1, "twilio"],
    ]);

    // Sent (as the send route would mark it), paid, and February voided: its calls and lines leave the totals.
    for (const invoice of [...january, ...february]) {
      await t.app.db.update(invoices).set({ status: "sent", sentAt: NOW }).where(eq(invoices.id, invoice.id));
    }
    expect((await a.c.post(`/api/invoices/${january[0]!.id}/mark-paid`, {})).status).toBe(200);
    expect((await a.c.post(`/api/invoices/${february[0]!.id}/void`, {})).status).toBe(200);
    await expectKeptEqualsRows();

    // The call without a client gets one; February and March billed again; the draft deleted, an unbilled call too.
    expect((await a.c.patch(`/api/calls/${made[5]!.id}`, { clientId: acme.id })).status).toBe(200);
    const again = await invoiceDays(a, "2026-02-01", "2026-03-31");
    await expectKeptEqualsRows();
    const week = await a.c.get("/api/analytics?period=week&date=2026-03-01");
    expect(cents(week.body.funnel.invoiced.amount)).toBe(await invoicedCents(a.accountId, "2026-03-01", "2026-03-07"));
    const custom = await a.c.get("/api/analytics?period=custom&from=2026-01-20&to=2026-03-03");
    expect(custom.status).toBe(200);
    expect(cents(custom.body.funnel.invoiced.amount)).toBe(await invoicedCents(a.accountId, "2026-01-20", "2026-03-03"));
    expect(cents(custom.body.funnel.invoiced.amount)).toBeGreaterThan(0);
    for (const invoice of again) expect((await a.c.delete(`/api/invoices/${invoice.id}`)).status).toBe(200);
    const unbilled = await buildCall(a, { clientId: acme.id, startedAt: "2026-03-20T15:00:00Z", durationSeconds: 300 });
    expect((await a.c.delete(`/api/calls/${unbilled.id}`)).status).toBe(200);
    await expectKeptEqualsRows();

    // A new zone moves the call of 01:30 UTC on Feb 1 into February: the account's months are made again.
    const before = await keptCalls(a.accountId);
    expect((await a.c.put("/api/settings", { timezone: "Europe/London" })).status).toBe(200);
    await expectKeptEqualsRows();
    expect(await keptCalls(a.accountId)).not.toEqual(before);
    expect((await keptCalls(a.accountId)).map((row) => [row.month, row.source])).toEqual([
      ["2026-01-01", "manual"],
      ["2026-02-01", "zoom"],
    ]);

    // A closed month from the kept totals: the page's invoiced total is January's invoice.
    const page = await a.c.get("/api/analytics?period=month&date=2026-01-15");
    expect(cents(page.body.funnel.invoiced.amount)).toBe(cents(january[0]!.total));
    expect(cents(page.body.funnel.paid.amount)).toBe(cents(january[0]!.total));
  });
});
