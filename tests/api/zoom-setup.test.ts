import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZOOM_KEYS_REQUIRED, ZOOM_SECRET_TOKEN_REQUIRED } from "../../src/core/contracts/zoom.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { zoomDelivery } from "../helpers/zoom-webhook.js";

/** Settings → Integrations → Zoom (issue 13 §3): the settings, their validation messages and the status. */
const CLIENT_ID = "zoomClientIdAbc123";
const CLIENT_SECRET = "zoom-client-secret-Q8v2";
const SECRET_TOKEN = "zoom-secret-token-Zk41";
const setup = { apiKey: CLIENT_ID, apiSecret: CLIENT_SECRET, webhookSecretToken: SECRET_TOKEN };

let t: TestApp;
let a: TestAccount;
beforeAll(async () => {
  t = await startTestApp();
  a = await newAccount(t);
});
afterAll(async () => t?.close());

const WEBHOOK_URL = /^http:\/\/127\.0\.0\.1:\d+\/api\/webhooks\/zoom\/[A-Za-z0-9_-]{32}$/;

describe("POST /api/integrations/setup-zoom", () => {
  it("needs a session", async () => {
    const visitor = t.client();
    for (const [method, path] of [
      ["POST", "/api/integrations/setup-zoom"],
      ["GET", "/api/integrations/zoom"],
      ["DELETE", "/api/integrations/zoom"],
    ] as const) {
      const response = await expectNothingChanged(t.app.db, () =>
        visitor.request(method, path, method === "POST" ? { json: setup } : {}),
      );
      expect(response.status, path).toBe(401);
    }
  });

  it("refuses a missing Client ID or Client Secret with one message naming both, and a missing Secret Token with its own", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, ZOOM_KEYS_REQUIRED],
      [{ apiKey: CLIENT_ID, webhookSecretToken: SECRET_TOKEN }, ZOOM_KEYS_REQUIRED],
      [{ apiSecret: CLIENT_SECRET, webhookSecretToken: SECRET_TOKEN }, ZOOM_KEYS_REQUIRED],
      [{ apiKey: "  ", apiSecret: CLIENT_SECRET, webhookSecretToken: SECRET_TOKEN }, ZOOM_KEYS_REQUIRED],
      [{ apiKey: CLIENT_ID, apiSecret: CLIENT_SECRET }, ZOOM_SECRET_TOKEN_REQUIRED],
      [{ ...setup, webhookSecretToken: "" }, ZOOM_SECRET_TOKEN_REQUIRED],
    ];
    for (const [body, message] of cases) {
      const response = await expectNothingChanged(t.app.db, () => a.c.post("/api/integrations/setup-zoom", body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect(ZOOM_KEYS_REQUIRED).toBe("Please provide both API Key and API Secret");
  });

  it("shows an unconfigured Zoom as not connected", async () => {
    const response = await a.c.get("/api/integrations/zoom");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      configured: false,
      enabled: false,
      status: "disconnected",
      clientId: null,
      hasClientSecret: false,
      hasSecretToken: false,
      webhookUrl: null,
      events: ["meeting.started", "meeting.ended", "meeting.participant_joined"],
      lastEventAt: null,
      accountId: null,
    });
  });

  it("stores the credentials encrypted and answers the URL to paste (the one it decides, not the one sent)", async () => {
    const response = await a.c.post("/api/integrations/setup-zoom", { ...setup, webhookUrl: "https://evil.example/hook" });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.message).toContain("meeting.participant_joined");
    expect(response.body.webhookUrl).toMatch(WEBHOOK_URL);
    expect(response.body.webhookUrl.startsWith(t.baseUrl)).toBe(true);

    const stored = await t.app.db.execute(
      sql`select kind, provider, user_id, enabled, config::text as config, secret_ciphertext, webhook_token from integrations where account_id = ${a.accountId}`,
    );
    const rows = (stored as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ kind: "meeting", provider: "zoom", user_id: a.userId, enabled: true });
    expect(response.body.webhookUrl.endsWith(`/${row.webhook_token}`)).toBe(true);
    const everything = JSON.stringify(row);
    for (const secret of [CLIENT_ID, CLIENT_SECRET, SECRET_TOKEN]) expect(everything).not.toContain(secret);
  });

  it("shows the client id, whether the secrets are stored (never their values), the URL and the events", async () => {
    const response = await a.c.get("/api/integrations/zoom");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      configured: true,
      enabled: true,
      status: "awaiting_events",
      clientId: CLIENT_ID,
      hasClientSecret: true,
      hasSecretToken: true,
      events: ["meeting.started", "meeting.ended", "meeting.participant_joined"],
      lastEventAt: null,
    });
    expect(response.body.webhookUrl).toMatch(WEBHOOK_URL);
    expect(response.text).not.toContain(CLIENT_SECRET);
    expect(response.text).not.toContain(SECRET_TOKEN);
  });

  it("keeps the webhook URL when the credentials are saved again", async () => {
    const before = (await a.c.get("/api/integrations/zoom")).body.webhookUrl;
    const again = await a.c.post("/api/integrations/setup-zoom", { ...setup, apiKey: "zoomClientIdNew" });
    expect(again.status).toBe(200);
    expect(again.body.webhookUrl).toBe(before);
    expect((await a.c.get("/api/integrations/zoom")).body.clientId).toBe("zoomClientIdNew");
  });

  it("keeps each account's Zoom to itself", async () => {
    const aRow = async () =>
      JSON.stringify(
        (
          (await t.app.db.execute(sql`select * from integrations where account_id = ${a.accountId}`)) as unknown as {
            rows: unknown[];
          }
        ).rows,
      );
    const before = await aRow();
    const aUrl = (await a.c.get("/api/integrations/zoom")).body.webhookUrl;
    const b = await newAccount(t);
    expect((await b.c.get("/api/integrations/zoom")).body.configured).toBe(false);
    const bUrl = (await b.c.post("/api/integrations/setup-zoom", { ...setup, webhookSecretToken: "b-token" })).body.webhookUrl;
    expect(bUrl).toMatch(WEBHOOK_URL);
    expect(bUrl).not.toBe(aUrl);
    expect((await b.c.get("/api/integrations/zoom")).body.clientId).toBe(CLIENT_ID);
    expect((await b.c.delete("/api/integrations/zoom")).status).toBe(200);
    expect(await aRow()).toBe(before);
    expect((await a.c.get("/api/integrations/zoom")).body.webhookUrl).toBe(aUrl);
  });

  it("disconnects: the credentials go and the old URL no longer accepts events", async () => {
    const url = new URL((await a.c.get("/api/integrations/zoom")).body.webhookUrl);
    const response = await a.c.delete("/api/integrations/zoom");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: expect.stringContaining("Zoom disconnected") });
    expect((await a.c.get("/api/integrations/zoom")).body).toMatchObject({
      configured: false,
      webhookUrl: null,
      status: "disconnected",
    });
    const delivery = zoomDelivery(
      { event: "endpoint.url_validation", payload: { plainToken: "abc" } },
      { secretToken: SECRET_TOKEN, timestamp: Math.floor(Date.now() / 1000) },
    );
    const posted = await expectNothingChanged(t.app.db, () =>
      t.client().request("POST", url.pathname, { rawBody: delivery.rawBody, headers: delivery.headers, marker: false }),
    );
    expect(posted.status).toBe(404);
    const again = await a.c.delete("/api/integrations/zoom");
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("Zoom integration not found");
  });
});

