import { eq, sql } from "drizzle-orm";
import { invoices } from "../../src/server/db/schema/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCall, buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The billed work kept per month (billed_work_months, migration 0019; docs/analytics.md) is what the
 * Analytics forecast reads instead of every invoice line: after every way an invoice's lines come, go
 * or are released, it must equal the live lines summed by month, and the forecast's history must equal
 * the invoices' totals.
 */
let t: TestApp;
let a: TestAccount;
let other: TestAccount;
const NOW = new Date("2026-04-15T12:00:00Z");
const cents = (amount: string) => Math.round(Number(amount) * 100);

type MonthRow = { month: string; amount: number; lines: number };

async function kept(accountId: number): Promise<MonthRow[]> {
  const result = (await t.app.db.execute(sql`
    select month::text as month, amount_cents::int as amount, lines from billed_work_months
    where account_id = ${accountId} and lines <> 0 order by month`)) as unknown as { rows: MonthRow[] };
  return result.rows;
}

/** The same figures from the lines themselves, as the page read them before the kept totals. */
async function fromLines(accountId: number): Promise<MonthRow[]> {
  const result = (await t.app.db.execute(sql`
    select date_trunc('month', it.work_date)::date::text as month, sum(it.amount_cents)::int as amount, count(*)::int as lines
    from invoice_items it join invoices inv on inv.id = it.invoice_id
    where it.account_id = ${accountId} and it.released_at is null and inv.status <> 'void'
    group by 1 order by 1`)) as unknown as { rows: MonthRow[] };
  return result.rows;
}

async function expectKeptEqualsLines() {
  for (const account of [a, other]) expect(await kept(account.accountId)).toEqual(await fromLines(account.accountId));
}

async function invoiceMonth(who: TestAccount, from: string, to: string): Promise<{ id: number; total: string }[]> {
  const made = await who.c.post("/api/invoices", { dateFrom: from, dateTo: to, clientId: null, template: "professional" });
  expect(made.status).toBe(201);
  return made.body.invoices;
}

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  a = await newAccount(t);
  other = await newAccount(t);
});
afterAll(async () => t?.close());

describe("billed work kept per month", () => {
  it("follows invoices created, sent, paid, voided, billed again and deleted, per account", async () => {
    const client = (await buildClient(a.c, { name: "Kept Totals LLP" })).id;
    const otherClient = (await buildClient(other.c, { name: "Elsewhere Inc" })).id;
    for (const [startedAt, seconds] of [
      ["2026-01-10T15:00:00Z", 1800],
      ["2026-01-31T15:00:00Z", 3600],
      ["2026-02-02T15:00:00Z", 900],
      ["2026-03-03T15:00:00Z", 1200],
    ] as const) {
      await buildCall(a, { clientId: client, startedAt, durationSeconds: seconds });
    }
    await buildCall(other, { clientId: otherClient, startedAt: "2026-01-12T15:00:00Z", durationSeconds: 7200 });
    expect(await kept(a.accountId)).toEqual([]);

    const january = await invoiceMonth(a, "2026-01-01", "2026-01-31");
    const february = await invoiceMonth(a, "2026-02-01", "2026-02-28");
    await invoiceMonth(other, "2026-01-01", "2026-01-31");
    await expectKeptEqualsLines();
    // $150/h: 30 + 60 minutes in January, 15 in February.
    expect(await kept(a.accountId)).toEqual([
      { month: "2026-01-01", amount: 22500, lines: 2 },
      { month: "2026-02-01", amount: 3750, lines: 1 },
    ]);

    // Sending needs a mail server; marked sent as the send route would, then paid and voided through the API.
    for (const invoice of [january[0]!, february[0]!]) {
      await a.db.update(invoices).set({ status: "sent", sentAt: NOW }).where(eq(invoices.id, invoice.id));
    }
    expect((await a.c.post(`/api/invoices/${january[0]!.id}/mark-paid`, {})).status).toBe(200);
    await expectKeptEqualsLines();

    // Voiding releases February's line: the month bills nothing until it is invoiced again.
    expect((await a.c.post(`/api/invoices/${february[0]!.id}/void`, {})).status).toBe(200);
    expect(await kept(a.accountId)).toEqual([{ month: "2026-01-01", amount: 22500, lines: 2 }]);
    await expectKeptEqualsLines();

    const again = await invoiceMonth(a, "2026-02-01", "2026-03-31");
    await expectKeptEqualsLines();
    expect(await kept(a.accountId)).toEqual([
      { month: "2026-01-01", amount: 22500, lines: 2 },
      { month: "2026-02-01", amount: 3750, lines: 1 },
      { month: "2026-03-01", amount: 5000, lines: 1 },
    ]);

    // Deleting the draft takes its lines away again.
    expect((await a.c.delete(`/api/invoices/${again[0]!.id}`)).status).toBe(200);
    await expectKeptEqualsLines();
    expect(await kept(a.accountId)).toEqual([{ month: "2026-01-01", amount: 22500, lines: 2 }]);
    expect(await kept(other.accountId)).toEqual([{ month: "2026-01-01", amount: 30000, lines: 1 }]);

    // The forecast's history is the invoices' totals by month of the work.
    const page = await a.c.get("/api/analytics?period=month&date=2026-03-15");
    expect(page.status).toBe(200);
    const history = new Map(page.body.forecast.history.map((m: { month: string; billed: string }) => [m.month, cents(m.billed)]));
    expect(history.get("2026-01-01")).toBe(cents(january[0]!.total));
    expect(history.get("2026-02-01")).toBe(0);
    expect(history.get("2026-03-01")).toBe(0);
  });
});
