import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../helpers/api-client.js";
import { buildCall, buildClient, getCallRow, newAccount } from "../helpers/factories.js";
import { type CapturedMail, startSmtpCapture } from "../helpers/smtp-capture.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * An invoice's life over HTTP: draft → sent (mailed as a PDF) → paid, sent → void, a draft
 * deleted, the refusals a user reads, the PDF, and isolation between accounts.
 * invoices-create.test.ts has how invoices are made.
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

describe("statuses: draft → sent → paid, sent → void, draft deleted", () => {
  async function draftFor(c: ApiClient, accountId: number, clientOverrides: Parameters<typeof buildClient>[1] = {}) {
    const client = await buildClient(c, { email: "billing@acme.example", ...clientOverrides });
    const call = await buildCall({ c, accountId, db: db() }, { clientId: client.id, startedAt: "2026-01-05T10:00:00Z" });
    const response = await c.post("/api/invoices/generate", { clientId: client.id, callIds: [call.id] });
    expect(response.status).toBe(201);
    return { invoice: response.body.invoice, call, client };
  }

  it("sends the PDF to the client's address, then marks it paid; illegal moves are 409", async () => {
    const who = await newAccount(t);
    const { c, accountId } = who;
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
    const who = await newAccount(t);
    const { c, accountId } = who;
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
    const who = await newAccount(t);
    const { c, accountId } = who;
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
    const who = await newAccount(t);
    const { c, accountId } = who;
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
    const who = await newAccount(t);
    const { c, accountId } = who;
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
    const who = await newAccount(t);
    const { c } = who;
    const client = await buildClient(c);
    await buildCall(who, { clientId: client.id, startedAt: "2026-01-05T10:00:00Z" });
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
    const owner = await newAccount(t);
    const client = await buildClient(owner.c, { email: "victim@client.example" });
    const call = await buildCall(owner, { clientId: client.id, startedAt: "2026-01-05T10:00:00Z" });
    const spare = await buildCall(owner, { clientId: client.id, startedAt: "2026-01-06T10:00:00Z" });
    const created = await owner.c.post("/api/invoices/generate", { clientId: client.id, callIds: [call.id] });
    const id = created.body.invoice.id;

    const intruder = await newAccount(t);
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
    const { c } = await newAccount(t);
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
