import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEET_MISSING_INFORMATION, MEET_SCOPES } from "../../src/core/contracts/meet.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { connectMeet } from "../stand-ins/google/meet-flow.js";
import { type GoogleStandIn, STAND_IN_ACCOUNT, startGoogleStandIn } from "../stand-ins/google/server.js";

/** Settings → Integrations → Meet (issue 14 §3; docs/meet.md): settings, test, consent. */
const CLIENT_ID = "123456789-meet.apps.googleusercontent.com";
const CLIENT_SECRET = "GOCSPX-meet-secret-Q8v2";

let google: GoogleStandIn;
let t: TestApp;
let a: TestAccount;
let b: TestAccount;
beforeAll(async () => {
  google = await startGoogleStandIn();
  google.addClient(CLIENT_ID, CLIENT_SECRET);
  t = await startTestApp({ google: { oauthBase: google.baseUrl, apiBase: google.baseUrl } });
  a = await newAccount(t);
  b = await newAccount(t);
});
afterAll(async () => {
  await t?.close();
  await google?.stop();
});

describe("GET/POST /api/integrations/meet", () => {
  it("needs a session", async () => {
    const visitor = t.client();
    for (const [method, path] of [
      ["GET", "/api/integrations/meet"],
      ["POST", "/api/integrations/meet"],
      ["POST", "/api/integrations/meet/test"],
      ["DELETE", "/api/integrations/meet"],
      ["GET", "/api/integrations/meet/connect"],
      ["GET", "/api/integrations/meet/callback?code=x&state=y"],
    ] as const) {
      const response = await expectNothingChanged(t.app.db, () =>
        visitor.request(method, path, method === "POST" ? { json: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } } : {}),
      );
      expect(response.status, path).toBe(401);
    }
  });

  it("shows an unconfigured Meet as not connected, with the redirect URI to register", async () => {
    const response = await a.c.get("/api/integrations/meet");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      configured: false,
      enabled: false,
      status: "not connected",
      clientId: null,
      hasClientSecret: false,
      googleAccount: null,
      redirectUri: `${t.baseUrl}/api/integrations/meet/callback`,
      channelExpiresAt: null,
      lastEventAt: null,
      lastError: null,
    });
  });

  it("refuses a missing Client ID or Client Secret with one message naming both, and changes nothing", async () => {
    expect(MEET_MISSING_INFORMATION).toBe("Missing Information: Please provide both Client ID and Client Secret.");
    const cases: Record<string, unknown>[] = [
      {},
      { clientId: CLIENT_ID },
      { clientSecret: CLIENT_SECRET },
      { clientId: "   ", clientSecret: CLIENT_SECRET },
      { clientId: CLIENT_ID, clientSecret: "" },
    ];
    for (const body of cases) {
      for (const path of ["/api/integrations/meet", "/api/integrations/meet/test"]) {
        const response = await expectNothingChanged(t.app.db, () => a.c.post(path, body));
        expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(response.body.message).toBe(MEET_MISSING_INFORMATION);
      }
    }
    const extra = await expectNothingChanged(t.app.db, () =>
      a.c.post("/api/integrations/meet", { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, enabled: "yes" }),
    );
    expect(extra.status).toBe(400);
  });

  it("the test reports Google's own error for a wrong client (invalid_client), and success for a valid one (invalid_grant)", async () => {
    const wrong = await a.c.post("/api/integrations/meet/test", {
      clientId: "nobody.apps.googleusercontent.com",
      clientSecret: "x",
    });
    expect(wrong.status).toBe(200);
    expect(wrong.body.success).toBe(false);
    expect(wrong.body.message).toContain("The OAuth client was not found.");
    expect(wrong.body.message).toContain("invalid_client");

    const badSecret = await a.c.post("/api/integrations/meet/test", { clientId: CLIENT_ID, clientSecret: "wrong-secret" });
    expect(badSecret.body).toMatchObject({ success: false });
    expect(badSecret.body.message).toContain("Unauthorized");

    const right = await a.c.post("/api/integrations/meet/test", { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    expect(right.body).toEqual({
      success: true,
      message: "Google accepted the Client ID and Client Secret. Save, then connect your Google account.",
    });
    // It really asked Google's token endpoint with a code Google never issued.
    expect(google.tokenRequests.filter((r) => r.grantType === "authorization_code").length).toBeGreaterThanOrEqual(3);
  });

  it("the test says Google could not be reached when the token endpoint fails", async () => {
    google.failNext({ path: /^\/token$/, status: 500, times: 10 });
    const response = await a.c.post("/api/integrations/meet/test", { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    expect(response.body.success).toBe(false);
    expect(response.body.message).toMatch(/INTERNAL|Backend Error|HTTP 500/);
    google.clearFailures();
  });

  it("saves the client encrypted and never answers the secret", async () => {
    const response = await a.c.post("/api/integrations/meet", {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      enabled: true,
    });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.message).toBe("Google Meet settings saved. Now connect your Google account.");
    expect(response.body.data).toMatchObject({
      configured: true,
      enabled: true,
      status: "not connected",
      clientId: CLIENT_ID,
      hasClientSecret: true,
    });
    expect(response.text).not.toContain(CLIENT_SECRET);
    const stored = await t.app.db.execute(
      sql`select config, secret_ciphertext from integrations where account_id = ${a.accountId} and provider = 'meet'`,
    );
    const row = (stored as unknown as { rows: { config: unknown; secret_ciphertext: string }[] }).rows[0]!;
    expect(JSON.stringify(row)).not.toContain(CLIENT_SECRET);

    // Saving again without a secret keeps the stored one.
    const again = await a.c.post("/api/integrations/meet", { clientId: CLIENT_ID, enabled: false });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ enabled: false, hasClientSecret: true });
    const get = await a.c.get("/api/integrations/meet");
    expect(get.text).not.toContain(CLIENT_SECRET);
    // Another account sees nothing of it.
    expect((await b.c.get("/api/integrations/meet")).body).toMatchObject({ configured: false, clientId: null });
  });
});

