import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls, invoices } from "../../src/server/db/schema/index.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { buildCall, buildClient, buildEmail, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The Analytics page's API (issue 27 §1): numbers from the invoices' own lines and the same pricing
 * engine, so a closed month's invoiced total is the sum of that month's invoices.
 */
let t: TestApp;
let a: TestAccount;
const NOW = new Date("2026-04-15T12:00:00Z");
const cents = (amount: string) => Math.round(Number(amount) * 100);

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  a = await newAccount(t);
});
afterAll(async () => t?.close());

let entryClient: number;
let dayClient: number;

describe("a closed month", () => {
  it("prices unbilled work as invoices then bill it, and its invoiced total equals the sum of that month's invoices", async () => {
    expect((await a.c.put("/api/settings", { weeklyWorkingHours: 35 })).status).toBe(200);
    entryClient = (await buildClient(a.c, { name: "Entry Partners", roundingIncrementMinutes: 15 })).id;
    dayClient = (await buildClient(a.c, { name: "Daily Ltd", roundingIncrementMinutes: 15, roundingScope: "day" })).id;
    for (const [clientId, startedAt, seconds] of [
      [entryClient, "2026-03-03T10:00:00Z", 600],
      [entryClient, "2026-03-10T10:00:00Z", 1200],
      [entryClient, "2026-03-31T23:00:00Z", 420],
      [dayClient, "2026-03-02T09:00:00Z", 240],
      [dayClient, "2026-03-02T11:00:00Z", 240],
      [dayClient, "2026-03-02T15:00:00Z", 240],
      [dayClient, "2026-03-03T10:00:00Z", 240],
    ] as const) {
      await buildCall(a, { clientId, startedAt, durationSeconds: seconds });
    }
    const teams = await buildCall(a, { clientId: entryClient, startedAt: "2026-03-20T10:00:00Z", durationSeconds: 3600 });
    await a.db.update(calls).set({ source: "teams" }).where(eq(calls.id, teams.id));
    await buildEmail(a, { clientId: entryClient, createdAt: "2026-03-12T10:00:00Z", seconds: 900 });
    await buildCall(a, { clientId: null, startedAt: "2026-03-05T10:00:00Z", durationSeconds: 60 });
    // A call made by "Send a test event" (issue 29) is never invoiced, so it is no one's work here either.
    const testEvent = await buildCall(a, { clientId: entryClient, startedAt: "2026-03-25T10:00:00Z", durationSeconds: 3000 });
    await a.db.update(calls).set({ isTest: true, source: "zoom" }).where(eq(calls.id, testEvent.id));

    const before = await a.c.get("/api/analytics?period=month&date=2026-03-15");
    expect(before.status).toBe(200);
    expect(before.body.period).toEqual({ kind: "month", startDate: "2026-03-01", endDate: "2026-03-31", label: "March 2026" });
    expect(before.body.funnel.invoiced).toEqual({ seconds: 0, amount: "0.00" });

    const made = await a.c.post("/api/invoices", {
      dateFrom: "2026-03-01",
      dateTo: "2026-03-31",
      clientId: null,
      template: "professional",
    });
    expect(made.status).toBe(201);
    const totals = made.body.invoices.map((invoice: { total: string }) => cents(invoice.total));
    const invoicedSum = totals.reduce((sum: number, value: number) => sum + value, 0);

    const after = await a.c.get("/api/analytics?period=month&date=2026-03-15");
    const funnel = after.body.funnel;
    expect(cents(funnel.invoiced.amount)).toBe(invoicedSum);
    // The unassigned minute is billable but cannot be invoiced: $2.50 at $150/h, every started minute.
    expect(cents(before.body.funnel.billable.amount)).toBe(invoicedSum + 250);
    expect(cents(funnel.billable.amount)).toBe(invoicedSum + 250);
    // Day scope: 12 min → 15 and 4 min → 15 = $75.00; entry: 15 + 30 + 15 + 60 min + the email's 15 min = $337.50.
    expect(invoicedSum).toBe(7500 + 33750);
    expect(funnel.captured.seconds).toBe(600 + 1200 + 420 + 4 * 240 + 3600 + 900 + 60);
    expect(funnel.workingSeconds).toBe((35 * 3600 * 31) / 7);
    expect(funnel.utilization).toBeCloseTo(funnel.billable.seconds / funnel.workingSeconds, 4);
    expect(funnel.realization).toBeCloseTo(invoicedSum / (invoicedSum + 250), 4);
    expect(funnel.paid.amount).toBe("0.00");
    expect(funnel.collection).toBe(0);
  });

  it("counts paid invoices, collection and days to payment", async () => {
    const [daily] = await a.db.select().from(invoices).where(eq(invoices.clientId, dayClient));
    await a.db.update(invoices).set({ status: "sent", sentAt: NOW }).where(eq(invoices.id, daily!.id));
    expect((await a.c.post(`/api/invoices/${daily!.id}/mark-paid`)).status).toBe(200);
    const month = (await a.c.get("/api/analytics?period=month&date=2026-03-15")).body;
    expect(month.funnel.paid.amount).toBe("75.00");
    expect(month.funnel.collection).toBeCloseTo(7500 / 41250, 4);
    const april = (await a.c.get("/api/analytics?period=month&date=2026-04-15")).body;
    const row = april.byClient.find((client: { clientId: number }) => client.clientId === dayClient);
    expect(row.averageDaysToPayment).toBe(0);
  });

  it("shows clients with revenue, raw hours and effective rate, and sources", async () => {
    const month = (await a.c.get("/api/analytics?period=quarter&date=2026-02-01")).body;
    expect(month.period).toMatchObject({ startDate: "2026-01-01", endDate: "2026-03-31", label: "Q1 2026" });
    const entry = month.byClient.find((client: { clientId: number }) => client.clientId === entryClient);
    expect(entry).toMatchObject({ name: "Entry Partners", revenue: "337.50", rawSeconds: 600 + 1200 + 420 + 3600 + 900 });
    // $337.50 for 6,720 raw seconds of invoiced work = $180.80 an hour.
    expect(entry.effectiveHourlyRate).toBe("180.80");
    const sources = Object.fromEntries(month.bySource.map((row: { source: string }) => [row.source, row]));
    expect(Object.keys(sources)).toEqual(["manual", "zoom", "teams", "meet", "phone", "sms", "calendar", "desktop", "email"]);
    expect(sources.teams).toMatchObject({ items: 1, rawSeconds: 3600, billableAmount: "150.00" });
    expect(sources.email).toMatchObject({ items: 1, rawSeconds: 900, billableAmount: "37.50" });
  });
});

