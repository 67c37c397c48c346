import http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_INTEGRATION_REQUIRED, MAILBOX_RECONNECT_MESSAGE } from "../../src/core/contracts/emails.js";
import { integrations } from "../../src/server/db/schema/index.js";
import { loadConnectedMailbox } from "../../src/server/emails/mailbox-credentials.js";
import { secretBoxFor } from "../../src/server/http/secrets.js";
import { sealIntegrationSecret } from "../../src/server/integrations/integration-store.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { freePort } from "../helpers/free-port.js";
import { inbound450 } from "../helpers/email-fixtures.js";
import { newAccount, signUp } from "../helpers/factories.js";
import { mailboxRowOf, mailboxRowsOf, openMailboxSecret } from "../helpers/mailbox-rows.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 6 over HTTP without a mail server, the mailbox half: every email route refuses a
 * signed-out caller, the mailbox connection (never leaking a secret, a mail server that is down is
 * a 502, never a 500), and the OAuth code flow against a local stand-in of the token endpoint.
 * emails-tracking.test.ts has search, billing and tracking; tests/system/email-imap.test.ts
 * drives search against a real Dovecot.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

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
    const { c } = await newAccount(t);
    const response = await c.get("/api/integrations/email");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      enabled: false,
      status: "disconnected",
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
    const { c, accountId } = await newAccount(t);
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

    const row = await mailboxRowOf(t.app.db, accountId);
    expect(row?.secretCiphertext).toMatch(/^v1\./);
    expect(row?.secretCiphertext).not.toContain("abcd");
    expect(openMailboxSecret(t.app.config, row!)).toEqual({
      kind: "password",
      password,
    });
  });

  it("keeps the stored password when the password is omitted and the server stays, and replaces it when given", async () => {
    const { c, accountId } = await newAccount(t);
    await c.put("/api/integrations/email", { provider: "yahoo", username: "me@yahoo.test", password: "first-secret" });
    const before = await mailboxRowOf(t.app.db, accountId);
    const kept = await c.put("/api/integrations/email", {
      provider: "yahoo",
      username: "me@yahoo.test",
      address: "billing@firm.test",
      enabled: false,
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ provider: "yahoo", address: "billing@firm.test", enabled: false, hasPassword: true });
    const after = await mailboxRowOf(t.app.db, accountId);
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
    const changed = await mailboxRowOf(t.app.db, accountId);
    expect(openMailboxSecret(t.app.config, changed!)).toEqual({
      kind: "password",
      password: "second-secret",
    });
    expect(changed!.config).toMatchObject({ port: 993, secure: true });
  });

  it("refuses bad settings with a clear message and stores nothing", async () => {
    const { c, accountId } = await newAccount(t);
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
    expect(await mailboxRowsOf(t.app.db, accountId)).toEqual([]);
  });

  it("keeps accounts apart: another account sees nothing and cannot disconnect it", async () => {
    const owner = await newAccount(t);
    const other = await newAccount(t);
    await owner.c.put("/api/integrations/email", { provider: "gmail", username: "owner@gmail.test", password: "owner-secret" });
    expect((await other.c.get("/api/integrations/email")).body.enabled).toBe(false);
    expect((await other.c.delete("/api/integrations/email")).status).toBe(404);
    expect((await owner.c.get("/api/integrations/email")).body.enabled).toBe(true);
  });

  it("refuses a ciphertext copied into another account's row", async () => {
    const owner = await newAccount(t);
    const thief = await newAccount(t);
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
    const ownerRow = await mailboxRowOf(t.app.db, owner.accountId);
    const thiefRow = await mailboxRowOf(t.app.db, thief.accountId);
    await t.app.db
      .update(integrations)
      .set({ secretCiphertext: ownerRow!.secretCiphertext })
      .where(eq(integrations.id, thiefRow!.id));
    const response = await thief.c.post("/api/integrations/email/test");
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/can no longer be read/);
  });

  it("disconnects and erases the secrets", async () => {
    const { c, accountId } = await newAccount(t);
    await c.put("/api/integrations/email", { provider: "gmail", username: "gone@gmail.test", password: "gone-secret" });
    const response = await c.delete("/api/integrations/email");
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(await mailboxRowsOf(t.app.db, accountId)).toEqual([]);
    expect((await c.get("/api/integrations/email")).body.enabled).toBe(false);
    expect((await c.delete("/api/integrations/email")).status).toBe(404);
  });

  it("tests the connection and reports a server that is down as a 502 with a clear message", async () => {
    const { c } = await newAccount(t);
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
    const { c } = await newAccount(t);
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
    expect(forged.headers.get("location")).toBe("/emails?oauth=error&reason=invalid_state");
    expect(tokenRequests).toHaveLength(0);

    // The provider says the user refused.
    const denied = await c.get("/api/integrations/email/oauth/gmail/callback?error=access_denied");
    expect(denied.headers.get("location")).toBe("/emails?oauth=error&reason=denied");

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
    const row = await mailboxRowOf(oauthApp.app.db, user.accountId);
    expect(row?.secretCiphertext).not.toMatch(/access-|refresh-1/);

    // Saving the settings again without a password keeps the OAuth grant.
    expect((await c.put("/api/integrations/email", { provider: "gmail", username: "ann@gmail.com" })).body.authType).toBe(
      "oauth2",
    );
    // Switching to another provider needs a password.
    expect((await c.put("/api/integrations/email", { provider: "yahoo", username: "ann@gmail.com" })).status).toBe(400);

    // Before expiry nothing is refreshed; within five minutes of it the token is renewed and stored encrypted.
    const soon = new Date(Date.now() + 10 * 60 * 1000);
    const fresh = await loadConnectedMailbox(oauthApp.app.db, oauthApp.app.config, { accountId: user.accountId, userId: user.id }, soon);
    expect(fresh.target.auth).toEqual({ kind: "oauth2", accessToken: "access-1" });
    const requestsBefore = tokenRequests.length;
    const later = new Date(Date.now() + 58 * 60 * 1000);
    const refreshed = await loadConnectedMailbox(oauthApp.app.db, oauthApp.app.config, { accountId: user.accountId, userId: user.id }, later);
    expect(refreshed.target.auth).toEqual({ kind: "oauth2", accessToken: "access-2" });
    expect(tokenRequests).toHaveLength(requestsBefore + 1);
    expect(Object.fromEntries(tokenRequests.at(-1)!)).toMatchObject({
      grant_type: "refresh_token",
      refresh_token: "refresh-1",
      client_id: "google-client",
    });
    const after = await mailboxRowOf(oauthApp.app.db, user.accountId);
    expect(
      openMailboxSecret(oauthApp.app.config, after!),
    ).toMatchObject({
      kind: "oauth2",
      accessToken: "access-2",
      refreshToken: "refresh-1",
    });
    expect((openMailboxSecret(oauthApp.app.config, after!) as { expiresAt: number }).expiresAt).toBeGreaterThan(later.getTime());

    // Two searches at once with a stale token refresh it once: the mailbox row is locked while one
    // refreshes, and the other then reuses its token (issue 23 defect 13, the rule Meet and accounting follow).
    const muchLater = new Date(Date.now() + 3 * 60 * 60 * 1000);
    const beforeBoth = tokenRequests.length;
    const both = await Promise.all([
      loadConnectedMailbox(oauthApp.app.db, oauthApp.app.config, { accountId: user.accountId, userId: user.id }, muchLater),
      loadConnectedMailbox(oauthApp.app.db, oauthApp.app.config, { accountId: user.accountId, userId: user.id }, muchLater),
    ]);
    expect(tokenRequests).toHaveLength(beforeBoth + 1);
    expect(both[0].target.auth).toEqual(both[1].target.auth);
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
    // A fixed code in the address; Google's words stay on the server (issue 23 defect 9).
    expect(callback.headers.get("location")).toBe("/emails?oauth=error&reason=refused");
    expect((await c.get("/api/integrations/email")).body.enabled).toBe(false);
  });

  it("a refresh token Google refuses (invalid_grant): the search says connect again, and so does Settings", async () => {
    const c = oauthApp.client();
    const { user } = await signUp(c);
    const start = await c.get("/api/integrations/email/oauth/gmail/start");
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    const callback = await c.get(
      `/api/integrations/email/oauth/gmail/callback?code=good-code&state=${encodeURIComponent(state)}`,
    );
    expect(callback.headers.get("location")).toBe("/emails?oauth=connected");
    // The user revoked the grant at Google: the stored refresh token is no longer one Google accepts.
    const row = await mailboxRowOf(oauthApp.app.db, user.accountId);
    const secret = openMailboxSecret(oauthApp.app.config, row!);
    await oauthApp.app.db
      .update(integrations)
      .set(sealIntegrationSecret(secretBoxFor(oauthApp.app.config), row!, { ...secret, refreshToken: "refresh-revoked" }))
      .where(eq(integrations.id, row!.id));

    const owner = { accountId: user.accountId, userId: user.id };
    const later = new Date(Date.now() + 58 * 60 * 1000);
    await expect(loadConnectedMailbox(oauthApp.app.db, oauthApp.app.config, owner, later)).rejects.toThrow(
      /refused the sign-in \(invalid_grant.*\)\. Connect the account again from Settings\./,
    );
    const settings = (await c.get("/api/integrations/email")).body;
    expect(settings.status).toBe("reconnect");
    expect(settings.lastTestMessage).toMatch(/refused the sign-in \(invalid_grant.*Connect the account again/);
    expect(settings.lastTestMessage).not.toMatch(/refresh-revoked/);
    const listed = (await c.get("/api/integrations/connections")).body.connections;
    expect(listed).toEqual([expect.objectContaining({ source: "mailbox", provider: "gmail", status: "reconnect" })]);

    // Refused once is refused until the member connects again: the next search asks Google nothing.
    const exchanges = tokenRequests.length;
    await expect(loadConnectedMailbox(oauthApp.app.db, oauthApp.app.config, owner, later)).rejects.toThrow(
      MAILBOX_RECONNECT_MESSAGE,
    );
    expect(tokenRequests).toHaveLength(exchanges);
  });

  it("a spent state re-sent by hand with its nonce cookie completes nothing (issue 23 defect 11)", async () => {
    const c = oauthApp.client();
    await signUp(c);
    const start = await c.get("/api/integrations/email/oauth/gmail/start");
    const nonce = c.cookie("minutely_mail_oauth")!;
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    const path = `/api/integrations/email/oauth/gmail/callback?code=good-code&state=${encodeURIComponent(state)}`;
    expect((await c.get(path)).headers.get("location")).toBe("/emails?oauth=connected");
    const exchanges = tokenRequests.length;
    const replay = await expectNothingChanged(oauthApp.app.db, () =>
      oauthApp.client().request("GET", path, {
        headers: { cookie: `minutely_session=${c.cookie("minutely_session")}; minutely_mail_oauth=${nonce}` },
      }),
    );
    expect(replay.headers.get("location")).toBe("/emails?oauth=error&reason=invalid_state");
    expect(tokenRequests).toHaveLength(exchanges);
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