describe("the consent flow", () => {
  it("connect redirects to Google's consent with offline access, consent prompt, the scopes and a signed state", async () => {
    const response = await a.c.get("/api/integrations/meet/connect");
    expect(response.status).toBe(302);
    const url = new URL(response.headers.get("location")!);
    expect(`${url.origin}${url.pathname}`).toBe(`${google.baseUrl}/o/oauth2/v2/auth`);
    expect(url.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(url.searchParams.get("access_type")).toBe("offline");
    expect(url.searchParams.get("prompt")).toBe("consent");
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("redirect_uri")).toBe(`${t.baseUrl}/api/integrations/meet/callback`);
    expect(url.searchParams.get("scope")?.split(" ")).toEqual(expect.arrayContaining([...MEET_SCOPES]));
    expect(url.searchParams.get("state")).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(response.headers.get("set-cookie")).toMatch(/minutely_meet_oauth=.*HttpOnly/i);
  });

  it("connect without saved credentials is refused with what to do", async () => {
    const response = await b.c.get("/api/integrations/meet/connect");
    expect(response.status).toBe(409);
    expect(response.body.message).toContain("Client ID and Client Secret first");
  });

  it("refuses a forged state, another account's state and another browser's callback; nothing is connected", async () => {
    const start = await a.c.get("/api/integrations/meet/connect");
    const callback = new URL(google.consent(start.headers.get("location")!));
    const path = (url: URL) => url.pathname + url.search;

    const forged = new URL(callback);
    forged.searchParams.set("state", `${callback.searchParams.get("state")!.split(".")[0]}.forgedsignature`);
    const forgedAnswer = await a.c.get(path(forged));
    expect(forgedAnswer.status).toBe(302);
    expect(forgedAnswer.headers.get("location")).toContain("meet=error");
    expect(new URL(forgedAnswer.headers.get("location")!, "http://app").searchParams.get("reason")).toBe("invalid_state");

    // B's session with A's state (B has its own cookie jar, without A's nonce): refused.
    await b.c.post("/api/integrations/meet", { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    const other = await b.c.get(path(callback));
    expect(other.headers.get("location")).toContain("meet=error");
    expect((await b.c.get("/api/integrations/meet")).body.status).toBe("not connected");

    // The same account in another browser (no state cookie): refused.
    const otherBrowser = t.client();
    await otherBrowser.post("/api/auth/login", { email: a.account.email, password: a.account.password });
    const noCookie = await otherBrowser.get(path(callback));
    expect(noCookie.headers.get("location")).toContain("meet=error");
    expect((await a.c.get("/api/integrations/meet")).body.status).toBe("not connected");
  });

  it("Google's access_denied comes back as an error on the Meet tab", async () => {
    const start = await a.c.get("/api/integrations/meet/connect");
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    const denied = await a.c.get(`/api/integrations/meet/callback?error=access_denied&state=${encodeURIComponent(state)}`);
    expect(denied.status).toBe(302);
    const location = new URL(denied.headers.get("location")!, "http://app");
    expect(location.pathname).toBe("/settings");
    expect(location.searchParams.get("tab")).toBe("integrations");
    expect(location.searchParams.get("sub")).toBe("meet");
    expect(location.searchParams.get("meet")).toBe("error");
    expect(location.searchParams.get("reason")).toBe("denied");
    // Google's words never ride in the address (issue 23 defect 9): only the fixed code.
    expect(location.search).not.toContain("access_denied");
  });

  it("the consent connects the Google account, stores the refresh token encrypted and opens the push channel", async () => {
    const { location } = await connectMeet(a.c, google, { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    expect(location.pathname).toBe("/settings");
    expect(Object.fromEntries(location.searchParams)).toEqual({ tab: "integrations", sub: "meet", meet: "connected" });
    const status = await a.c.get("/api/integrations/meet");
    expect(status.body).toMatchObject({ status: "connected", googleAccount: STAND_IN_ACCOUNT, enabled: true, lastError: null });
    expect(Date.parse(status.body.channelExpiresAt)).toBeGreaterThan(Date.now() + 6 * 86400_000);

    const channel = google.activeChannel()!;
    expect(channel.address).toMatch(new RegExp(`^${t.baseUrl}/api/webhooks/google-calendar/[A-Za-z0-9_-]{32}$`));
    expect(channel.token.length).toBeGreaterThanOrEqual(32);
    const everything = (await t.app.db.execute(sql`select * from integrations where provider = 'meet'`)) as unknown as {
      rows: unknown[];
    };
    const dump = JSON.stringify(everything.rows);
    expect(dump).not.toContain(channel.token);
    expect(dump).not.toContain("1//");
    expect(dump).not.toContain("ya29.");
  });

  it("the test, once connected, refreshes the token and reads the calendar", async () => {
    google.expireAccessTokens();
    const before = google.refreshCount();
    const response = await a.c.post("/api/integrations/meet/test", { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    expect(response.body).toEqual({
      success: true,
      message: `Connected to Google as ${STAND_IN_ACCOUNT}: the token was refreshed and the calendar answered.`,
    });
    expect(google.refreshCount()).toBe(before + 1);
    expect(google.apiRequests.at(-1)?.path).toMatch(/^\/calendar\/v3\/calendars\/primary\/events\?maxResults=1/);
  });

  it("an expired refresh token turns the status to reconnect, with a clear message", async () => {
    google.expireRefreshTokens();
    google.expireAccessTokens();
    const response = await a.c.post("/api/integrations/meet/test", { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    expect(response.body.success).toBe(false);
    expect(response.body.message).toContain("Reconnect your Google account");
    const status = (await a.c.get("/api/integrations/meet")).body;
    expect(status.status).toBe("reconnect");
    expect(status.lastError).toContain("Reconnect your Google account");
    expect(status.lastError).toContain("invalid_grant");

    // Connecting again repairs it.
    const { location } = await connectMeet(a.c, google, { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    expect(location.searchParams.get("meet")).toBe("connected");
    expect((await a.c.get("/api/integrations/meet")).body).toMatchObject({ status: "connected", lastError: null });
  });

  it("disconnect stops the channel, revokes the token and erases the row; again is a 404", async () => {
    const channel = google.activeChannel()!;
    const response = await a.c.delete("/api/integrations/meet");
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(channel.stopped).toBe(true);
    expect((await a.c.get("/api/integrations/meet")).body).toMatchObject({ configured: false, status: "not connected" });
    const push = await google.notify(channel);
    expect(push.status).toBe(404);
    expect((await a.c.delete("/api/integrations/meet")).status).toBe(404);
  });
});

describe("a Google that does not answer", () => {
  it("the test reports it instead of hanging", async () => {
    const slow = await startTestApp({ google: { oauthBase: google.baseUrl, apiBase: google.baseUrl, timeoutMs: 300 } });
    try {
      const c = (await newAccount(slow)).c;
      google.failNext({ path: /^\/token$/, timeout: true, times: 10 });
      const response = await c.post("/api/integrations/meet/test", { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
      expect(response.status).toBe(200);
      expect(response.body.success).toBe(false);
      expect(response.body.message).toMatch(/^Could not reach Google: /);
    } finally {
      google.clearFailures();
      await slow.close();
    }
  });
});

describe("the consent's state is spent on the server (issue 23 defect 11)", () => {
  it("a spent state re-sent by hand with its nonce cookie completes nothing", async () => {
    const c = await newAccount(t);
    await c.c.post("/api/integrations/meet", { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, enabled: true });
    const start = await c.c.get("/api/integrations/meet/connect");
    const nonce = c.c.cookie("minutely_meet_oauth")!;
    const callbackUrl = new URL(google.consent(start.headers.get("location")!));
    const path = callbackUrl.pathname + callbackUrl.search;
    expect((await c.c.get(path)).headers.get("location")).toContain("meet=connected");
    const replay = await expectNothingChanged(t.app.db, () =>
      t.client().request("GET", path, {
        headers: { cookie: `minutely_session=${c.c.cookie("minutely_session")}; minutely_meet_oauth=${nonce}` },
      }),
    );
    const location = new URL(replay.headers.get("location")!, "http://app");
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ meet: "error", reason: "invalid_state" });
  });
});
