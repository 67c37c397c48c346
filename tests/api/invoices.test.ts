import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, calls, invoiceItems, invoices, trackedEmails } from "../../src/server/db/schema/index.js";
import type { ApiClient } from "../helpers/api-client.js";
import { getCallRow, insertCall, insertClient, insertEmail, setAccount } from "../helpers/billing-fixtures.js";
import { signUp } from "../helpers/factories.js";
import { type CapturedMail, startSmtpCapture } from "../helpers/smtp-capture.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

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

async function newAccount(overrides: Parameters<typeof signUp>[1] = {}): Promise<{ c: ApiClient; accountId: number }> {
  const c = t.client();
  const account = await signUp(c, overrides);
  return { c, accountId: account.user.accountId };
}

const db = () => t.app.db;

async function invoiceCount(accountId: number): Promise<number> {
  return (await db().select().from(invoices).where(eq(invoices.accountId, accountId))).length;
}

describe("POST /api/invoices (a period)", () => {
  it("bills every unbilled ended call and email of the client in the period, and nothing else", async () => {
    const { c, accountId } = await newAccount();
    const acme = await insertClient(db(), accountId, { name: "Acme Holdings" });
    const other = await insertClient(db(), accountId, { name: "Other Co" });
    const a = await insertCall(db(), accountId, { clientId: acme.id, startedAt: "2026-01-05T14:00:00Z", durationSeconds: 1830 });
    const b = await insertCall(db(), accountId, {
      clientId: acme.id,
      startedAt: "2026-01-31T23:30:00Z",
      durationSeconds: 720,
      rateCents: 400,
      billingType: "minute",
    });
    const email = await insertEmail(db(), accountId, { clientId: acme.id, createdAt: "2026-01-20T10:00:00Z", seconds: 1080 });
    const active = await insertCall(db(), accountId, { clientId: acme.id, startedAt: "2026-01-10T10:00:00Z", ended: false });
    const outside = await insertCall(db(), accountId, { clientId: acme.id, startedAt: "2026-02-01T00:00:00Z" });
    const otherClient = await insertCall(db(), accountId, { clientId: other.id, startedAt: "2026-01-06T10:00:00Z" });

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
    const { c, accountId } = await newAccount({ timezone: "America/New_York" });
    const client = await insertClient(db(), accountId);
    // 03:00 UTC on Feb 1 is 22:00 on Jan 31 in New York; 04:30 UTC on Jan 1 is 23:30 on Dec 31 there.
    const lateJan = await insertCall(db(), accountId, { clientId: client.id, startedAt: "2026-02-01T03:00:00Z" });
    const newYearsEveInNy = await insertCall(db(), accountId, { clientId: client.id, startedAt: "2026-01-01T04:30:00Z" });
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
    const { c, accountId } = await newAccount();
    const zeta = await insertClient(db(), accountId, { name: "Zeta LLC" });
    const alpha = await insertClient(db(), accountId, { name: "Alpha Inc" });
    await insertClient(db(), accountId, { name: "Idle Client" });
    await insertCall(db(), accountId, { clientId: zeta.id, startedAt: "2026-01-03T10:00:00Z" });
    await insertCall(db(), accountId, { clientId: alpha.id, startedAt: "2026-01-04T10:00:00Z" });
    await insertEmail(db(), accountId, { clientId: alpha.id, createdAt: "2026-01-05T10:00:00Z" });
    await insertCall(db(), accountId, { clientId: null, startedAt: "2026-01-04T12:00:00Z" });

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
    const { c, accountId } = await newAccount();
    const client = await insertClient(db(), accountId, { name: "Quiet Client" });
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
    await insertCall(db(), accountId, { clientId: client.id, startedAt: "2026-01-09T10:00:00Z" });
    const next = await c.post("/api/invoices", {
      dateFrom: "2026-01-01",
      dateTo: "2026-01-31",
      clientId: client.id,
      template: "professional",
    });
    expect(next.body.invoices[0].invoiceNumber).toBe("INV-0001");
  });

  it("uses the account's prefix and payment terms", async () => {
    const { c, accountId } = await newAccount();
    await setAccount(db(), accountId, { invoicePrefix: "LP-2026-", paymentTermsDays: 15, currency: "eur" });
    const client = await insertClient(db(), accountId);
    await insertCall(db(), accountId, { clientId: client.id, startedAt: "2026-01-09T10:00:00Z" });
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
    const { c, accountId } = await newAccount();
    const client = await insertClient(db(), accountId);
    await insertCall(db(), accountId, { clientId: client.id, startedAt: "2026-01-09T10:00:00Z" });
    const response = await c.post("/api/invoices", body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await invoiceCount(accountId)).toBe(0);
  });

  it("rejects a body that is not JSON", async () => {
    const { c } = await newAccount();
    const response = await c.request("POST", "/api/invoices", {
      rawBody: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
  });
});

describe("POST /api/invoices/generate (selected calls)", () => {
  it("answers invoiceNumber and total and locks the calls", async () => {
    const { c, accountId } = await newAccount();
    const client = await insertClient(db(), accountId);
    const one = await insertCall(db(), accountId, {
      clientId: client.id,
      startedAt: "2026-01-09T10:00:00Z",
      durationSeconds: 3600,
    });
    const two = await insertCall(db(), accountId, {
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
    expect(response.body).toMatchObject({ invoiceNumber: "INV-0001", total: "195.00" });
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
    const { c, accountId } = await newAccount();
    const client = await insertClient(db(), accountId);
    const call = await insertCall(db(), accountId, { clientId: client.id, startedAt: "2026-01-09T10:00:00Z" });
    const response = await c.post("/api/invoices/generate", { clientId: client.id, callIds: [call.id] });
    expect(response.status).toBe(201);
    expect(response.body.invoice).toMatchObject({ dateFrom: "2026-01-09", dateTo: "2026-01-09" });
  });

  it("refuses active calls, calls of another client, calls without a client and unknown calls", async () => {
    const { c, accountId } = await newAccount();
    const client = await insertClient(db(), accountId, { name: "Acme Holdings" });
    const other = await insertClient(db(), accountId, { name: "Other" });
    const active = await insertCall(db(), accountId, { clientId: client.id, startedAt: "2026-01-09T10:00:00Z", ended: false });
    const ok = await insertCall(db(), accountId, { clientId: client.id, startedAt: "2026-01-09T12:00:00Z" });
    const others = await insertCall(db(), accountId, { clientId: other.id, startedAt: "2026-01-09T13:00:00Z" });
    const orphan = await insertCall(db(), accountId, { clientId: null, startedAt: "2026-01-09T14:00:00Z" });

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
    const { c } = await newAccount();
    const response = await c.post("/api/invoices/generate", body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it("numbers 20 concurrent generations distinctly and consecutively, with no gaps", async () => {
    const { c, accountId } = await newAccount();
    const client = await insertClient(db(), accountId);
    const rows = [];
    for (let i = 0; i < 20; i += 1) {
      rows.push(await insertCall(db(), accountId, { clientId: client.id, startedAt: new Date(Date.UTC(2026, 0, 1 + i, 10)) }));
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
    const { c, accountId } = await newAccount();
    const client = await insertClient(db(), accountId);
    const call = await insertCall(db(), accountId, { clientId: client.id, startedAt: "2026-01-05T10:00:00Z" });
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
    const { c, accountId } = await newAccount();
    const client = await insertClient(db(), accountId);
    const call = await insertCall(db(), accountId, { clientId: client.id, startedAt: "2026-01-05T10:00:00Z" });
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

describe("statuses: draft → sent → paid, sent → void, draft deleted", () => {
  async function draftFor(c: ApiClient, accountId: number, clientOverrides: Parameters<typeof insertClient>[2] = {}) {
    const client = await insertClient(db(), accountId, clientOverrides);
    const call = await insertCall(db(), accountId, { clientId: client.id, startedAt: "2026-01-05T10:00:00Z" });
    const response = await c.post("/api/invoices/generate", { clientId: client.id, callIds: [call.id] });
    expect(response.status).toBe(201);
    return { invoice: response.body.invoice, call, client };
  }

  it("sends the PDF to the client's address, then marks it paid; illegal moves are 409", async () => {
    const { c, accountId } = await newAccount();
    const { invoice } = await draftFor(c, accountId, { email: "ap@client.example", name: "Client Co" });
    expect((await c.post(`/api/invoices/${invoice.id}/mark-paid`)).status).toBe(409);
    const voidDraft = await c.post(`/api/invoices/${invoice.id}/void`);
    expect(voidDraft.status).toBe(409);
    expect(voidDraft.body.message).toBe(`Invoice ${invoice.invoiceNumber} is a draft; delete it instead of voiding it`);

    const before = smtp.messages.length;
    const sent = await c.post(`/api/invoices/${invoice.id}/send`, {});
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(`Invoice ${invoice.invoiceNumber} sent to ap@client.example`);
    expect(sent.body.invoice).toMatchObject({ status: "sent", sentTo: "ap@client.example", sentAt: NOW.toISOString() });
    const mail = smtp.messages[before] as CapturedMail;
    expect(mail.to).toEqual(["ap@client.example"]);
    expect(mail.headers.subject).toMatch(new RegExp(`^Invoice ${invoice.invoiceNumber} from `));
    const pdf = mail.parts.find((part) => (part.headers["content-type"] ?? "").startsWith("application/pdf"));
    expect(pdf?.body.subarray(0, 5).toString()).toBe("%PDF-");

    const resend = await c.post(`/api/invoices/${invoice.id}/send`, {});
    expect(resend.status).toBe(409);
    expect(resend.body.message).toBe(`Invoice ${invoice.invoiceNumber} is sent; only a draft can be sent`);
    const deleteSent = await c.delete(`/api/invoices/${invoice.id}`);
    expect(deleteSent.status).toBe(409);
    expect(deleteSent.body.message).toMatch(/only a draft can be deleted/);

    const paid = await c.post(`/api/invoices/${invoice.id}/mark-paid`);
    expect(paid.status).toBe(200);
    expect(paid.body.invoice).toMatchObject({ status: "paid", paidAt: NOW.toISOString() });
    expect((await c.post(`/api/invoices/${invoice.id}/void`)).status).toBe(409);
    expect((await c.post(`/api/invoices/${invoice.id}/mark-paid`)).status).toBe(409);
  });

  it("asks for an address when the client has none, and sends to the one given", async () => {
    const { c, accountId } = await newAccount();
    const { invoice } = await draftFor(c, accountId, { email: null, name: "No Mail Ltd" });
    const missing = await c.post(`/api/invoices/${invoice.id}/send`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(
      `No Mail Ltd has no email address on file. Enter the address to send invoice ${invoice.invoiceNumber} to.`,
    );
    const badAddress = await c.post(`/api/invoices/${invoice.id}/send`, { to: "not-an-address" });
    expect(badAddress.status).toBe(400);
    expect(badAddress.body.message).toBe("Please enter a valid email address");
    const unknownField = await c.post(`/api/invoices/${invoice.id}/send`, { recipient: "a@b.co" });
    expect(unknownField.status).toBe(400);
    expect((await c.get(`/api/invoices/${invoice.id}`)).body.status).toBe("draft");

    const sent = await c.post(`/api/invoices/${invoice.id}/send`, { to: "Owner@NoMail.example" });
    expect(sent.status).toBe(200);
    expect(sent.body.invoice.sentTo).toBe("owner@nomail.example");
    expect(smtp.messages.at(-1)?.to).toEqual(["owner@nomail.example"]);
  });

  it("says so and changes nothing without SMTP configured, or when the mail server refuses", async () => {
    const { c, accountId } = await newAccount();
    const { invoice } = await draftFor(c, accountId, { email: "refused@client.example" });
    const saved = t.app.config.smtp.url;
    t.app.config.smtp.url = undefined;
    try {
      const response = await c.post(`/api/invoices/${invoice.id}/send`, {});
      expect(response.status).toBe(503);
      expect(response.body.message).toMatch(/^Email sending is not configured on this server: set SMTP_URL/);
    } finally {
      t.app.config.smtp.url = saved;
    }
    const refused = await c.post(`/api/invoices/${invoice.id}/send`, {});
    expect(refused.status).toBe(502);
    expect(refused.body.message).toMatch(/^The mail server did not accept the invoice: .*Mailbox unavailable/);
    const after = await c.get(`/api/invoices/${invoice.id}`);
    expect(after.body).toMatchObject({ status: "draft", sentTo: null, sentAt: null });
  });

  it("voids a sent invoice, keeps its lines, and releases its calls for a replacement", async () => {
    const { c, accountId } = await newAccount();
    const { invoice, call, client } = await draftFor(c, accountId);
    expect((await c.post(`/api/invoices/${invoice.id}/send`, {})).status).toBe(200);
    const voided = await c.post(`/api/invoices/${invoice.id}/void`);
    expect(voided.status).toBe(200);
    expect(voided.body.invoice).toMatchObject({ status: "void", voidedAt: NOW.toISOString() });
    expect(voided.body.message).toBe(`Invoice ${invoice.invoiceNumber} voided; its 1 call can be invoiced again`);
    const detail = await c.get(`/api/invoices/${invoice.id}`);
    expect(detail.body.items).toEqual([
      expect.objectContaining({ kind: "call", callId: null, sourceId: call.id, released: true, amount: "75.00" }),
    ]);
    expect((await getCallRow(db(), call.id))?.invoiceId).toBeNull();

    const replacement = await c.post("/api/invoices/generate", { clientId: client.id, callIds: [call.id] });
    expect(replacement.status).toBe(201);
    expect(replacement.body.invoiceNumber).toBe("INV-0002");
    expect((await c.post(`/api/invoices/${invoice.id}/void`)).status).toBe(409);
    expect((await c.post(`/api/invoices/${invoice.id}/send`, {})).status).toBe(409);
  });

  it("deletes a draft, releases its items and gives the latest number back", async () => {
    const { c, accountId } = await newAccount();
    const first = await draftFor(c, accountId);
    const second = await draftFor(c, accountId);
    expect(second.invoice.invoiceNumber).toBe("INV-0002");

    const deleted = await c.delete(`/api/invoices/${second.invoice.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ invoiceNumber: "INV-0002", releasedCalls: 1, releasedEmails: 0 });
    expect((await getCallRow(db(), second.call.id))?.invoiceId).toBeNull();
    expect((await c.get(`/api/invoices/${second.invoice.id}`)).status).toBe(404);
    const again = await c.post("/api/invoices/generate", { clientId: second.client.id, callIds: [second.call.id] });
    expect(again.body.invoiceNumber).toBe("INV-0002");

    // An older draft's number is not reused: the next one continues the sequence.
    expect((await c.delete(`/api/invoices/${first.invoice.id}`)).status).toBe(200);
    const third = await c.post("/api/invoices/generate", { clientId: first.client.id, callIds: [first.call.id] });
    expect(third.body.invoiceNumber).toBe("INV-0003");
  });
});

describe("GET /api/invoices/{id}/pdf", () => {
  it("serves the PDF inline, or as a named attachment with download=1", async () => {
    const { c, accountId } = await newAccount();
    const client = await insertClient(db(), accountId);
    await insertCall(db(), accountId, { clientId: client.id, startedAt: "2026-01-05T10:00:00Z" });
    const created = await c.post("/api/invoices", {
      dateFrom: "2026-01-01",
      dateTo: "2026-01-31",
      clientId: client.id,
      template: "minimal",
    });
    const id = created.body.invoices[0].id;
    const inline = await c.get(`/api/invoices/${id}/pdf`);
    expect(inline.status).toBe(200);
    expect(inline.headers.get("content-type")).toBe("application/pdf");
    expect(inline.headers.get("content-disposition")).toBe('inline; filename="INV-0001.pdf"');
    expect(inline.text.startsWith("%PDF-")).toBe(true);
    const download = await c.get(`/api/invoices/${id}/pdf?download=1`);
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="INV-0001.pdf"');
    expect((await c.get(`/api/invoices/${id}/pdf?download=maybe`)).status).toBe(400);
  });
});

describe("isolation between accounts and signed-out access", () => {
  it("answers 404 for another account's invoice, client and call ids on every route, and changes nothing", async () => {
    const owner = await newAccount();
    const client = await insertClient(db(), owner.accountId, { email: "victim@client.example" });
    const call = await insertCall(db(), owner.accountId, { clientId: client.id, startedAt: "2026-01-05T10:00:00Z" });
    const spare = await insertCall(db(), owner.accountId, { clientId: client.id, startedAt: "2026-01-06T10:00:00Z" });
    const created = await owner.c.post("/api/invoices/generate", { clientId: client.id, callIds: [call.id] });
    const id = created.body.invoice.id;

    const intruder = await newAccount();
    const mailsBefore = smtp.messages.length;
    const attempts = [
      intruder.c.get(`/api/invoices/${id}`),
      intruder.c.get(`/api/invoices/${id}/pdf`),
      intruder.c.post(`/api/invoices/${id}/send`, { to: "attacker@evil.example" }),
      intruder.c.post(`/api/invoices/${id}/mark-paid`),
      intruder.c.post(`/api/invoices/${id}/void`),
      intruder.c.delete(`/api/invoices/${id}`),
      intruder.c.post("/api/invoices/generate", { clientId: client.id, callIds: [spare.id] }),
      intruder.c.post("/api/invoices", { dateFrom: "2026-01-01", dateTo: "2026-01-31", clientId: client.id, template: "modern" }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect(response.text).not.toContain("victim@client.example");
    }
    expect((await intruder.c.get("/api/invoices")).body).toEqual([]);
    expect(smtp.messages.length).toBe(mailsBefore);
    expect((await owner.c.get(`/api/invoices/${id}`)).body.status).toBe("draft");
    expect((await getCallRow(db(), spare.id))?.invoiceId).toBeNull();
  });

  it("answers 400 for a malformed id and 401 when signed out", async () => {
    const { c } = await newAccount();
    for (const path of ["/api/invoices/abc", "/api/invoices/0", "/api/invoices/1.5", "/api/invoices/99999999999"]) {
      expect((await c.get(path)).status).toBe(400);
    }
    expect((await c.post("/api/invoices/abc/send", {})).status).toBe(400);
    const anonymous = t.client();
    expect((await anonymous.get("/api/invoices")).status).toBe(401);
    expect(
      (
        await anonymous.post("/api/invoices", {
          dateFrom: "2026-01-01",
          dateTo: "2026-01-31",
          clientId: null,
          template: "modern",
        })
      ).status,
    ).toBe(401);
    expect((await anonymous.post("/api/invoices/generate", { clientId: 1, callIds: [1] })).status).toBe(401);
    expect((await anonymous.get("/api/invoices/1/pdf")).status).toBe(401);
  });
});
