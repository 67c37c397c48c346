import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimateEmailTimes } from "../../src/core/email-estimate.js";
import type { ApiClient } from "../helpers/api-client.js";
import { appendMessages, type Dovecot, startDovecot, words } from "../helpers/dovecot.js";
import { signUp } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 6 against a real mail server: Dovecot on a loopback port, messages stored over IMAP
 * (APPEND) in INBOX and Sent, plain, HTML-only and multipart; then search, calculate and track
 * through the HTTP API, a wrong password, and a server that is down.
 */
let t: TestApp;
let dovecot: Dovecot;
let c: ApiClient;
let clientId: number;

const day = (n: number) => new Date(Date.UTC(2026, 2, n, 9, 30));

beforeAll(async () => {
  dovecot = await startDovecot();
  t = await startTestApp();
  c = t.client();
  await signUp(c);
  const created = await c.post("/api/clients", { name: "Acme Holdings" });
  if (created.status !== 201) throw new Error(`client: ${created.status} ${created.text}`);
  clientId = created.body.id;

  await appendMessages(dovecot, "INBOX", [
    {
      from: "Carol Client <carol@acme.test>",
      to: dovecot.address,
      subject: "Contract review: first draft",
      date: day(2),
      messageId: "<draft-1@acme.test>",
      text: words(450),
    },
    {
      from: "Carol Client <carol@acme.test>",
      to: dovecot.address,
      subject: "Contract Review: redlines (HTML)",
      date: day(4),
      messageId: "<redlines@acme.test>",
      html: `<html><head><style>.x{color:red}</style></head><body><p>${words(120, "clause")}</p><p>Best,<br>Carol</p></body></html>`,
      encoding: "quoted-printable",
    },
    {
      from: "Dan <dan@acme.test>",
      to: `${dovecot.address}, other@acme.test`,
      subject: "contract review — questions",
      date: day(6),
      messageId: "<questions@acme.test>",
      text: words(80, "question"),
      html: `<div>${words(999, "ignored")}</div>`,
      encoding: "base64",
    },
    { from: "Eve <eve@acme.test>", to: dovecot.address, subject: "Lunch on Friday?", date: day(7), text: "Shall we?" },
    {
      from: "Bot <bot@acme.test>",
      to: dovecot.address,
      subject: "Contract review reminder",
      date: day(1),
      messageId: null,
      text: "Reminder: review due.",
    },
  ]);
  await appendMessages(dovecot, "Sent", [
    {
      from: `Me <${dovecot.address}>`,
      to: "Carol Client <carol@acme.test>",
      subject: "Re: Contract review: first draft",
      date: day(3),
      messageId: "<reply-1@example.test>",
      text: words(150, "answer"),
    },
  ]);
});

afterAll(async () => {
  await t?.close();
  await dovecot?.stop();
});

async function connect(password = dovecot.password) {
  return c.put("/api/integrations/email", {
    provider: "imap",
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    username: dovecot.username,
    password,
  });
}

