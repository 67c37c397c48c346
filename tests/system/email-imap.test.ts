import http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimateEmailTimes } from "../../src/core/email-estimate.js";
import { integrations } from "../../src/server/db/schema/index.js";
import type { ApiClient } from "../helpers/api-client.js";
import { appendMessages, type Dovecot, startDovecot, words } from "../helpers/dovecot.js";
import { signUp } from "../helpers/factories.js";
import { mailboxRowOf } from "../helpers/mailbox-rows.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 6 against a real mail server: Dovecot on a loopback port, messages stored over IMAP
 * (APPEND) in INBOX and Sent, plain, HTML-only and multipart; then search, calculate and track
 * through the HTTP API, a wrong password, and a server that is down. Then a Gmail mailbox connected
 * through the OAuth code flow (a local stand-in of Google's token endpoint) signs in to a second
 * Dovecot with XOAUTH2, before and after its access token is refreshed.
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

describe("a Gmail mailbox over OAuth 2.0: XOAUTH2 sign-in to a real IMAP server", () => {
  // The stand-in of Google's token endpoint, also the introspection endpoint Dovecot asks whether
  // an access token is valid. A refresh revokes the access token it replaces.
  let tokenServer: http.Server;
  let oauthDovecot: Dovecot;
  let o: TestApp;
  let now = Date.now();
  const active = new Set<string>();
  const grants: string[] = [];
  const introspected: string[] = [];
  let issued = 0;

  const idToken = (email: string) =>
    ["e30", Buffer.from(JSON.stringify({ email, sub: "7" })).toString("base64url"), "sig"].join(".");
  const issue = () => {
    issued += 1;
    const token = `access-${issued}`;
    active.add(token);
    return token;
  };

  beforeAll(async () => {
    tokenServer = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        const form = new URLSearchParams(body);
        response.setHeader("content-type", "application/json");
        if (request.url === "/introspect") {
          const token = form.get("token") ?? "";
          introspected.push(token);
          response.end(JSON.stringify(active.has(token) ? { active: true, email: "ann@gmail.test" } : { active: false }));
          return;
        }
        grants.push(form.get("grant_type") ?? "");
        if (form.get("grant_type") === "authorization_code" && form.get("code") === "good-code") {
          response.end(
            JSON.stringify({
              access_token: issue(),
              refresh_token: "refresh-1",
              expires_in: 3599,
              token_type: "Bearer",
              id_token: idToken("ann@gmail.test"),
            }),
          );
          return;
        }
        if (form.get("grant_type") === "refresh_token" && form.get("refresh_token") === "refresh-1") {
          active.clear();
          response.end(JSON.stringify({ access_token: issue(), expires_in: 3599, token_type: "Bearer" }));
          return;
        }
        response.statusCode = 400;
        response.end(JSON.stringify({ error: "invalid_grant", error_description: "Bad Request" }));
      });
    });
    await new Promise<void>((resolve) => tokenServer.listen(0, "127.0.0.1", resolve));
    const stand = `http://127.0.0.1:${(tokenServer.address() as { port: number }).port}`;
    oauthDovecot = await startDovecot({ username: "ann@gmail.test", oauth2IntrospectionUrl: `${stand}/introspect` });
    await appendMessages(oauthDovecot, "INBOX", [
      {
        from: "Carol Client <carol@acme.test>",
        to: oauthDovecot.address,
        subject: "Retainer: next steps",
        date: day(9),
        messageId: "<retainer@acme.test>",
        text: words(240),
      },
    ]);
    o = await startTestApp({
      oauth: {
        google: { clientId: "google-client", clientSecret: "google-secret" },
        microsoft: {},
        tokenUrlOverride: `${stand}/token`,
      },
      now: () => new Date(now),
    });
  });
  afterAll(async () => {
    await o?.close();
    await oauthDovecot?.stop();
    tokenServer?.close();
  });

  it("connects through the code flow, searches with XOAUTH2, and refreshes the token before it expires", async () => {
    const g = o.client();
    const { user } = await signUp(g);
    const start = await g.get("/api/integrations/email/oauth/gmail/start");
    expect(start.status).toBe(302);
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    const callback = await g.get(
      `/api/integrations/email/oauth/gmail/callback?code=good-code&state=${encodeURIComponent(state)}`,
    );
    expect(callback.headers.get("location")).toBe("/emails?oauth=connected");
    expect(grants).toEqual(["authorization_code"]);

    // The mailbox is Gmail's preset (imap.gmail.com:993, TLS); here the local Dovecot stands in for it.
    const row = await mailboxRowOf(o.app.db, user.accountId);
    await o.app.db
      .update(integrations)
      .set({ config: { ...row!.config, host: oauthDovecot.host, port: oauthDovecot.port, secure: false } })
      .where(eq(integrations.id, row!.id));

    const test = await g.post("/api/integrations/email/test");
    expect(test.status).toBe(200);
    expect(test.body.message).toBe(
      `Signed in to 127.0.0.1 as ann@gmail.test. Server greeting: "Dovecot (Debian) ready.". INBOX holds 1 message.`,
    );
    const first = await g.post("/api/emails/search", { subjectQuery: "retainer", provider: "gmail", maxResults: 50 });
    expect(first.status).toBe(200);
    expect(first.body.results.map((r: any) => [r.id, r.wordCount, r.isInbound])).toEqual([["<retainer@acme.test>", 240, true]]);
    expect(new Set(introspected)).toEqual(new Set(["access-1"]));

    // 58 minutes later the token expires within the 5-minute margin: it is refreshed first, and the
    // new one signs in (the old one is revoked, so a stale token would be refused by Dovecot).
    now += 58 * 60 * 1000;
    const later = await g.post("/api/emails/search", { subjectQuery: "retainer", provider: "gmail", maxResults: 50 });
    expect(later.status).toBe(200);
    expect(later.body.count).toBe(1);
    expect(grants).toEqual(["authorization_code", "refresh_token"]);
    expect(introspected.at(-1)).toBe("access-2");
    // No refresh while the new token is fresh.
    expect((await g.post("/api/emails/search", { subjectQuery: "retainer", provider: "gmail", maxResults: 50 })).status).toBe(
      200,
    );
    expect(grants).toHaveLength(2);

    // A token the server no longer accepts is a 502 with the server's words, never a 500.
    active.clear();
    const refused = await g.post("/api/emails/search", { subjectQuery: "retainer", provider: "gmail", maxResults: 50 });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toMatch(
      new RegExp(`^The mail server 127\\.0\\.0\\.1:${oauthDovecot.port} refused the sign-in: .*Authentication failed`),
    );
  });
});
