import http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EMAIL_INTEGRATION_REQUIRED,
  NO_EMAILS_SELECTED,
  SEARCH_QUERY_REQUIRED,
  CLIENT_REQUIRED_FOR_SAVE,
} from "../../src/core/contracts/emails.js";
import { accounts, clients, emailIntegrations, trackedEmails } from "../../src/server/db/schema/index.js";
import { loadConnectedMailbox } from "../../src/server/emails/mailbox-credentials.js";
import { secretBoxFor } from "../../src/server/platform/secrets.js";
import type { ApiClient } from "../helpers/api-client.js";
import { freePort } from "../helpers/dovecot.js";
import { type NewAccount, signUp } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 6 over HTTP without a mail server: the mailbox connection (never leaking a secret),
 * validation messages, billing recomputed by the server, duplicates refused, other accounts' ids
 * 404, honest sync-to-accounting, a mail server that is down (502, never 500), and the OAuth
 * code flow against a local stand-in of the token endpoint. tests/system/email-imap.test.ts
 * drives search against a real Dovecot.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type Session = { c: ApiClient; account: NewAccount; accountId: number };

async function newAccount(): Promise<Session> {
  const c = t.client();
  const account = await signUp(c);
  return { c, account, accountId: account.user.accountId };
}

async function addClient(c: ApiClient, body: Record<string, unknown> = {}): Promise<{ id: number; name: string }> {
  const response = await c.post("/api/clients", { name: "Acme Corp", ...body });
  if (response.status !== 201) throw new Error(`create client failed: ${response.status} ${response.text}`);
  return response.body;
}

const inbound450 = {
  id: "<long-brief@client.test>",
  subject: "Re: Merger agreement",
  sender: "Client <client@client.test>",
  recipient: "me@firm.test",
  timestamp: "2026-03-02T10:00:00.000Z",
  wordCount: 450,
  isInbound: true,
  estimatedReadTime: 3,
  estimatedReplyTime: 15,
};
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

