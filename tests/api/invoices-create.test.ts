import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, calls, invoiceItems, invoices, trackedEmails } from "../../src/server/db/schema/index.js";
import { buildCall, buildClient, buildEmail, getCallRow, newAccount } from "../helpers/factories.js";
import { startSmtpCapture } from "../helpers/smtp-capture.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Making invoices over HTTP: one per client for a period (the account's time zone, prefix and
 * terms, nothing billed twice) and from selected calls. invoices-status.test.ts has what happens
 * to an invoice afterwards.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const NOW = new Date("2026-02-10T15:00:00Z");

beforeAll(async () => {
  smtp = await startSmtpCapture({ rejectRecipients: /^refused@/ });
  t = await startTestApp({ smtp: { url: smtp.url, from: "Minutely <invoices@minutely.test>" }, now: () => NOW });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const db = () => t.app.db;

async function invoiceCount(accountId: number): Promise<number> {
  return (await db().select().from(invoices).where(eq(invoices.accountId, accountId))).length;
}

describe("POST /api/invoices (a period)", () => {
  it("bills every unbilled ended call and email of the client in the period, and nothing else", async () => {
    const who = await newAccount(t);
    const { c } = who;
    const acme = await buildClient(c, { name: "Acme Holdings", roundingIncrementMinutes: 6 });
    const other = await buildClient(c, { name: "Other Co" });
    const a = await buildCall(who, { clientId: acme.id, startedAt: "2026-01-05T14:00:00Z", durationSeconds: 1830 });
    const b = await buildCall(who, {
      clientId: acme.id,
      startedAt: "2026-01-31T23:30:00Z",
      durationSeconds: 720,
      rules: { rateCents: 400, billingType: "minute", roundingIncrementMinutes: 6 },
    });
    const email = await buildEmail(who, { clientId: acme.id, createdAt: "2026-01-20T10:00:00Z", seconds: 1080 });
    const active = await buildCall(who, { clientId: acme.id, startedAt: "2026-01-10T10:00:00Z", active: true });
    const outside = await buildCall(who, { clientId: acme.id, startedAt: "2026-02-01T00:00:00Z" });
    const otherClient = await buildCall(who, { clientId: other.id, startedAt: "2026-01-06T10:00:00Z" });

    const response = await c.post("/api/invoices", {
      dateFrom: "2026-01-01",
      dateTo: "2026-01-31",
      clientId: acme.id,
      template: "modern",
    });
    expect(response.status).toBe(201);
    expect(response.body.invoices).toHaveLength(1);
    const invoice = response.body.invoices[0];
    // 6-minute rounding: 1830 s → 36 min at $150/h = $90.00; 720 s → 12 min at $4/min = $48.00; email 18 min at $150/h = $45.00.
    expect(invoice).toMatchObject({
      invoiceNumber: "INV-0001",
      clientId: acme.id,
      clientName: "Acme Holdings",
      dateFrom: "2026-01-01",
      dateTo: "2026-01-31",
      status: "draft",
      template: "modern",
      totalCalls: 2,
      totalEmails: 1,
      totalDuration: 1830 + 720 + 1080,
      subtotal: "183.00",
      total: "183.00",
      currency: "usd",
      issueDate: "2026-02-10",
      dueDate: "2026-03-12",
    });

    const detail = await c.get(`/api/invoices/${invoice.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.items).toEqual([
      expect.objectContaining({
        position: 1,
        kind: "call",
        callId: a.id,
        date: "2026-01-05",
        duration: 1830,
        billedDuration: 2160,
        rate: "150.00",
        billingType: "hour",
        amount: "90.00",
      }),
      expect.objectContaining({
        position: 2,
        kind: "email",
        emailId: email.id,
        date: "2026-01-20",
        duration: 1080,
        amount: "45.00",
      }),
      expect.objectContaining({
        position: 3,
        kind: "call",
        callId: b.id,
        date: "2026-01-31",
        rate: "4.00",
        billingType: "minute",
        amount: "48.00",
      }),
    ]);
    expect(detail.body.items[0].description).toMatch(/^Consultation call via Zoom/);

    expect((await getCallRow(db(), a.id))?.invoiceId).toBe(invoice.id);
    expect((await getCallRow(db(), b.id))?.invoiceId).toBe(invoice.id);
    const [emailRow] = await db().select().from(trackedEmails).where(eq(trackedEmails.id, email.id));
    expect(emailRow?.invoiceId).toBe(invoice.id);
    for (const untouched of [active, outside, otherClient]) expect((await getCallRow(db(), untouched.id))?.invoiceId).toBeNull();

    const list = await c.get("/api/invoices");
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        id: invoice.id,
        invoiceNumber: "INV-0001",
        clientName: "Acme Holdings",
        subtotal: "183.00",
        total: "183.00",
        dueDate: "2026-03-12",
        totalCalls: 2,
        totalDuration: 3630,
      }),
    ]);
  });

  it("takes the period's days in the account's time zone", async () => {
    const who = await newAccount(t, { timezone: "America/New_York" });
    const { c } = who;
    const client = await buildClient(c);
    // 03:00 UTC on Feb 1 is 22:00 on Jan 31 in New York; 04:30 UTC on Jan 1 is 23:30 on Dec 31 there.
    const lateJan = await buildCall(who, { clientId: client.id, startedAt: "2026-02-01T03:00:00Z" });
    const newYearsEveInNy = await buildCall(who, { clientId: client.id, startedAt: "2026-01-01T04:30:00Z" });
    const response = await c.post("/api/invoices", {
      dateFrom: "2026-01-01",
      dateTo: "2026-01-31",
      clientId: client.id,
      template: "professional",
    });
    expect(response.status).toBe(201);
    const detail = await c.get(`/api/invoices/${response.body.invoices[0].id}`);
    expect(detail.body.items.map((item: { callId: number }) => item.callId)).toEqual([lateJan.id]);
    expect(detail.body.items[0].date).toBe("2026-01-31");
    expect((await getCallRow(db(), newYearsEveInNy.id))?.invoiceId).toBeNull();
  });

  it("makes one invoice per client with unbilled items for All Clients, numbered in sequence", async () => {
    const who = await newAccount(t);
    const { c } = who;
    const zeta = await buildClient(c, { name: "Zeta LLC" });
    const alpha = await buildClient(c, { name: "Alpha Inc" });
    await buildClient(c, { name: "Idle Client" });
    await buildCall(who, { clientId: zeta.id, startedAt: "2026-01-03T10:00:00Z" });
    await buildCall(who, { clientId: alpha.id, startedAt: "2026-01-04T10:00:00Z" });
    await buildEmail(who, { clientId: alpha.id, createdAt: "2026-01-05T10:00:00Z" });
    await buildCall(who, { clientId: null, startedAt: "2026-01-04T12:00:00Z" });

    const response = await c.post("/api/invoices", {
      dateFrom: "2026-01-01",
      dateTo: "2026-01-31",
      clientId: null,
      template: "minimal",
    });
    expect(response.status).toBe(201);
    expect(
      response.body.invoices.map((i: { clientName: string; invoiceNumber: string; totalCalls: number; totalEmails: number }) => [
        i.clientName,
        i.invoiceNumber,
        i.totalCalls,
        i.totalEmails,
      ]),
    ).toEqual([
      ["Alpha Inc", "INV-0001", 1, 1],
      ["Zeta LLC", "INV-0002", 1, 0],
    ]);
    expect(response.body.message).toMatch(/2 invoices/);

    const again = await c.post("/api/invoices", {
      dateFrom: "2026-01-01",
      dateTo: "2026-01-31",
      clientId: null,
      template: "minimal",
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/^Nothing to invoice/);
  });

  it("refuses a period with nothing to bill with a clear message and creates nothing, not even a number", async () => {
    const who = await newAccount(t);
    const { c, accountId } = who;
    const client = await buildClient(c, { name: "Quiet Client" });
    const response = await c.post("/api/invoices", {
      dateFrom: "2026-01-01",
      dateTo: "2026-01-31",
      clientId: client.id,
      template: "professional",
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(
      "Nothing to invoice for Quiet Client in Jan 1 - Jan 31, 2026: every ended call and tracked email in this period is already invoiced, or there are none",
    );
    expect(await invoiceCount(accountId)).toBe(0);
    await buildCall(who, { clientId: client.id, startedAt: "2026-01-09T10:00:00Z" });
    const next = await c.post("/api/invoices", {
      dateFrom: "2026-01-01",
      dateTo: "2026-01-31",
      clientId: client.id,
      template: "professional",
    });
    expect(next.body.invoices[0].invoiceNumber).toBe("INV-0001");
  });

  it("uses the account's prefix and payment terms", async () => {
    const who = await newAccount(t);
    const { c } = who;
    expect((await c.put("/api/settings", { invoicePrefix: "LP-2026-", paymentTermsDays: 15, currency: "eur" })).status).toBe(200);
    const client = await buildClient(c);
    await buildCall(who, { clientId: client.id, startedAt: "2026-01-09T10:00:00Z" });
    const response = await c.post("/api/invoices", {
      dateFrom: "2026-01-01",
      dateTo: "2026-01-31",
      clientId: client.id,
      template: "professional",
    });
    expect(response.body.invoices[0]).toMatchObject({ invoiceNumber: "LP-2026-0001", dueDate: "2026-02-25", currency: "eur" });
  });

  it.each([
    [{ dateTo: "2026-01-31", clientId: null, template: "modern" }, "Please select date range"],
    [{ dateFrom: "", dateTo: "2026-01-31", clientId: null, template: "modern" }, "Please select date range"],
    [{ dateFrom: "2026-01-01", dateTo: null, clientId: null, template: "modern" }, "Please select date range"],
    [{ dateFrom: "2026-02-30", dateTo: "2026-03-01", clientId: null, template: "modern" }, "Use a real date like 2026-01-31"],
    [
      { dateFrom: "2026-02-01", dateTo: "2026-01-01", clientId: null, template: "modern" },
      "The end date must be on or after the start date",
    ],
    [
      { dateFrom: "2026-01-01", dateTo: "2026-01-31", clientId: null, template: "fancy" },
      "Template must be professional, modern or minimal",
    ],
    [{ dateFrom: "2026-01-01", dateTo: "2026-01-31", clientId: "7", template: "modern" }, "clientId must be a whole number"],
    [{ dateFrom: "2026-01-01", dateTo: "2026-01-31", clientId: -1, template: "modern" }, "clientId must be positive"],
  ])("rejects bad input %# with a 400 and changes nothing", async (body, message) => {
    const who = await newAccount(t);
    const { c, accountId } = who;
    const client = await buildClient(c);
    await buildCall(who, { clientId: client.id, startedAt: "2026-01-09T10:00:00Z" });
    const response = await c.post("/api/invoices", body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await invoiceCount(accountId)).toBe(0);
  });

  it("rejects a body that is not JSON", async () => {
    const { c } = await newAccount(t);
    const response = await c.request("POST", "/api/invoices", {
      rawBody: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
  });
});

describe("POST /api/invoices/generate (selected calls)", () => {
  it("answers invoiceNumber and total and locks the calls", async () => {
    const who = await newAccount(t);
    const { c, accountId } = who;
    const client = await buildClient(c);
    const one = await buildCall(who, {
      clientId: client.id,
      startedAt: "2026-01-09T10:00:00Z",
      durationSeconds: 3600,
    });
    const two = await buildCall(who, {
      clientId: client.id,
      startedAt: "2026-01-12T10:00:00Z",
      durationSeconds: 900,
    });
    const response = await c.post("/api/invoices/generate", {
      clientId: client.id,
      callIds: [two.id, one.id],
      dateFrom: "2026-01-01",
      dateTo: "2026-01-31",
    });
    expect(response.status).toBe(201);
    // 60 + 15 minutes at the account's $150/h.
    expect(response.body).toMatchObject({ invoiceNumber: "INV-0001", total: "187.50" });
    expect(response.body.invoice).toMatchObject({ dateFrom: "2026-01-01", dateTo: "2026-01-31", totalCalls: 2, status: "draft" });
    expect((await getCallRow(db(), one.id))?.invoiceId).toBe(response.body.invoice.id);

    const again = await c.post("/api/invoices/generate", {
      clientId: client.id,
      callIds: [one.id],
      dateFrom: "2026-01-01",
      dateTo: "2026-01-31",
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This call is already invoiced on invoice INV-0001 and cannot be invoiced again");
    expect(await invoiceCount(accountId)).toBe(1);
  });

  it("widens the period to the calls' days when no dates are given", async () => {
    const who = await newAccount(t);
    const { c } = who;
    const client = await buildClient(c);
    const call = await buildCall(who, { clientId: client.id, startedAt: "2026-01-09T10:00:00Z" });
    const response = await c.post("/api/invoices/generate", { clientId: client.id, callIds: [call.id] });
    expect(response.status).toBe(201);
    expect(response.body.invoice).toMatchObject({ dateFrom: "2026-01-09", dateTo: "2026-01-09" });
  });

  it("refuses active calls, calls of another client, calls without a client and unknown calls", async () => {
    const who = await newAccount(t);
    const { c, accountId } = who;
    const client = await buildClient(c, { name: "Acme Holdings" });
    const other = await buildClient(c, { name: "Other" });
    const active = await buildCall(who, { clientId: client.id, startedAt: "2026-01-09T10:00:00Z", active: true });
    const ok = await buildCall(who, { clientId: client.id, startedAt: "2026-01-09T12:00:00Z" });
    const others = await buildCall(who, { clientId: other.id, startedAt: "2026-01-09T13:00:00Z" });
    const orphan = await buildCall(who, { clientId: null, startedAt: "2026-01-09T14:00:00Z" });

    const activeResponse = await c.post("/api/invoices/generate", { clientId: client.id, callIds: [ok.id, active.id] });
    expect(activeResponse.status).toBe(409);
    expect(activeResponse.body.message).toMatch(/still in progress/);
    const mixed = await c.post("/api/invoices/generate", { clientId: client.id, callIds: [ok.id, others.id] });
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe("Every selected call must belong to Acme Holdings: an invoice is for one client");
    const noClient = await c.post("/api/invoices/generate", { clientId: client.id, callIds: [orphan.id] });
    expect(noClient.status).toBe(400);
    expect(noClient.body.message).toMatch(/has no client/);
    const unknown = await c.post("/api/invoices/generate", { clientId: client.id, callIds: [ok.id, 99_999_999] });
    expect(unknown.status).toBe(404);
    expect(await invoiceCount(accountId)).toBe(0);
    expect((await getCallRow(db(), ok.id))?.invoiceId).toBeNull();
  });

  it.each([
    [{ clientId: 1, callIds: [] }, "Please select at least one call"],
    [{ clientId: 1 }, "Please select at least one call"],
    [{ clientId: 1, callIds: "5" }, "Please select at least one call"],
    [{ clientId: 1, callIds: [1.5] }, "callIds item must be a whole number"],
    [{ clientId: "x", callIds: [1] }, "clientId must be a whole number"],
    [{ clientId: 1, callIds: [1], dateFrom: "yesterday" }, "Use a real date like 2026-01-31"],
  ])("rejects bad input %# with a 400", async (body, message) => {
    const { c } = await newAccount(t);
    const response = await c.post("/api/invoices/generate", body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it("numbers 20 concurrent generations distinctly and consecutively, with no gaps", async () => {
    const who = await newAccount(t);
    const { c, accountId } = who;
    const client = await buildClient(c);
    const rows = [];
    for (let i = 0; i < 20; i += 1) {
      rows.push(await buildCall(who, { clientId: client.id, startedAt: new Date(Date.UTC(2026, 0, 1 + i, 10)) }));
    }
    const responses = await Promise.all(
      rows.map((row) => c.post("/api/invoices/generate", { clientId: client.id, callIds: [row.id] })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = responses.map((r) => r.body.invoiceNumber as string).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `INV-${String(i + 1).padStart(4, "0")}`));
    const [account] = await db().select().from(accounts).where(eq(accounts.id, accountId));
    expect(account?.nextInvoiceSequence).toBe(21);
  });

  it("bills a call once when the same call is generated concurrently", async () => {
    const who = await newAccount(t);
    const { c, accountId } = who;
    const client = await buildClient(c);
    const call = await buildCall(who, { clientId: client.id, startedAt: "2026-01-05T10:00:00Z" });
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => c.post("/api/invoices/generate", { clientId: client.id, callIds: [call.id] })),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    for (const refused of responses.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/already invoiced/);
    }
    const items = await db().select().from(invoiceItems).where(eq(invoiceItems.callId, call.id));
    expect(items).toHaveLength(1);
    const [account] = await db().select().from(accounts).where(eq(accounts.id, accountId));
    expect(account?.nextInvoiceSequence).toBe(2);
  });

  it("has the database refuse a second item for the same call", async () => {
    const who = await newAccount(t);
    const { c, accountId } = who;
    const client = await buildClient(c);
    const call = await buildCall(who, { clientId: client.id, startedAt: "2026-01-05T10:00:00Z" });
    const response = await c.post("/api/invoices/generate", { clientId: client.id, callIds: [call.id] });
    // Even with the call's invoice_id cleared behind our back, the unique index refuses a second line for it.
    await db().update(calls).set({ invoiceId: null }).where(eq(calls.id, call.id));
    const again = await c.post("/api/invoices/generate", { clientId: client.id, callIds: [call.id] });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already invoiced/);
    expect(await invoiceCount(accountId)).toBe(1);
    expect(response.status).toBe(201);
  });
});
