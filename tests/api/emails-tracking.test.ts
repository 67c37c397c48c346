import http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EMAIL_INTEGRATION_REQUIRED,
  NO_EMAILS_SELECTED,
  SEARCH_QUERY_REQUIRED,
  CLIENT_REQUIRED_FOR_SAVE,
} from "../../src/core/contracts/emails.js";
import { accounts, clients, trackedEmails } from "../../src/server/db/schema/index.js";
import { freePort } from "../helpers/free-port.js";
import { inbound450 } from "../helpers/email-fixtures.js";
import { buildClient, newAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 6 over HTTP without a mail server, the billing half: search validation messages, billing
 * recomputed by the server, tracking (duplicates refused, other accounts' ids 404), the tracked
 * emails' lists, deletion and honest sync-to-accounting. emails-mailbox.test.ts has the mailbox
 * connection and OAuth.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const outbound150 = {
  ...inbound450,
  id: "<reply@firm.test>",
  subject: "Merger agreement: my notes",
  wordCount: 150,
  isInbound: false,
};

async function trackedRows(accountId: number) {
  return t.app.db.select().from(trackedEmails).where(eq(trackedEmails.accountId, accountId));
}

describe("POST /api/emails/search validation", () => {
  it("requires a subject, then a connected mailbox, each with its own message", async () => {
    const { c } = await newAccount(t);
    for (const body of [{ subjectQuery: "" }, { subjectQuery: "   " }, {}, { subjectQuery: 5 }]) {
      const response = await c.post("/api/emails/search", { provider: "gmail", maxResults: 50, ...body });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(SEARCH_QUERY_REQUIRED);
    }
    const missing = await c.post("/api/emails/search", { subjectQuery: "Invoice", provider: "gmail", maxResults: 50 });
    expect(missing.status).toBe(409);
    expect(missing.body.message).toBe(EMAIL_INTEGRATION_REQUIRED);
  });

  it("refuses more than 50 results, an unknown provider, and a disabled mailbox", async () => {
    const { c } = await newAccount(t);
    expect((await c.post("/api/emails/search", { subjectQuery: "x", maxResults: 51 })).body.message).toBe(
      "maxResults must be a whole number from 1 to 50",
    );
    expect((await c.post("/api/emails/search", { subjectQuery: "x", maxResults: 0 })).status).toBe(400);
    expect((await c.post("/api/emails/search", { subjectQuery: "x", provider: "aol" })).status).toBe(400);
    await c.put("/api/integrations/email", { provider: "gmail", username: "off@gmail.test", password: "pw", enabled: false });
    const disabled = await c.post("/api/emails/search", { subjectQuery: "x" });
    expect(disabled.status).toBe(409);
    expect(disabled.body.message).toBe(EMAIL_INTEGRATION_REQUIRED);
  });

  it("answers a mail server that is down with 502 and a message, never a 500", async () => {
    const { c } = await newAccount(t);
    const port = await freePort();
    await c.put("/api/integrations/email", {
      provider: "imap",
      host: "127.0.0.1",
      port,
      secure: false,
      username: "me@firm.test",
      password: "pw",
    });
    const response = await c.post("/api/emails/search", { subjectQuery: "Contract", provider: "imap", maxResults: 50 });
    expect(response.status).toBe(502);
    expect(response.body.message).toMatch(/^Could not connect to the mail server 127\.0\.0\.1:\d+: the connection was refused/);
    const wrongProvider = await c.post("/api/emails/search", { subjectQuery: "Contract", provider: "gmail" });
    expect(wrongProvider.status).toBe(400);
    expect(wrongProvider.body.message).toMatch(/Your connected mailbox is Other \(IMAP\)/);
  });

  it("answers a server that accepts but never greets with a timeout message", async () => {
    const silent = http.createServer();
    silent.on("connection", () => {}); // accepts the TCP connection, says nothing
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const { openImap } = await import("../../src/server/emails/imap-connection.js");
      const target = {
        host: "127.0.0.1",
        port,
        secure: false,
        username: "u",
        auth: { kind: "password" as const, password: "p" },
        allowPrivateHost: true,
        allowPlaintextLogin: true,
      };
      await expect(openImap(target, { connectionMs: 2000, greetingMs: 300, socketMs: 2000 })).rejects.toMatchObject({
        status: 502,
        message: `The mail server 127.0.0.1:${port} did not answer in time (does it expect TLS?). Try again later or check the host and port.`,
      });
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});

describe("POST /api/emails/calculate-billing", () => {
  it("prices each email with the core model at 150.00 per hour by default", async () => {
    const { c } = await newAccount(t);
    const response = await c.post("/api/emails/calculate-billing", { emails: [inbound450, outbound150], clientId: null });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      calculations: [
        {
          emailId: "<long-brief@client.test>",
          subject: "Re: Merger agreement",
          complexity: "complex",
          wordCount: 450,
          isInbound: true,
          readTimeMinutes: 3,
          replyTimeMinutes: 0,
          totalTimeMinutes: 3,
          billedMinutes: 3,
          billingRate: "150.00",
          totalAmount: "7.50",
        },
        {
          emailId: "<reply@firm.test>",
          subject: "Merger agreement: my notes",
          complexity: "medium",
          wordCount: 150,
          isInbound: false,
          readTimeMinutes: 0,
          replyTimeMinutes: 5,
          totalTimeMinutes: 5,
          billedMinutes: 5,
          billingRate: "150.00",
          totalAmount: "12.50",
        },
      ],
      summary: { totalAmount: "20.00", totalEmails: 2, totalTimeHours: 0.13 },
      message: "2 emails: $20.00 for 0.13 hours",
    });
  });

  it("applies the chosen rate, the account's minimum and rounding, and a client's own rounding", async () => {
    const { c, accountId } = await newAccount(t);
    await t.app.db
      .update(accounts)
      .set({ minimumBillingMinutes: 10, roundingIncrementMinutes: 6 })
      .where(eq(accounts.id, accountId));
    const accountRules = await c.post("/api/emails/calculate-billing", {
      emails: [inbound450, { ...outbound150, wordCount: 400 }],
      billingRate: "200",
    });
    expect(accountRules.status).toBe(200);
    // 3 min → minimum 10; 400 words complex → 20 min → 24 (6-minute steps)
    expect(accountRules.body.calculations.map((l: any) => [l.billedMinutes, l.totalAmount, l.billingRate])).toEqual([
      [10, "33.33", "200.00"],
      [24, "80.00", "200.00"],
    ]);
    expect(accountRules.body.summary).toEqual({ totalAmount: "113.33", totalEmails: 2, totalTimeHours: 0.57 });

    const client = await buildClient(c, { name: "Strict Client", roundingIncrementMinutes: 30 });
    const withClient = await c.post("/api/emails/calculate-billing", {
      emails: [inbound450],
      billingRate: 150,
      clientId: client.id,
    });
    expect(withClient.body.calculations[0]).toMatchObject({ totalTimeMinutes: 3, billedMinutes: 30, totalAmount: "75.00" });
  });

  it("refuses no emails, bad figures and another account's client", async () => {
    const { c } = await newAccount(t);
    const other = await newAccount(t);
    const foreign = await buildClient(other.c, { name: "Not yours" });
    const empty = await c.post("/api/emails/calculate-billing", { emails: [], billingRate: 150 });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(NO_EMAILS_SELECTED);
    expect((await c.post("/api/emails/calculate-billing", { billingRate: 150 })).body.message).toBe(NO_EMAILS_SELECTED);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ emails: [{ ...inbound450, wordCount: -1 }] }, /wordCount must not be negative/],
      [{ emails: [{ ...inbound450, wordCount: 1.5 }] }, /wordCount must be a whole number/],
      [{ emails: [{ ...inbound450, isInbound: "yes" }] }, /isInbound must be true or false/],
      [{ emails: [inbound450], billingRate: "abc" }, /Billing rate must be an amount/],
      [{ emails: [inbound450], billingRate: -5 }, /Billing rate must be an amount/],
      [{ emails: [inbound450], clientId: "x" }, /clientId must be a client's id/],
      [{ emails: Array.from({ length: 51 }, (_, i) => ({ ...inbound450, id: `m${i}` })) }, /at most 50/],
    ];
    for (const [body, message] of cases) {
      const response = await c.post("/api/emails/calculate-billing", body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
    const notFound = await c.post("/api/emails/calculate-billing", { emails: [inbound450], clientId: foreign.id });
    expect(notFound.status).toBe(404);
    expect(notFound.body.message).toBe("Client not found");
  });
});

describe("POST /api/emails/track", () => {
  it("saves the email with time and amount recomputed by the server, ignoring the figures sent", async () => {
    const { c, accountId } = await newAccount(t);
    const client = await buildClient(c, { name: "Globex" });
    const response = await c.post("/api/emails/track", {
      emailData: { ...inbound450, estimatedReadTime: 600, estimatedReplyTime: 600 },
      clientId: client.id,
      billingCalculation: {
        emailId: inbound450.id,
        billingRate: 150,
        totalAmount: "9999.00",
        totalTimeMinutes: 600,
        readTimeMinutes: 600,
      },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      success: true,
      billing: { totalAmount: "7.50", billedMinutes: 3 },
      message: '"Re: Merger agreement" saved for Globex: $7.50',
      email: {
        subject: "Re: Merger agreement",
        emailType: "inbound",
        complexity: "complex",
        estimatedHours: "0.05",
        amount: "7.50",
        wordCount: 450,
        billingRate: "150.00",
        clientId: client.id,
        clientName: "Globex",
        totalTime: 3,
        invoiceId: null,
        sentAt: "2026-03-02T10:00:00.000Z",
        messageKey: "<long-brief@client.test>",
      },
    });
    const [row] = await trackedRows(accountId);
    expect(row).toMatchObject({
      amountCents: 750,
      billedSeconds: 180,
      readSeconds: 180,
      writeSeconds: 0,
      rateCents: 15000,
      emailType: "inbound",
    });
  });

  it("refuses the same message for the same client twice, but accepts it for another client", async () => {
    const { c, accountId } = await newAccount(t);
    const first = await buildClient(c, { name: "First" });
    const second = await buildClient(c, { name: "Second" });
    expect((await c.post("/api/emails/track", { emailData: outbound150, clientId: first.id })).status).toBe(201);
    const again = await c.post("/api/emails/track", { emailData: { ...outbound150, subject: "changed" }, clientId: first.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('"changed" is already tracked for First');
    expect((await c.post("/api/emails/track", { emailData: outbound150, clientId: second.id })).status).toBe(201);
    expect(await trackedRows(accountId)).toHaveLength(2);
  });

  it("requires a client of the account and refuses an archived one", async () => {
    const { c, accountId } = await newAccount(t);
    const other = await newAccount(t);
    const foreign = await buildClient(other.c);
    const missing = await c.post("/api/emails/track", { emailData: inbound450 });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(CLIENT_REQUIRED_FOR_SAVE);
    expect((await c.post("/api/emails/track", { emailData: inbound450, clientId: "" })).body.message).toBe(
      CLIENT_REQUIRED_FOR_SAVE,
    );
    const notFound = await c.post("/api/emails/track", { emailData: inbound450, clientId: foreign.id });
    expect(notFound.status).toBe(404);
    const archived = await buildClient(c, { name: "Old Client" });
    await t.app.db.update(clients).set({ archivedAt: new Date() }).where(eq(clients.id, archived.id));
    const refused = await c.post("/api/emails/track", { emailData: inbound450, clientId: archived.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Old Client is archived/);
    expect((await c.post("/api/emails/track", { emailData: { ...inbound450, id: "" }, clientId: archived.id })).status).toBe(400);
    expect(
      (await c.post("/api/emails/track", { emailData: { ...inbound450, timestamp: "yesterday" }, clientId: archived.id })).status,
    ).toBe(400);
    expect(await trackedRows(accountId)).toEqual([]);
    expect(await trackedRows(other.accountId)).toEqual([]);
  });
});

describe("tracked emails: list, client views, delete, sync", () => {
  it("lists the account's recent tracked emails with the client's name, newest first, up to the limit", async () => {
    const { c } = await newAccount(t);
    const other = await newAccount(t);
    const client = await buildClient(c, { name: "Initech" });
    for (let i = 0; i < 12; i++) {
      const response = await c.post("/api/emails/track", {
        emailData: { ...inbound450, id: `<m${i}@x.test>`, subject: `Email ${i}`, wordCount: i * 100 },
        clientId: client.id,
      });
      expect(response.status).toBe(201);
    }
    const list = await c.get("/api/emails?limit=10");
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(10);
    expect(list.body[0]).toEqual({
      id: expect.any(Number),
      subject: "Email 11",
      emailType: "inbound",
      complexity: "complex",
      estimatedHours: "0.10",
      billedSeconds: 360,
      amount: "15.00",
      wordCount: 1100,
      billingRate: "150.00",
      createdAt: expect.any(String),
      clientId: client.id,
      clientName: "Initech",
      totalTime: 6,
      billedMinutes: 6,
      readTimeMinutes: 6,
      replyTimeMinutes: 0,
      sender: "Client <client@client.test>",
      recipient: "me@firm.test",
      sentAt: "2026-03-02T10:00:00.000Z",
      messageKey: "<m11@x.test>",
      invoiceId: null,
    });
    expect(list.body.map((e: any) => e.subject).slice(0, 3)).toEqual(["Email 11", "Email 10", "Email 9"]);
    expect((await c.get("/api/emails")).body).toHaveLength(10);
    expect((await c.get("/api/emails?limit=100")).body).toHaveLength(12);
    for (const bad of ["0", "101", "abc", "-1"]) expect((await c.get(`/api/emails?limit=${bad}`)).status).toBe(400);
    expect((await other.c.get("/api/emails?limit=10")).body).toEqual([]);

    // The client log and client detail Emails tabs (routes of the calls and clients features) show them too.
    const log = await c.get(`/api/emails/client/${client.id}?startDate=2000-01-01&endDate=2100-01-01`);
    expect(log.status).toBe(200);
    expect(log.body).toHaveLength(12);
    expect(log.body[0]).toMatchObject({
      subject: "Email 11",
      amount: "15.00",
      estimatedHours: "0.10",
      totalTime: 6,
      invoiceId: null,
    });
    const detail = await c.get(`/api/clients/${client.id}/emails`);
    expect(detail.status).toBe(200);
    expect(detail.body).toHaveLength(12);
    expect(detail.body[0]).toMatchObject({
      subject: "Email 11",
      emailType: "inbound",
      amount: "15.00",
      estimatedHours: "0.10",
      totalTime: 6,
      invoiceId: null,
    });
  });

  it("deletes a tracked email, but not another account's and not an invoiced one", async () => {
    const { c, accountId } = await newAccount(t);
    const intruder = await newAccount(t);
    const client = await buildClient(c);
    const kept = (await c.post("/api/emails/track", { emailData: inbound450, clientId: client.id })).body.email;
    const invoiced = (await c.post("/api/emails/track", { emailData: outbound150, clientId: client.id })).body.email;
    await t.app.db.update(trackedEmails).set({ invoiceId: 424242 }).where(eq(trackedEmails.id, invoiced.id));

    expect((await intruder.c.delete(`/api/emails/${kept.id}`)).status).toBe(404);
    const locked = await c.delete(`/api/emails/${invoiced.id}`);
    expect(locked.status).toBe(409);
    expect(locked.body.message).toMatch(/on an invoice and cannot be deleted/);
    expect(await trackedRows(accountId)).toHaveLength(2);

    expect((await c.delete(`/api/emails/${kept.id}`)).status).toBe(200);
    expect((await trackedRows(accountId)).map((r) => r.id)).toEqual([invoiced.id]);
    expect((await c.delete(`/api/emails/${kept.id}`)).status).toBe(404);
  });

  it("answers sync-accounting honestly: nothing is connected, nothing was sent", async () => {
    const { c } = await newAccount(t);
    const intruder = await newAccount(t);
    const client = await buildClient(c);
    const email = (await c.post("/api/emails/track", { emailData: inbound450, clientId: client.id })).body.email;
    const response = await c.post(`/api/emails/${email.id}/sync-accounting`, { integrationId: "quickbooks" });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      success: false,
      message:
        "QuickBooks is not connected, so nothing was sent. Connect it under Financial Integrations, then sync again. The email stays in your billing records.",
    });
    expect((await intruder.c.post(`/api/emails/${email.id}/sync-accounting`, { integrationId: "quickbooks" })).status).toBe(404);
    expect((await c.post(`/api/emails/${email.id}/sync-accounting`, { integrationId: 7 })).status).toBe(400);
    expect((await c.post("/api/emails/999999/sync-accounting", { integrationId: "quickbooks" })).status).toBe(404);
  });
});