describe("signed out", () => {
  it("answers 401 on every email route", async () => {
    const c = t.client();
    const calls = [
      c.get("/api/integrations/email"),
      c.put("/api/integrations/email", { provider: "gmail", username: "a@b.test", password: "x" }),
      c.post("/api/integrations/email/test"),
      c.delete("/api/integrations/email"),
      c.get("/api/integrations/email/oauth/gmail/start"),
      c.post("/api/emails/search", { subjectQuery: "x" }),
      c.post("/api/emails/calculate-billing", { emails: [inbound450] }),
      c.post("/api/emails/track", { emailData: inbound450, clientId: 1 }),
      c.get("/api/emails?limit=10"),
      c.delete("/api/emails/1"),
      c.post("/api/emails/1/sync-accounting", { integrationId: "quickbooks" }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(401);
      expect(response.body.message).toBe("Unauthorized");
    }
  });
});

describe("mailbox connection /api/integrations/email", () => {
  it("answers enabled false and no settings when nothing is connected", async () => {
    const { c } = await newAccount();
    const response = await c.get("/api/integrations/email");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      enabled: false,
      provider: null,
      host: null,
      port: null,
      secure: null,
      username: null,
      address: null,
      authType: null,
      hasPassword: false,
      lastTestedAt: null,
      lastTestMessage: null,
      oauthAvailable: { gmail: false, outlook: false },
    });
  });

  it("saves a Gmail mailbox with its preset server and an encrypted password that never comes back", async () => {
    const { c, accountId } = await newAccount();
    const password = "abcd efgh ijkl mnop";
    const saved = await c.put("/api/integrations/email", {
      provider: "gmail",
      host: "evil.example.test",
      port: 25,
      secure: false,
      username: "Ann.Lawyer@gmail.com",
      password,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      enabled: true,
      provider: "gmail",
      host: "imap.gmail.com",
      port: 993,
      secure: true,
      username: "Ann.Lawyer@gmail.com",
      address: "ann.lawyer@gmail.com",
      authType: "password",
      hasPassword: true,
    });
    expect(saved.text).not.toContain("abcd");
    const read = await c.get("/api/integrations/email");
    expect(read.body).toEqual(saved.body);
    expect(read.text).not.toContain("abcd");

    const [row] = await t.app.db.select().from(emailIntegrations).where(eq(emailIntegrations.accountId, accountId));
    expect(row?.secretCiphertext).toMatch(/^v1\./);
    expect(row?.secretCiphertext).not.toContain("abcd");
    expect(secretBoxFor(t.app.config).decryptJson(row!.secretCiphertext!, `email_integrations:${accountId}`)).toEqual({
      kind: "password",
      password,
    });
  });

  it("keeps the stored password when the password is omitted and the server stays, and replaces it when given", async () => {
    const { c, accountId } = await newAccount();
    await c.put("/api/integrations/email", { provider: "yahoo", username: "me@yahoo.test", password: "first-secret" });
    const [before] = await t.app.db.select().from(emailIntegrations).where(eq(emailIntegrations.accountId, accountId));
    const kept = await c.put("/api/integrations/email", {
      provider: "yahoo",
      username: "me@yahoo.test",
      address: "billing@firm.test",
      enabled: false,
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ provider: "yahoo", address: "billing@firm.test", enabled: false, hasPassword: true });
    const [after] = await t.app.db.select().from(emailIntegrations).where(eq(emailIntegrations.accountId, accountId));
    expect(after?.secretCiphertext).toBe(before?.secretCiphertext);

    // Another server needs the password again (issue 11, defect 2: tests/api/emails-mailbox-guard.test.ts).
    const moved = await c.put("/api/integrations/email", {
      provider: "imap",
      host: "mail.firm.test",
      port: "143",
      secure: false,
      username: "me@firm.test",
    });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe(
      "App password is required again when the server, port, TLS setting, username or provider changes",
    );

    await c.put("/api/integrations/email", {
      provider: "imap",
      host: "mail.firm.test",
      username: "me@firm.test",
      password: "second-secret",
    });
    const [changed] = await t.app.db.select().from(emailIntegrations).where(eq(emailIntegrations.accountId, accountId));
    expect(secretBoxFor(t.app.config).decryptJson(changed!.secretCiphertext!, `email_integrations:${accountId}`)).toEqual({
      kind: "password",
      password: "second-secret",
    });
    expect(changed).toMatchObject({ port: 993, secure: true });
  });

  it("refuses bad settings with a clear message and stores nothing", async () => {
    const { c, accountId } = await newAccount();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ provider: "aol", username: "a@b.test", password: "x" }, /Provider must be gmail, outlook, yahoo or imap/],
      [{ provider: "imap", username: "a@b.test", password: "x" }, /Server host is required/],
      [{ provider: "imap", host: "https://mail.test", username: "a@b.test", password: "x" }, /without https/],
      [
        { provider: "imap", host: "mail.test", port: 70000, username: "a@b.test", password: "x" },
        /Port must be a whole number from 1 to 65535/,
      ],
      [{ provider: "imap", host: "mail.test", port: "x", username: "a@b.test", password: "x" }, /Port must be/],
      [{ provider: "gmail", username: "", password: "x" }, /Username is required/],
      [{ provider: "gmail", username: "a@b.test" }, /App password is required/],
      [{ provider: "gmail", username: "a@b.test", password: "x", address: "not-an-address" }, /valid email address/],
      [{ provider: "gmail", username: "a@b.test", password: 12 }, /App password must be text/],
    ];
    for (const [body, message] of cases) {
      const response = await c.put("/api/integrations/email", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
    expect(await t.app.db.select().from(emailIntegrations).where(eq(emailIntegrations.accountId, accountId))).toEqual([]);
  });

  it("keeps accounts apart: another account sees nothing and cannot disconnect it", async () => {
    const owner = await newAccount();
    const other = await newAccount();
    await owner.c.put("/api/integrations/email", { provider: "gmail", username: "owner@gmail.test", password: "owner-secret" });
    expect((await other.c.get("/api/integrations/email")).body.enabled).toBe(false);
    expect((await other.c.delete("/api/integrations/email")).status).toBe(404);
    expect((await owner.c.get("/api/integrations/email")).body.enabled).toBe(true);
  });

  it("refuses a ciphertext copied into another account's row", async () => {
    const owner = await newAccount();
    const thief = await newAccount();
    await owner.c.put("/api/integrations/email", {
      provider: "imap",
      host: "127.0.0.1",
      port: 1,
      secure: false,
      username: "o@x.test",
      password: "owner-secret",
    });
    await thief.c.put("/api/integrations/email", {
      provider: "imap",
      host: "127.0.0.1",
      port: 1,
      secure: false,
      username: "t@x.test",
      password: "thief",
    });
    const [ownerRow] = await t.app.db.select().from(emailIntegrations).where(eq(emailIntegrations.accountId, owner.accountId));
    await t.app.db
      .update(emailIntegrations)
      .set({ secretCiphertext: ownerRow!.secretCiphertext })
      .where(eq(emailIntegrations.accountId, thief.accountId));
    const response = await thief.c.post("/api/integrations/email/test");
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/can no longer be read/);
  });

  it("disconnects and erases the secrets", async () => {
    const { c, accountId } = await newAccount();
    await c.put("/api/integrations/email", { provider: "gmail", username: "gone@gmail.test", password: "gone-secret" });
    const response = await c.delete("/api/integrations/email");
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(await t.app.db.select().from(emailIntegrations).where(eq(emailIntegrations.accountId, accountId))).toEqual([]);
    expect((await c.get("/api/integrations/email")).body.enabled).toBe(false);
    expect((await c.delete("/api/integrations/email")).status).toBe(404);
  });

  it("tests the connection and reports a server that is down as a 502 with a clear message", async () => {
    const { c } = await newAccount();
    expect((await c.post("/api/integrations/email/test")).body.message).toBe(EMAIL_INTEGRATION_REQUIRED);
    const port = await freePort();
    await c.put("/api/integrations/email", {
      provider: "imap",
      host: "127.0.0.1",
      port,
      secure: false,
      username: "me@firm.test",
      password: "pw",
    });
    const response = await c.post("/api/integrations/email/test");
    expect(response.status).toBe(502);
    expect(response.body.message).toBe(
      `Could not connect to the mail server 127.0.0.1:${port}: the connection was refused. Check the host and port, or try again when the server is up.`,
    );
    const settings = await c.get("/api/integrations/email");
    expect(settings.body.lastTestMessage).toBe(response.body.message);
    expect(settings.body.lastTestedAt).toEqual(expect.any(String));
  });
});

