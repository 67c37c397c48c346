import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallJson, CallsPage, PeriodTotalsJson } from "../../src/core/contracts/calls.js";
import { PERIOD_BOTH_OR_NEITHER } from "../../src/core/contracts/calls.js";
import { AT_LEAST_ONE_CALL, type InvoicesPage, PERIOD_SELECTION_NEEDS } from "../../src/core/contracts/invoices.js";
import { CURSOR_INVALID, PAGE_LIMIT_MAX } from "../../src/core/contracts/paging.js";
import type { TrackedEmailsPage } from "../../src/core/contracts/tracked-emails.js";
import { parseDecimalToCents } from "../../src/core/money.js";
import { parse } from "csv-parse/sync";
import type { ApiClient, ApiResponse } from "../helpers/api-client.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { buildCall, buildCalls, buildClient, buildEmail, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 31 §1: long lists page by keyset (GET /api/calls/page, /api/emails/page, /api/invoices/page),
 * the client log's figures come from the database (GET /api/clients/{id}/period-totals), and the
 * period's Generate Invoice lets the server choose the unbilled calls. The whole-list endpoints
 * (GET /api/calls, /api/emails, /api/invoices) keep answering as before; the pages must add up to exactly what they list.
 */
let t: TestApp;
let owner: TestAccount;
let stranger: TestAccount;
let busyId: number;
let quietId: number;
const YEAR = "startDate=2025-01-01&endDate=2025-12-31";