describe("the webhook URL behind a proxy", () => {
  it("comes from PUBLIC_URL when it is set", async () => {
    const behindProxy = await startTestApp({ publicUrl: "https://minutely.example.com/" });
    try {
      const account = await newAccount(behindProxy);
      const response = await account.c.post("/api/integrations/setup-zoom", setup);
      expect(response.body.webhookUrl).toMatch(/^https:\/\/minutely\.example\.com\/api\/webhooks\/zoom\/[A-Za-z0-9_-]{32}$/);
      expect((await account.c.get("/api/integrations/zoom")).body.webhookUrl).toBe(response.body.webhookUrl);

      // Credentials that no longer decrypt (the secrets key changed): shown as missing, never a 500.
      await behindProxy.app.db.execute(
        sql`update integrations set secret_ciphertext = 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA' where account_id = ${account.accountId}`,
      );
      const unreadable = await account.c.get("/api/integrations/zoom");
      expect(unreadable.status).toBe(200);
      expect(unreadable.body).toMatchObject({ configured: true, clientId: null, hasClientSecret: false, hasSecretToken: false });
      const path = new URL(response.body.webhookUrl).pathname;
      const delivery = zoomDelivery(
        { event: "meeting.started", payload: {} },
        { secretToken: SECRET_TOKEN, timestamp: Math.floor(Date.now() / 1000) },
      );
      const refused = await expectNothingChanged(behindProxy.app.db, () =>
        behindProxy.client().request("POST", path, { rawBody: delivery.rawBody, headers: delivery.headers, marker: false }),
      );
      expect(refused.status).toBe(503);
      expect(refused.body.message).toBe("This webhook's Secret Token cannot be read: set up Zoom again in Settings");
      expect((await account.c.post("/api/integrations/setup-zoom", setup)).status).toBe(200);
      expect((await account.c.get("/api/integrations/zoom")).body.hasSecretToken).toBe(true);
    } finally {
      await behindProxy.close();
    }
  });
});
