import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { invoices, notifications } from "../../src/server/db/schema/index.js";
import { notifyInvoiceReady } from "../../src/server/notifications/notify-invoice-ready.js";
import type { ApiClient } from "../helpers/api-client.js";
import { buildClient, newAccount } from "../helpers/factories.js";
import { startSmtpCapture } from "../helpers/smtp-capture.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The invoice-ready notifications (the Notifications overlay): created when a call with
 * a client ends, listed unread, dismissed, and the Invoice Ready dialog's Send Now / Save for Later.
 */
let clock = new Date("2026-03-02T15:00:00.000Z");
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestApp({ now: () => clock, smtp: { url: smtp.url, from: "Minutely <invoices@minutely.test>" } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(() => {
  clock = new Date("2026-03-02T15:00:00.000Z");
});

/** Starts a call through the API, lets `seconds` pass on the app's clock and ends it. */
async function endedCall(c: ApiClient, clientId: number | null, seconds: number): Promise<{ id: number }> {
  const started = await c.post("/api/calls/start", clientId === null ? {} : { clientId });
  expect(started.status, started.text).toBe(201);
  advance(seconds);
  const ended = await c.post(`/api/calls/end/${started.body.id}`, {});
  expect(ended.status, ended.text).toBe(200);
  return { id: started.body.id };
}

describe("invoice-ready notifications", () => {
  it("appear when a call with a client ends, with client, minutes, amount and call type", async () => {
    const { c } = await newAccount(t);
    const client = await buildClient(c, { name: "Acme Holdings", email: "ap@acme.example" });
    const call = await endedCall(c, client.id, 25 * 60 + 10);
    await endedCall(c, null, 600);

    const unread = await c.get("/api/notifications/unread");
    expect(unread.status).toBe(200);
    expect(unread.body).toHaveLength(1);
    // The account default is $150.00/hour, billed per started minute: 26 min → $65.00.
    expect(unread.body[0]).toMatchObject({
      kind: "invoice_ready",
      title: "Invoice Ready",
      message: "Your consultation call with Acme Holdings has ended and is ready to invoice.",
      readAt: null,
      data: {
        callId: call.id,
        clientId: client.id,
        clientName: "Acme Holdings",
        clientEmail: "ap@acme.example",
        duration: 26,
        amount: "65.00",
        currency: "usd",
        callType: "consultation",
        callDate: "2026-03-02",
      },
    });
  });

  it("lists newest first and leaves read ones out; the service is idempotent per call", async () => {
    const { c, accountId } = await newAccount(t);
    const client = await buildClient(c);
    const first = await endedCall(c, client.id, 300);
    advance(60);
    const second = await endedCall(c, client.id, 300);
    const unread = await c.get("/api/notifications/unread");
    expect(unread.body.map((n: { data: { callId: number } }) => n.data.callId)).toEqual([second.id, first.id]);

    const again = await notifyInvoiceReady(t.app.db, {
      accountId,
      call: {
        id: first.id,
        clientId: client.id,
        durationSeconds: 300,
        amountCents: 1250,
        callType: "consultation",
        startedAt: clock,
      },
    });
    expect(again?.id).toBe(unread.body[1].id);
    expect((await c.get("/api/notifications/unread")).body).toHaveLength(2);

    const read = await c.put(`/api/notifications/${unread.body[0].id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.readAt).toBe(clock.toISOString());
    expect((await c.put(`/api/notifications/${unread.body[0].id}/read`)).status).toBe(200);
    expect((await c.get("/api/notifications/unread")).body.map((n: { id: number }) => n.id)).toEqual([unread.body[1].id]);
  });

  it("Send Now: generates the call's invoice, mails it to the client and marks the notification read", async () => {
    const { c } = await newAccount(t);
    const client = await buildClient(c, { name: "Birch & Co", email: "billing@birch.example" });
    const call = await endedCall(c, client.id, 1800);
    const [notification] = (await c.get("/api/notifications/unread")).body;
    const generated = await c.post("/api/invoices/generate", {
      clientId: notification.data.clientId,
      callIds: [notification.data.callId],
      dateFrom: notification.data.callDate,
      dateTo: notification.data.callDate,
    });
    expect(generated.status).toBe(201);
    expect(generated.body).toMatchObject({ invoiceNumber: "INV-0001", total: "75.00" });

    const before = smtp.messages.length;
    const sent = await c.post(`/api/notifications/${notification.id}/send-invoice`, { invoiceId: generated.body.invoice.id });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: "Invoice INV-0001 sent to billing@birch.example", invoiceNumber: "INV-0001" });
    expect(smtp.messages.length).toBe(before + 1);
    expect(smtp.messages.at(-1)?.to).toEqual(["billing@birch.example"]);
    const [row] = await t.app.db.select().from(invoices).where(eq(invoices.id, generated.body.invoice.id));
    expect(row?.status).toBe("sent");
    expect((await c.get("/api/notifications/unread")).body).toEqual([]);
    expect((await c.get(`/api/invoices/${generated.body.invoice.id}`)).body.items[0].callId).toBe(call.id);
  });

  it("Send Now uses the address given, and asks for one when the client has none, changing nothing", async () => {
    const { c } = await newAccount(t);
    const client = await buildClient(c, { email: null, name: "No Mail Ltd" });
    await endedCall(c, client.id, 600);
    const [notification] = (await c.get("/api/notifications/unread")).body;
    expect(notification.data.clientEmail).toBeNull();
    const generated = await c.post("/api/invoices/generate", { clientId: client.id, callIds: [notification.data.callId] });

    const missing = await c.post(`/api/notifications/${notification.id}/send-invoice`, { invoiceId: generated.body.invoice.id });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^No Mail Ltd has no email address on file/);
    expect((await c.get("/api/notifications/unread")).body).toHaveLength(1);

    const sent = await c.post(`/api/notifications/${notification.id}/send-invoice`, {
      invoiceId: generated.body.invoice.id,
      clientEmail: "owner@nomail.example",
    });
    expect(sent.status).toBe(200);
    expect(smtp.messages.at(-1)?.to).toEqual(["owner@nomail.example"]);
  });

  it("Save for Later keeps the invoice a draft and marks the notification read", async () => {
    const { c } = await newAccount(t);
    const client = await buildClient(c);
    await endedCall(c, client.id, 600);
    const [notification] = (await c.get("/api/notifications/unread")).body;
    const generated = await c.post("/api/invoices/generate", { clientId: client.id, callIds: [notification.data.callId] });
    const mailsBefore = smtp.messages.length;
    const saved = await c.post(`/api/notifications/${notification.id}/save-invoice`, { invoiceId: generated.body.invoice.id });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("Invoice INV-0001 saved as a draft. Send it from Invoices when you are ready.");
    expect((await c.get(`/api/invoices/${generated.body.invoice.id}`)).body.status).toBe("draft");
    expect((await c.get("/api/notifications/unread")).body).toEqual([]);
    expect(smtp.messages.length).toBe(mailsBefore);
  });

  it.each([
    ["send-invoice", {}, "invoiceId must be a whole number"],
    ["send-invoice", { invoiceId: "1" }, "invoiceId must be a whole number"],
    ["send-invoice", { invoiceId: 1, clientEmail: "nope" }, "Please enter a valid email address"],
    ["save-invoice", { invoiceId: -4 }, "invoiceId must be positive"],
    ["save-invoice", { invoiceId: 1.5 }, "invoiceId must be a whole number"],
  ])("%s rejects bad input %o with a 400 and keeps the notification unread", async (action, body, message) => {
    const { c } = await newAccount(t);
    const client = await buildClient(c);
    await endedCall(c, client.id, 600);
    const [notification] = (await c.get("/api/notifications/unread")).body;
    const response = await c.post(`/api/notifications/${notification.id}/${action}`, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect((await c.get("/api/notifications/unread")).body).toHaveLength(1);
  });

  it("answers 404 for another account's notification or invoice on every route, and 400/401 for bad ids and no session", async () => {
    const owner = await newAccount(t);
    const ownerClient = await buildClient(owner.c, { email: "victim@client.example" });
    await endedCall(owner.c, ownerClient.id, 600);
    const [ownerNote] = (await owner.c.get("/api/notifications/unread")).body;
    const ownerInvoice = await owner.c.post("/api/invoices/generate", {
      clientId: ownerClient.id,
      callIds: [ownerNote.data.callId],
    });

    const intruder = await newAccount(t);
    const intruderClient = await buildClient(intruder.c);
    await endedCall(intruder.c, intruderClient.id, 600);
    const [intruderNote] = (await intruder.c.get("/api/notifications/unread")).body;
    const mailsBefore = smtp.messages.length;

    const attempts = [
      intruder.c.put(`/api/notifications/${ownerNote.id}/read`),
      intruder.c.post(`/api/notifications/${ownerNote.id}/send-invoice`, { invoiceId: ownerInvoice.body.invoice.id }),
      intruder.c.post(`/api/notifications/${ownerNote.id}/save-invoice`, { invoiceId: ownerInvoice.body.invoice.id }),
      intruder.c.post(`/api/notifications/${intruderNote.id}/send-invoice`, {
        invoiceId: ownerInvoice.body.invoice.id,
        clientEmail: "x@evil.example",
      }),
      intruder.c.post(`/api/notifications/${intruderNote.id}/save-invoice`, { invoiceId: ownerInvoice.body.invoice.id }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect(response.text).not.toContain("victim@client.example");
    }
    expect(smtp.messages.length).toBe(mailsBefore);
    expect((await owner.c.get("/api/notifications/unread")).body).toHaveLength(1);
    expect((await intruder.c.get("/api/notifications/unread")).body).toHaveLength(1);
    expect((await intruder.c.get("/api/notifications/unread")).body[0].id).toBe(intruderNote.id);
    const [ownerRow] = await t.app.db.select().from(notifications).where(eq(notifications.id, ownerNote.id));
    expect(ownerRow?.readAt).toBeNull();

    expect((await intruder.c.put("/api/notifications/abc/read")).status).toBe(400);
    expect((await intruder.c.post("/api/notifications/0/save-invoice", { invoiceId: 1 })).status).toBe(400);
    const anonymous = t.client();
    expect((await anonymous.get("/api/notifications/unread")).status).toBe(401);
    expect((await anonymous.put(`/api/notifications/${ownerNote.id}/read`)).status).toBe(401);
    expect((await anonymous.post(`/api/notifications/${ownerNote.id}/send-invoice`, { invoiceId: 1 })).status).toBe(401);
  });
});