/** Every page of a list, following nextCursor; fails if a page repeats a row. */
async function allPages<T extends { id: number }>(
  c: ApiClient,
  path: string,
  limit: number,
): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = path.includes("?") ? "&" : "?";
    const response: ApiResponse<{ items: T[]; nextCursor: string | null }> = await c.get(
      `${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body.items.length).toBeLessThanOrEqual(limit);
    items.push(...response.body.items);
    cursor = response.body.nextCursor;
    pages++;
  } while (cursor !== null && pages < 100);
  expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  return { items, pages };
}

beforeAll(async () => {
  t = await startTestApp();
  owner = await newAccount(t);
  stranger = await newAccount(t);
  busyId = (await buildClient(owner.c, { name: "Busy Client LLP" })).id;
  quietId = (await buildClient(owner.c, { name: "Quiet Client" })).id;
  // 130 calls in 2025 for the busy client, many sharing an instant, and a few outside the year or another client's.
  const starts = Array.from({ length: 130 }, (_, i) => new Date(Date.UTC(2025, i % 12, 1 + (i % 27), 9 + (i % 3))));
  const rows = await buildCalls(
    owner,
    starts.map((startedAt, i) => ({ clientId: busyId, startedAt, durationSeconds: 300 + i * 7 })),
  );
  // Some rows a microsecond apart, below what a JavaScript Date holds: a cursor must keep them apart.
  await owner.db.execute(
    sql`update calls set started_at = '2025-06-15T12:00:00Z'::timestamptz + (id % 4) * interval '1 microsecond' where id in (${sql.join(
      rows.slice(0, 20).map((row) => sql`${row.id}`),
      sql`, `,
    )})`,
  );
  await buildCalls(owner, [
    { clientId: busyId, startedAt: "2024-12-31T12:00:00Z" },
    { clientId: busyId, startedAt: "2026-01-02T12:00:00Z" },
    { clientId: quietId, startedAt: "2025-03-03T12:00:00Z", durationSeconds: 600 },
  ]);
});
afterAll(async () => t?.close());

describe("GET /api/calls/page", () => {
  it("pages through a client's year in the order of the whole-period list, no row twice, none left out", async () => {
    const whole = await owner.c.get<CallJson[]>(`/api/calls/client/${busyId}?${YEAR}`);
    expect(whole.body).toHaveLength(130);
    const { items, pages } = await allPages<CallJson>(owner.c, `/api/calls/page?clientId=${busyId}&${YEAR}`, 50);
    expect(pages).toBe(3);
    // The same calls, presented alike (the whole list orders ties within a millisecond by id; pages by the database's microseconds).
    const byId = (list: CallJson[]) => [...list].sort((a, b) => a.id - b.id);
    expect(byId(items)).toEqual(byId(whole.body));
    expect(items.map((call) => call.startTime)).toEqual(whole.body.map((call) => call.startTime));
  });

  it("lists the account's calls newest first across clients, with no filters", async () => {
    const { items } = await allPages<CallJson>(owner.c, "/api/calls/page", 40);
    expect(items).toHaveLength(133);
    const newestFirst = await owner.db.execute(
      sql`select id from calls where account_id = ${owner.accountId} order by started_at desc, id desc`,
    );
    expect(items.map((call) => call.id)).toEqual(
      (newestFirst as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id)),
    );
    expect(new Set(items.map((call) => call.clientName))).toEqual(new Set(["Busy Client LLP", "Quiet Client"]));
  });

  it("keeps rows a microsecond apart distinct across a page boundary", async () => {
    const { items } = await allPages<CallJson>(
      owner.c,
      `/api/calls/page?clientId=${busyId}&startDate=2025-06-15&endDate=2025-06-15`,
      3,
    );
    const ids = items.map((call) => call.id);
    const fromDatabase = await owner.db.execute(
      sql`select id from calls where client_id = ${busyId} and started_at >= '2025-06-15T00:00:00Z' and started_at < '2025-06-16T00:00:00Z' order by started_at desc, id desc`,
    );
    expect(ids).toEqual((fromDatabase as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id)));
    expect(ids.length).toBeGreaterThanOrEqual(20);
  });

  it("lists only calls an invoice can still take with billing=unbilled", async () => {
    const running = await buildCall(owner, { clientId: quietId, startedAt: "2025-05-05T09:00:00Z", active: true });
    const billed = await buildCall(owner, { clientId: quietId, startedAt: "2025-05-06T09:00:00Z" });
    expect((await owner.c.post("/api/invoices/generate", { callIds: [billed.id] })).status).toBe(201);
    const { items } = await allPages<CallJson>(owner.c, `/api/calls/page?clientId=${quietId}&${YEAR}&billing=unbilled`, 10);
    expect(items.map((call) => call.id)).not.toContain(running.id);
    expect(items.map((call) => call.id)).not.toContain(billed.id);
    expect(items.every((call) => call.invoiceId === null && !call.active)).toBe(true);
    expect(items).toHaveLength(1);
  });

  it("answers 404 for another account's client, and 400 with a sentence for a bad cursor, limit or half a period", async () => {
    const foreign = await stranger.c.get(`/api/calls/page?clientId=${busyId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Client not found");
    const cases: [string, string][] = [
      ["cursor=abc", CURSOR_INVALID],
      ["cursor=1.0", CURSOR_INVALID],
      ["cursor=99999999999999999.5", CURSOR_INVALID],
      ["limit=0", `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`],
      [`limit=${PAGE_LIMIT_MAX + 1}`, `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`],
      ["startDate=2025-01-01", PERIOD_BOTH_OR_NEITHER],
      ["billing=paid", "billing must be any or unbilled"],
      ["clientId=01", "clientId must be a whole number such as 12"],
    ];
    for (const [query, message] of cases) {
      const response = await owner.c.get(`/api/calls/page?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toBe(message);
    }
  });
});

describe("GET /api/clients/{id}/period-totals", () => {
  it("sums the whole period in the database: the same figures as adding up every page", async () => {
    await buildEmail(owner, { clientId: busyId, createdAt: "2025-02-02T10:00:00Z", seconds: 420 });
    await buildEmail(owner, { clientId: busyId, createdAt: "2025-09-09T10:00:00Z", seconds: 420 });
    await buildEmail(owner, { clientId: busyId, createdAt: "2026-02-02T10:00:00Z", seconds: 420 });
    const totals = await owner.c.get<PeriodTotalsJson>(`/api/clients/${busyId}/period-totals?${YEAR}`);
    expect(totals.status).toBe(200);
    const calls = (await allPages<CallJson>(owner.c, `/api/calls/page?clientId=${busyId}&${YEAR}`, PAGE_LIMIT_MAX)).items;
    const emails = (await allPages<TrackedEmailsPage["items"][number]>(owner.c, `/api/emails/page?clientId=${busyId}&${YEAR}`, 1))
      .items;
    const cents = (amounts: (string | undefined)[]) => amounts.reduce((sum, amount) => sum + (parseDecimalToCents(amount ?? "") ?? 0), 0);
    expect(emails).toHaveLength(2);
    expect(totals.body).toEqual({
      calls: 130,
      callSeconds: calls.reduce((sum, call) => sum + call.duration, 0),
      callBilledSeconds: calls.reduce((sum, call) => sum + call.billedDuration, 0),
      callAmount: (cents(calls.map((call) => call.amount)) / 100).toFixed(2),
      activeCalls: 0,
      unbilledCalls: 130,
      unbilledCallAmount: (cents(calls.map((call) => call.amount)) / 100).toFixed(2),
      emails: 2,
      emailBilledSeconds: 840,
      emailAmount: (cents(emails.map((email) => email.amount)) / 100).toFixed(2),
      revenue: ((cents(calls.map((call) => call.amount)) + cents(emails.map((email) => email.amount))) / 100).toFixed(2),
    });
  });

  it("answers 404 for another account's client and 400 without a period", async () => {
    expect((await stranger.c.get(`/api/clients/${busyId}/period-totals?${YEAR}`)).status).toBe(404);
    const missing = await owner.c.get(`/api/clients/${busyId}/period-totals`);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("startDate is required (yyyy-MM-dd or an ISO 8601 instant)");
  });
});

describe("GET /api/emails/page and GET /api/invoices/page", () => {
  it("pages a client's invoices newest first and the account's, 404 for another account's client", async () => {
    const older = await buildCalls(
      owner,
      [1, 2, 3, 4, 5, 6].map((month) => ({ clientId: month % 2 ? busyId : quietId, startedAt: `2023-0${month}-10T10:00:00Z` })),
    );
    for (const call of older) expect((await owner.c.post("/api/invoices/generate", { callIds: [call.id] })).status).toBe(201);
    const all = await allPages<InvoicesPage["items"][number]>(owner.c, "/api/invoices/page", 3);
    const whole = await owner.c.get<InvoicesPage["items"]>("/api/invoices");
    expect(all.items.map((invoice) => invoice.id).sort()).toEqual(whole.body.map((invoice) => invoice.id).sort());
    const busy = await allPages<InvoicesPage["items"][number]>(owner.c, `/api/invoices/page?clientId=${busyId}`, 2);
    expect(busy.items).toHaveLength(3);
    expect(busy.items.every((invoice) => invoice.clientName === "Busy Client LLP")).toBe(true);
    expect((await stranger.c.get(`/api/invoices/page?clientId=${busyId}`)).status).toBe(404);
    expect((await stranger.c.get<InvoicesPage>("/api/invoices/page")).body).toEqual({ items: [], nextCursor: null });
  });

  it("never shows another account's emails, and refuses another account's client", async () => {
    expect((await stranger.c.get(`/api/emails/page?clientId=${busyId}`)).status).toBe(404);
    expect((await stranger.c.get<TrackedEmailsPage>("/api/emails/page")).body).toEqual({ items: [], nextCursor: null });
    const mine = await allPages<TrackedEmailsPage["items"][number]>(owner.c, "/api/emails/page", 2);
    expect(mine.items.map((email) => email.createdAt)).toEqual([
      "2026-02-02T10:00:00.000Z",
      "2025-09-09T10:00:00.000Z",
      "2025-02-02T10:00:00.000Z",
    ]);
  });
});

describe("POST /api/invoices/generate with unbilledCallsInPeriod", () => {
  it("bills exactly the client's ended, unbilled calls of those days, chosen by the server", async () => {
    const totals = await owner.c.get<PeriodTotalsJson>(`/api/clients/${quietId}/period-totals?${YEAR}`);
    expect(totals.body.unbilledCalls).toBe(1);
    const response = await owner.c.post("/api/invoices/generate", {
      clientId: quietId,
      unbilledCallsInPeriod: true,
      dateFrom: "2025-01-01",
      dateTo: "2025-12-31",
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body.total).toBe(totals.body.unbilledCallAmount);
    expect(response.body.invoice.totalCalls).toBe(1);
    const after = await owner.c.get<PeriodTotalsJson>(`/api/clients/${quietId}/period-totals?${YEAR}`);
    expect(after.body.unbilledCalls).toBe(0);
    // Nothing left to bill: the invoice form's message, and no empty invoice.
    const again = await expectNothingChanged(t.app.db, () =>
      owner.c.post("/api/invoices/generate", {
        clientId: quietId,
        unbilledCallsInPeriod: true,
        dateFrom: "2025-01-01",
        dateTo: "2025-12-31",
      }),
    );
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(AT_LEAST_ONE_CALL);
  });

  it("refuses an incomplete or mixed selection, and another account's client, changing nothing", async () => {
    const refusals: [TestAccount, Record<string, unknown>, number, string][] = [
      [owner, { clientId: busyId, unbilledCallsInPeriod: true, dateFrom: "2025-01-01" }, 400, PERIOD_SELECTION_NEEDS],
      [owner, { unbilledCallsInPeriod: true, dateFrom: "2025-01-01", dateTo: "2025-01-31" }, 400, PERIOD_SELECTION_NEEDS],
      [owner, { clientId: busyId, dateFrom: "2025-01-01", dateTo: "2025-01-31" }, 400, AT_LEAST_ONE_CALL],
      [
        owner,
        { clientId: busyId, callIds: [1], unbilledCallsInPeriod: true, dateFrom: "2025-01-01", dateTo: "2025-01-31" },
        400,
        "Send callIds or unbilledCallsInPeriod, not both",
      ],
      [
        stranger,
        { clientId: busyId, unbilledCallsInPeriod: true, dateFrom: "2025-01-01", dateTo: "2025-12-31" },
        404,
        "Client not found",
      ],
    ];
    for (const [who, body, status, message] of refusals) {
      const response = await expectNothingChanged(t.app.db, () => who.c.post("/api/invoices/generate", body));
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.message, JSON.stringify(body)).toBe(message);
    }
  });
});

describe("GET /api/clients/{id}/export.csv", () => {
  it("streams the client's calls and emails of the period, every row once, formula-safe", async () => {
    const [guarded] = await buildCalls(owner, [
      { clientId: busyId, startedAt: "2025-11-11T11:00:00Z", notes: '=HYPERLINK("http://evil.test")' },
    ]);
    const response = await owner.c.get(`/api/clients/${busyId}/export.csv?${YEAR}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="busy-client-llp-2025-01-01-2025-12-31.csv"');
    const rows: string[][] = parse(response.text.replace(/^\uFEFF/, ""));
    expect(rows[0]).toEqual([
      "Kind",
      "Date",
      "Started (UTC)",
      "Type",
      "Platform",
      "Subject",
      "Notes",
      "Seconds",
      "Billed Seconds",
      "Rate",
      "Billing Type",
      "Amount",
      "Currency",
      "Invoice",
    ]);
    const body = rows.slice(1);
    const totals = await owner.c.get<PeriodTotalsJson>(`/api/clients/${busyId}/period-totals?${YEAR}`);
    expect(body.filter((row) => row[0] === "Call")).toHaveLength(totals.body.calls);
    expect(body.filter((row) => row[0] === "Email")).toHaveLength(totals.body.emails);
    const cents = body.reduce((sum, row) => sum + (parseDecimalToCents(row[11] ?? "") ?? 0), 0);
    expect((cents / 100).toFixed(2)).toBe(totals.body.revenue);
    const note = body.find((row) => row[2] === "2025-11-11T11:00:00.000Z");
    expect(guarded).toBeDefined();
    expect(note?.[6]).toBe('\'=HYPERLINK("http://evil.test")');
  });

  it("answers 404 for another account's client and 400 without a period, before any CSV", async () => {
    const foreign = await stranger.c.get(`/api/clients/${busyId}/export.csv?${YEAR}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Client not found");
    const missing = await owner.c.get(`/api/clients/${busyId}/export.csv`);
    expect(missing.status).toBe(400);
  });
});

describe("the whole-list answers are unchanged", () => {
  it("GET /api/calls still pages by limit and offset, as an array", async () => {
    const first = await owner.c.get<CallJson[]>("/api/calls?limit=5&offset=0");
    const page = await owner.c.get<CallsPage>("/api/calls/page?limit=5");
    expect(Array.isArray(first.body)).toBe(true);
    expect(first.body).toEqual(page.body.items);
  });
});