describe("POST /api/emails/search validation", () => {
  it("requires a subject, then a connected mailbox, with the specification's messages", async () => {
    const { c } = await newAccount();
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
    const { c } = await newAccount();
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
    const { c } = await newAccount();
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
    const { c } = await newAccount();
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
    const { c, accountId } = await newAccount();
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

    const client = await addClient(c, { name: "Strict Client", roundingIncrementMinutes: 30 });
    const withClient = await c.post("/api/emails/calculate-billing", {
      emails: [inbound450],
      billingRate: 150,
      clientId: client.id,
    });
    expect(withClient.body.calculations[0]).toMatchObject({ totalTimeMinutes: 3, billedMinutes: 30, totalAmount: "75.00" });
  });

  it("refuses no emails, bad figures and another account's client", async () => {
    const { c } = await newAccount();
    const other = await newAccount();
    const foreign = await addClient(other.c, { name: "Not yours" });
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
    const { c, accountId } = await newAccount();
    const client = await addClient(c, { name: "Globex" });
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
    const { c, accountId } = await newAccount();
    const first = await addClient(c, { name: "First" });
    const second = await addClient(c, { name: "Second" });
    expect((await c.post("/api/emails/track", { emailData: outbound150, clientId: first.id })).status).toBe(201);
    const again = await c.post("/api/emails/track", { emailData: { ...outbound150, subject: "changed" }, clientId: first.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('"changed" is already tracked for First');
    expect((await c.post("/api/emails/track", { emailData: outbound150, clientId: second.id })).status).toBe(201);
    expect(await trackedRows(accountId)).toHaveLength(2);
  });

  it("requires a client of the account and refuses an archived one", async () => {
    const { c, accountId } = await newAccount();
    const other = await newAccount();
    const foreign = await addClient(other.c);
    const missing = await c.post("/api/emails/track", { emailData: inbound450 });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(CLIENT_REQUIRED_FOR_SAVE);
    expect((await c.post("/api/emails/track", { emailData: inbound450, clientId: "" })).body.message).toBe(
      CLIENT_REQUIRED_FOR_SAVE,
    );
    const notFound = await c.post("/api/emails/track", { emailData: inbound450, clientId: foreign.id });
    expect(notFound.status).toBe(404);
    const archived = await addClient(c, { name: "Old Client" });
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
    const { c } = await newAccount();
    const other = await newAccount();
    const client = await addClient(c, { name: "Initech" });
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
    const { c, accountId } = await newAccount();
    const intruder = await newAccount();
    const client = await addClient(c);
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
    const { c } = await newAccount();
    const intruder = await newAccount();
    const client = await addClient(c);
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

describe("OAuth 2.0 sign-in for Gmail against a stand-in token endpoint", () => {
  let oauthApp: TestApp;
  let tokenServer: http.Server;
  const tokenRequests: URLSearchParams[] = [];
  let issued = 0;

  const idToken = (email: string) =>
    ["e30", Buffer.from(JSON.stringify({ email, sub: "1" })).toString("base64url"), "sig"].join(".");

  beforeAll(async () => {
    tokenServer = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        const form = new URLSearchParams(body);
        tokenRequests.push(form);
        response.setHeader("content-type", "application/json");
        if (form.get("client_secret") !== "google-secret") {
          response.statusCode = 401;
          response.end(JSON.stringify({ error: "invalid_client", error_description: "The OAuth client was not found." }));
          return;
        }
        if (form.get("grant_type") === "authorization_code" && form.get("code") === "good-code") {
          issued += 1;
          response.end(
            JSON.stringify({
              access_token: `access-${issued}`,
              refresh_token: "refresh-1",
              expires_in: 3599,
              token_type: "Bearer",
              id_token: idToken("Ann@Gmail.com"),
            }),
          );
          return;
        }
        if (form.get("grant_type") === "refresh_token" && form.get("refresh_token") === "refresh-1") {
          issued += 1;
          response.end(JSON.stringify({ access_token: `access-${issued}`, expires_in: 3599, token_type: "Bearer" }));
          return;
        }
        response.statusCode = 400;
        response.end(JSON.stringify({ error: "invalid_grant", error_description: "Bad Request" }));
      });
    });
    await new Promise<void>((resolve) => tokenServer.listen(0, "127.0.0.1", resolve));
    const port = (tokenServer.address() as { port: number }).port;
    oauthApp = await startTestApp({
      oauth: {
        google: { clientId: "google-client", clientSecret: "google-secret" },
        microsoft: {},
        tokenUrlOverride: `http://127.0.0.1:${port}/token`,
      },
    });
  });
  afterAll(async () => {
    await oauthApp?.close();
    tokenServer?.close();
  });

  it("says sign-in is not set up when the deployment has no client id", async () => {
    const { c } = await newAccount();
    const response = await c.get("/api/integrations/email/oauth/gmail/start");
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/Sign-in with Google is not set up on this server/);
    expect((await c.get("/api/integrations/email/oauth/yahoo/start")).status).toBe(400);
  });

  it("redirects to Google, exchanges the code with PKCE, stores the tokens encrypted and refreshes them before expiry", async () => {
    const c = oauthApp.client();
    const { user } = await signUp(c);
    expect((await c.get("/api/integrations/email")).body.oauthAvailable).toEqual({ gmail: true, outlook: false });

    const start = await c.get("/api/integrations/email/oauth/gmail/start");
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("location")!);
    expect(authorize.origin + authorize.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: "google-client",
      response_type: "code",
      scope: "https://mail.google.com/ openid email",
      access_type: "offline",
      code_challenge_method: "S256",
      redirect_uri: `${oauthApp.baseUrl}/api/integrations/email/oauth/gmail/callback`,
    });
    const state = authorize.searchParams.get("state")!;

    // A forged or foreign state is refused and changes nothing.
    const forged = await c.get(
      `/api/integrations/email/oauth/gmail/callback?code=good-code&state=${encodeURIComponent(`${state.split(".")[0]}.AAAA`)}`,
    );
    expect(forged.status).toBe(302);
    expect(forged.headers.get("location")).toMatch(/oauth=error&message=The\+sign-in\+link\+is\+invalid/);
    expect(tokenRequests).toHaveLength(0);

    // The provider says the user refused.
    const denied = await c.get("/api/integrations/email/oauth/gmail/callback?error=access_denied");
    expect(decodeURIComponent(denied.headers.get("location")!.replace(/\+/g, " "))).toMatch(
      /Google sign-in did not complete: access_denied/,
    );

    // The real answer (the state cookie was cleared by the forged attempt, so start again).
    const again = await c.get("/api/integrations/email/oauth/gmail/start");
    const state2 = new URL(again.headers.get("location")!).searchParams.get("state")!;
    const challenge = new URL(again.headers.get("location")!).searchParams.get("code_challenge")!;
    const callback = await c.get(
      `/api/integrations/email/oauth/gmail/callback?code=good-code&state=${encodeURIComponent(state2)}`,
    );
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/emails?oauth=connected");

    const exchange = tokenRequests.at(-1)!;
    expect(Object.fromEntries(exchange)).toMatchObject({
      grant_type: "authorization_code",
      code: "good-code",
      client_id: "google-client",
      client_secret: "google-secret",
      redirect_uri: `${oauthApp.baseUrl}/api/integrations/email/oauth/gmail/callback`,
    });
    const { createHash } = await import("node:crypto");
    expect(createHash("sha256").update(exchange.get("code_verifier")!).digest("base64url")).toBe(challenge);

    const settings = await c.get("/api/integrations/email");
    expect(settings.body).toMatchObject({
      enabled: true,
      provider: "gmail",
      host: "imap.gmail.com",
      port: 993,
      secure: true,
      username: "ann@gmail.com",
      address: "ann@gmail.com",
      authType: "oauth2",
    });
    expect(settings.text).not.toMatch(/access-|refresh-1/);
    const [row] = await oauthApp.app.db.select().from(emailIntegrations).where(eq(emailIntegrations.accountId, user.accountId));
    expect(row?.secretCiphertext).not.toMatch(/access-|refresh-1/);

    // Saving the settings again without a password keeps the OAuth grant.
    expect((await c.put("/api/integrations/email", { provider: "gmail", username: "ann@gmail.com" })).body.authType).toBe(
      "oauth2",
    );
    // Switching to another provider needs a password.
    expect((await c.put("/api/integrations/email", { provider: "yahoo", username: "ann@gmail.com" })).status).toBe(400);

    // Before expiry nothing is refreshed; within five minutes of it the token is renewed and stored encrypted.
    const soon = new Date(Date.now() + 10 * 60 * 1000);
    const fresh = await loadConnectedMailbox(oauthApp.app.db, oauthApp.app.config, user.accountId, soon);
    expect(fresh.target.auth).toEqual({ kind: "oauth2", accessToken: "access-1" });
    const requestsBefore = tokenRequests.length;
    const later = new Date(Date.now() + 58 * 60 * 1000);
    const refreshed = await loadConnectedMailbox(oauthApp.app.db, oauthApp.app.config, user.accountId, later);
    expect(refreshed.target.auth).toEqual({ kind: "oauth2", accessToken: "access-2" });
    expect(tokenRequests).toHaveLength(requestsBefore + 1);
    expect(Object.fromEntries(tokenRequests.at(-1)!)).toMatchObject({
      grant_type: "refresh_token",
      refresh_token: "refresh-1",
      client_id: "google-client",
    });
    const [after] = await oauthApp.app.db.select().from(emailIntegrations).where(eq(emailIntegrations.accountId, user.accountId));
    expect(
      secretBoxFor(oauthApp.app.config).decryptJson(after!.secretCiphertext!, `email_integrations:${user.accountId}`),
    ).toMatchObject({
      kind: "oauth2",
      accessToken: "access-2",
      refreshToken: "refresh-1",
    });
    expect(after!.tokenExpiresAt!.getTime()).toBeGreaterThan(later.getTime());
  });

  it("reports a refused code exchange on the settings page", async () => {
    const c = oauthApp.client();
    await signUp(c);
    const start = await c.get("/api/integrations/email/oauth/gmail/start");
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    const callback = await c.get(
      `/api/integrations/email/oauth/gmail/callback?code=expired-code&state=${encodeURIComponent(state)}`,
    );
    expect(callback.status).toBe(302);
    const message = new URL(callback.headers.get("location")!, oauthApp.baseUrl).searchParams.get("message");
    expect(message).toBe("Google refused the sign-in (invalid_grant: Bad Request). Connect the account again from Settings.");
    expect((await c.get("/api/integrations/email")).body.enabled).toBe(false);
  });

  it("refuses a callback in another account's session", async () => {
    const owner = oauthApp.client();
    await signUp(owner);
    const start = await owner.get("/api/integrations/email/oauth/gmail/start");
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    const attacker = oauthApp.client();
    await signUp(attacker);
    const callback = await attacker.get(
      `/api/integrations/email/oauth/gmail/callback?code=good-code&state=${encodeURIComponent(state)}`,
    );
    expect(callback.headers.get("location")).toMatch(/oauth=error/);
    expect((await attacker.get("/api/integrations/email")).body.enabled).toBe(false);
    expect((await owner.get("/api/integrations/email")).body.enabled).toBe(false);
  });
});