describe("a real mailbox on Dovecot", () => {
  it("tests the connection and shows the server's own greeting", async () => {
    expect((await connect()).status).toBe(200);
    const response = await c.post("/api/integrations/email/test");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      greeting: "Dovecot (Debian) ready.",
      message: `Signed in to 127.0.0.1 as ${dovecot.address}. Server greeting: "Dovecot (Debian) ready.". INBOX holds 5 messages.`,
    });
  });

  it("finds the subject in the inbox and the sent folder, newest first, with word counts and directions", async () => {
    const response = await c.post("/api/emails/search", { subjectQuery: "  contract review ", provider: "imap", maxResults: 50 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      count: 5,
      query: "contract review",
      message: 'Found 5 emails matching "contract review"',
    });
    const results = response.body.results as any[];
    expect(results.map((r) => [r.subject, r.wordCount, r.isInbound, r.folder])).toEqual([
      ["contract review — questions", 80, true, "INBOX"],
      ["Contract Review: redlines (HTML)", 122, true, "INBOX"],
      ["Re: Contract review: first draft", 150, false, "Sent"],
      ["Contract review: first draft", 450, true, "INBOX"],
      ["Contract review reminder", 3, true, "INBOX"],
    ]);
    expect(results[0]).toEqual({
      id: "<questions@acme.test>",
      subject: "contract review — questions",
      sender: "Dan <dan@acme.test>",
      recipient: `${dovecot.address}, other@acme.test`,
      timestamp: "2026-03-06T09:30:00.000Z",
      wordCount: 80,
      isInbound: true,
      ...(({ estimatedReadTime, estimatedReplyTime }) => ({ estimatedReadTime, estimatedReplyTime }))(
        estimateEmailTimes({ wordCount: 80, isInbound: true }),
      ),
      folder: "INBOX",
    });
    expect(results[2]).toMatchObject({
      id: "<reply-1@example.test>",
      sender: `Me <${dovecot.address}>`,
      recipient: "Carol Client <carol@acme.test>",
      estimatedReadTime: 0,
      estimatedReplyTime: 5,
    });
    expect(results[4].id).toMatch(/^INBOX:\d+:5$/);

    // Ids are stable across searches; maxResults keeps the newest.
    const again = await c.post("/api/emails/search", { subjectQuery: "CONTRACT REVIEW", provider: "imap", maxResults: 2 });
    expect(again.body.results.map((r: any) => r.id)).toEqual(results.slice(0, 2).map((r) => r.id));
    const third = await c.post("/api/emails/search", { subjectQuery: "reminder", provider: "imap", maxResults: 50 });
    expect(third.body.results[0].id).toBe(results[4].id);

    const none = await c.post("/api/emails/search", { subjectQuery: "no such subject", provider: "imap", maxResults: 50 });
    expect(none.body).toEqual({
      success: true,
      results: [],
      count: 0,
      query: "no such subject",
      message: 'No emails found with "no such subject" in the subject',
    });
  });

  it("calculates and tracks the found emails, refusing the same email twice", async () => {
    const search = await c.post("/api/emails/search", { subjectQuery: "first draft", provider: "imap", maxResults: 50 });
    const [reply, draft] = search.body.results as any[];
    expect([reply.subject, draft.subject]).toEqual(["Re: Contract review: first draft", "Contract review: first draft"]);

    const calculation = await c.post("/api/emails/calculate-billing", { emails: [reply, draft], billingRate: 150, clientId });
    expect(calculation.status).toBe(200);
    expect(
      calculation.body.calculations.map((l: any) => [
        l.emailId,
        l.complexity,
        l.readTimeMinutes,
        l.replyTimeMinutes,
        l.totalAmount,
      ]),
    ).toEqual([
      ["<reply-1@example.test>", "medium", 0, 5, "12.50"],
      ["<draft-1@acme.test>", "complex", 3, 0, "7.50"],
    ]);
    expect(calculation.body.summary).toEqual({ totalAmount: "20.00", totalEmails: 2, totalTimeHours: 0.13 });

    for (const [email, line] of [
      [reply, calculation.body.calculations[0]],
      [draft, calculation.body.calculations[1]],
    ]) {
      const tracked = await c.post("/api/emails/track", { emailData: email, clientId, billingCalculation: line });
      expect(tracked.status).toBe(201);
      expect(tracked.body.billing.totalAmount).toBe(line.totalAmount);
    }
    const duplicate = await c.post("/api/emails/track", {
      emailData: draft,
      clientId,
      billingCalculation: calculation.body.calculations[1],
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('"Contract review: first draft" is already tracked for Acme Holdings');

    const recent = await c.get("/api/emails?limit=10");
    expect(recent.body.map((e: any) => [e.subject, e.emailType, e.amount, e.clientName])).toEqual([
      ["Contract review: first draft", "inbound", "7.50", "Acme Holdings"],
      ["Re: Contract review: first draft", "outbound", "12.50", "Acme Holdings"],
    ]);
    const log = await c.get(`/api/emails/client/${clientId}?startDate=2000-01-01&endDate=2100-12-31`);
    expect(log.status).toBe(200);
    expect(log.body).toHaveLength(2);
  });

  it("reports a wrong password with the server's own words, as a 502 and never a 500", async () => {
    await connect("not-the-password");
    const search = await c.post("/api/emails/search", { subjectQuery: "contract", provider: "imap", maxResults: 50 });
    expect(search.status).toBe(502);
    expect(search.body.message).toBe(
      `The mail server 127.0.0.1:${dovecot.port} refused the sign-in: [AUTHENTICATIONFAILED] Authentication failed. Check the username and app password (or reconnect the account).`,
    );
    const test = await c.post("/api/integrations/email/test");
    expect(test.status).toBe(502);
    expect(test.body.message).toBe(search.body.message);
    await connect();
  });

  it("reports a server that is down", async () => {
    await dovecot.stop();
    const search = await c.post("/api/emails/search", { subjectQuery: "contract", provider: "imap", maxResults: 50 });
    expect(search.status).toBe(502);
    expect(search.body.message).toBe(
      `Could not connect to the mail server 127.0.0.1:${dovecot.port}: the connection was refused. Check the host and port, or try again when the server is up.`,
    );
  });
});