describe("unbilled work and the forecast", () => {
  it("lists unbilled work by client and age, priced under the client's scope", async () => {
    await buildCall(a, { clientId: dayClient, startedAt: "2026-04-14T09:00:00Z", durationSeconds: 240 });
    await buildCall(a, { clientId: dayClient, startedAt: "2026-04-14T10:00:00Z", durationSeconds: 240 });
    await buildCall(a, { clientId: entryClient, startedAt: "2025-12-01T10:00:00Z", durationSeconds: 1800 });
    const body = (await a.c.get("/api/analytics")).body;
    const daily = body.unbilled.find((row: { clientId: number }) => row.clientId === dayClient);
    expect(daily).toMatchObject({
      days0to30: "37.50",
      over90: "0.00",
      total: "37.50",
      seconds: 480,
      oldestWorkDate: "2026-04-14",
    });
    const entry = body.unbilled.find((row: { clientId: number }) => row.clientId === entryClient);
    expect(entry).toMatchObject({ over90: "75.00", total: "75.00", oldestWorkDate: "2025-12-01" });
    const client = body.byClient.find((row: { clientId: number }) => row.clientId === entryClient);
    expect(client).toMatchObject({ unbilledAmount: "75.00", oldestUnbilledDays: 135 });
  });

  it("forecasts 3 months as a band with its method, and keeps the quarter's first forecast", async () => {
    const body = (await a.c.get("/api/analytics")).body;
    expect(body.forecast.method).toContain("least squares");
    expect(body.forecast.months.map((month: { month: string }) => month.month)).toEqual([
      "2026-04-01",
      "2026-05-01",
      "2026-06-01",
    ]);
    for (const month of body.forecast.months) {
      expect(cents(month.low)).toBeLessThanOrEqual(cents(month.expected));
      expect(cents(month.expected)).toBeLessThanOrEqual(cents(month.high));
    }
    expect(body.forecast.history).toHaveLength(12);
    expect(body.forecast.history.at(-1)).toEqual({ month: "2026-03-01", billed: "412.50" });
    const kept = await a.db.execute(
      sql`select count(*)::int as n from analytics_forecasts where account_id = ${a.accountId} and made_in_quarter = '2026-04-01'`,
    );
    expect((kept as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(3);
    await a.c.get("/api/analytics");
    const again = await a.db.execute(sql`select count(*)::int as n from analytics_forecasts where account_id = ${a.accountId}`);
    expect((again as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(3);
  });
});

describe("bad input and other accounts", () => {
  it("refuses bad periods with a 400 and a message, changing nothing", async () => {
    for (const [query, message] of [
      ["period=year", "period must be week, month, quarter or custom"],
      ["period=custom&from=2026-01-01", "A custom period needs both from and to"],
      ["period=custom&from=2026-02-01&to=2026-01-01", "The end date must not be before the start date"],
      ["period=custom&from=2020-01-01&to=2026-01-01", "A custom period can cover at most 1100 days"],
      ["date=2026-02-30", "Use a real date like 2026-01-31"],
    ]) {
      const response = await expectNothingChanged(t.app.db, () => a.c.get(`/api/analytics?${query}`));
      expect(response.status, query).toBe(400);
      expect(response.body.message).toContain(message);
    }
  });

  it("answers a custom period and a week", async () => {
    const custom = (await a.c.get("/api/analytics?period=custom&from=2026-03-02&to=2026-03-02")).body;
    expect(custom.period.label).toBe("Mar 2 - Mar 2, 2026");
    expect(custom.funnel.invoiced.amount).toBe("37.50");
    const week = (await a.c.get("/api/analytics?period=week&date=2026-03-04")).body;
    expect(week.period).toMatchObject({ startDate: "2026-03-01", endDate: "2026-03-07" });
  });

  it("shows another account nothing of this one's work", async () => {
    const other = await newAccount(t);
    const body = (await other.c.get("/api/analytics?period=quarter&date=2026-02-01")).body;
    expect(body.byClient).toEqual([]);
    expect(body.unbilled).toEqual([]);
    expect(body.funnel.captured).toEqual({ seconds: 0, amount: "0.00" });
    expect((await t.client().get("/api/analytics")).status).toBe(401);
  });
});

describe("the per-instance cache of answers", () => {
  it("answers a period again after the account's own write with that write in it", async () => {
    const fresh = await newAccount(t);
    const url = "/api/analytics?period=month&date=2026-02-15";
    const empty = (await fresh.c.get(url)).body;
    expect(empty.funnel.captured).toEqual({ seconds: 0, amount: "0.00" });
    const client = (await buildClient(fresh.c, { name: "Cached Answers Co" })).id;
    await buildCall(fresh, { clientId: client, startedAt: "2026-02-10T15:00:00Z", durationSeconds: 1800 });
    const after = (await fresh.c.get(url)).body;
    expect(after.funnel.captured).toEqual({ seconds: 1800, amount: "75.00" });
    expect(after.byClient.map((row: { name: string }) => row.name)).toEqual(["Cached Answers Co"]);
  });
});
