import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEAMS_MISSING_INFORMATION, TEAMS_SECRET_REQUIRED } from "../../src/core/contracts/teams.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { createMicrosoftStandIn, type MicrosoftStandIn, type StandInApp } from "../stand-ins/microsoft/server.js";

/**
 * Settings → Teams (issue 14 §2; docs/teams.md): GET/POST /api/integrations/teams, the test that
 * really asks Microsoft's identity platform (a local stand-in over https) for a token and shows
 * Microsoft's own error, the subscription made at save with Graph's validation handshake, disconnect,
 * and secrets never in an answer. No job queue here: teams-capture.test.ts runs the notifications.
 */
let ms: MicrosoftStandIn;
let t: TestApp;
let a: TestAccount;
let b: TestAccount;
let entra: StandInApp;

beforeAll(async () => {
  ms = await createMicrosoftStandIn().start();
  entra = ms.addApp();
  t = await startTestApp({ microsoft: ms.appConfig });
  a = await newAccount(t);
  b = await newAccount(t);
});
afterAll(async () => {
  await t?.close();
  await ms?.stop();
});

const credentials = (overrides: Record<string, unknown> = {}) => ({
  tenantId: entra.tenantId,
  clientId: entra.clientId,
  clientSecret: entra.clientSecret,
  ...overrides,
});
const settings = (overrides: Record<string, unknown> = {}) => ({
  tenantId: entra.tenantId,
  clientId: entra.clientId,
  clientSecret: entra.clientSecret,
  enabled: true,
  ...overrides,
});

describe("validation: required fields and their messages", () => {
  it("save and test both need the tenant ID and the client ID, word for word, and change nothing", async () => {
    for (const body of [
      { clientId: entra.clientId },
      { tenantId: entra.tenantId },
      { tenantId: "  ", clientId: entra.clientId },
      { tenantId: entra.tenantId, clientId: "" },
    ]) {
      const saved = await expectNothingChanged(t.app.db, () =>
        a.c.post("/api/integrations/teams", { ...body, clientSecret: "x" }),
      );
      expect(saved.status).toBe(400);
      expect(saved.body.message).toBe(TEAMS_MISSING_INFORMATION);
      const tested = await expectNothingChanged(t.app.db, () =>
        a.c.post("/api/integrations/teams/test", { ...body, clientSecret: "x" }),
      );
      expect(tested.status).toBe(400);
      expect(tested.body.message).toBe(TEAMS_MISSING_INFORMATION);
    }
  });

  it("enabling without any client secret is a 400 that names it", async () => {
    const response = await expectNothingChanged(t.app.db, () =>
      a.c.post("/api/integrations/teams", settings({ clientSecret: "" })),
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(TEAMS_SECRET_REQUIRED);
  });

  it("refuses unknown fields and wrong types", async () => {
    const extra = await expectNothingChanged(t.app.db, () => a.c.post("/api/integrations/teams", settings({ admin: true })));
    expect(extra.status).toBe(400);
    const wrongType = await expectNothingChanged(t.app.db, () =>
      a.c.post("/api/integrations/teams", settings({ enabled: "yes" })),
    );
    expect(wrongType.status).toBe(400);
  });
});

describe("the test asks Microsoft for a token", () => {
  it("succeeds with the right credentials", async () => {
    const response = await a.c.post("/api/integrations/teams/test", credentials());
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(ms.requests.some((r) => r.method === "POST" && r.path.startsWith(`/${entra.tenantId}/oauth2/v2.0/token`))).toBe(true);
  });

  it("reports Microsoft's own error for a wrong secret and an unknown tenant or app", async () => {
    const wrongSecret = await a.c.post("/api/integrations/teams/test", credentials({ clientSecret: "not-the-secret" }));
    expect(wrongSecret.status).toBe(200);
    expect(wrongSecret.body.success).toBe(false);
    expect(wrongSecret.body.message).toMatch(/^AADSTS7000215: Invalid client secret provided\./);
    expect(wrongSecret.body.message).not.toContain("Trace ID");

    const tenant = await a.c.post("/api/integrations/teams/test", credentials({ tenantId: "contoso.onmicrosoft.com" }));
    expect(tenant.body).toMatchObject({ success: false });
    expect(tenant.body.message).toMatch(/^AADSTS90002: Tenant 'contoso\.onmicrosoft\.com' not found\./);

    const app = await a.c.post("/api/integrations/teams/test", credentials({ clientId: "11111111-2222-3333-4444-555555555555" }));
    expect(app.body.message).toMatch(
      /^AADSTS700016: Application with identifier '11111111-2222-3333-4444-555555555555' was not found/,
    );
  });

  it("says so when Microsoft does not answer", async () => {
    ms.failNext(
      { path: /oauth2\/v2\.0\/token$/ },
      { kind: "error", status: 503, code: "temporarily_unavailable", message: "down" },
    );
    const response = await a.c.post("/api/integrations/teams/test", credentials({ clientSecret: `${entra.clientSecret}-503` }));
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(false);
    expect(response.body.message.length).toBeGreaterThan(0);
  });

  it("without a secret and none stored, says the secret is needed", async () => {
    const response = await b.c.post("/api/integrations/teams/test", credentials({ clientSecret: null }));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(TEAMS_SECRET_REQUIRED);
  });
});

describe("saving", () => {
  it("shows not connected before anything is saved", async () => {
    const response = await a.c.get("/api/integrations/teams");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ configured: false, enabled: false, status: "not connected", webhookUrl: null });
    expect(response.body.permissions).toEqual([
      "CallRecords.Read.All",
      "OnlineMeetings.Read.All",
      "Calendars.Read",
      "User.ReadBasic.All",
    ]);
  });

  it("a wrong secret is refused with Microsoft's words, and nothing is saved", async () => {
    const response = await expectNothingChanged(t.app.db, () =>
      a.c.post("/api/integrations/teams", settings({ clientSecret: "wrong-secret" })),
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^AADSTS7000215/);
  });

  it("right credentials: a token, a Graph subscription after the validation handshake, status connected", async () => {
    const validationsBefore = ms.validations.length;
    const response = await a.c.post("/api/integrations/teams", settings());
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ success: true, created: true });
    const integration = response.body.integration;
    expect(integration).toMatchObject({
      configured: true,
      enabled: true,
      status: "connected",
      tenantId: entra.tenantId,
      clientId: entra.clientId,
      hasClientSecret: true,
      lastError: null,
    });
    expect(integration.webhookUrl).toMatch(new RegExp(`^${t.baseUrl}/api/webhooks/teams/[A-Za-z0-9_-]{32}$`));
    // Graph's handshake reached the app while the subscription request was still in flight, at the
    // notification URL and at the lifecycle notification URL (issue 25 §2.3).
    expect(ms.validations.slice(validationsBefore)).toEqual([
      expect.objectContaining({ url: integration.webhookUrl, status: 200 }),
      expect.objectContaining({ url: `${integration.webhookUrl}/lifecycle`, status: 200 }),
    ]);
    const subscriptions = [...ms.subscriptions.values()];
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({
      resource: "/communications/callRecords",
      changeType: "created",
      notificationUrl: integration.webhookUrl,
      lifecycleNotificationUrl: `${integration.webhookUrl}/lifecycle`,
    });
    expect(subscriptions[0]!.clientState).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(integration.subscriptionExpiresAt).toBe(subscriptions[0]!.expirationDateTime);
    const minutes = (Date.parse(integration.subscriptionExpiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4000);
    expect(minutes).toBeLessThanOrEqual(4230);
  });

  it("never answers the secret or the clientState", async () => {
    const secretState = [...ms.subscriptions.values()][0]!.clientState!;
    for (const response of [
      await a.c.get("/api/integrations/teams"),
      await a.c.post("/api/integrations/teams", settings({ clientSecret: null })),
    ]) {
      expect(response.status).toBe(200);
      expect(response.text).not.toContain(entra.clientSecret);
      expect(response.text).not.toContain(secretState);
    }
  });

  it("saving again without the secret keeps the stored one and the same subscription (Integration Updated)", async () => {
    const before = [...ms.subscriptions.keys()];
    const webhookUrl = (await a.c.get("/api/integrations/teams")).body.webhookUrl;
    const response = await a.c.post("/api/integrations/teams", { tenantId: entra.tenantId, clientId: entra.clientId });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      created: false,
      integration: { status: "connected", hasClientSecret: true, webhookUrl },
    });
    expect([...ms.subscriptions.keys()]).toEqual(before);
  });

  it("another account sees only its own settings", async () => {
    const response = await b.c.get("/api/integrations/teams");
    expect(response.body).toMatchObject({ configured: false, status: "not connected", tenantId: null });
  });

  it("a Graph refusal saves the row with status error and Microsoft's message", async () => {
    const other = ms.addApp();
    ms.failNext(
      { method: "POST", path: /^\/v1\.0\/subscriptions$/ },
      {
        kind: "error",
        status: 403,
        code: "ExtensionError",
        message: "Operation: Create; Exception: [Status Code: Forbidden; Reason: Insufficient privileges]",
      },
    );
    const response = await b.c.post("/api/integrations/teams", {
      tenantId: other.tenantId,
      clientId: other.clientId,
      clientSecret: other.clientSecret,
    });
    expect(response.status).toBe(502);
    expect(response.body.message).toContain("Insufficient privileges");
    const shown = (await b.c.get("/api/integrations/teams")).body;
    expect(shown).toMatchObject({ configured: true, status: "error", hasClientSecret: true });
    expect(shown.lastError).toContain("Insufficient privileges");
  });

  it("disabling deletes the subscription and shows not connected", async () => {
    const response = await a.c.post("/api/integrations/teams", settings({ clientSecret: null, enabled: false }));
    expect(response.status).toBe(200);
    expect(response.body.integration).toMatchObject({ enabled: false, status: "not connected", subscriptionExpiresAt: null });
    expect([...ms.subscriptions.values()].filter((s) => s.applicationId === entra.clientId)).toEqual([]);
  });
});

describe("disconnect", () => {
  it("deletes the subscription and the credentials; a second disconnect is a 404", async () => {
    expect((await a.c.post("/api/integrations/teams", settings())).body.integration.status).toBe("connected");
    expect([...ms.subscriptions.values()].filter((s) => s.applicationId === entra.clientId)).toHaveLength(1);
    const response = await a.c.request("DELETE", "/api/integrations/teams");
    expect(response.status).toBe(200);
    expect([...ms.subscriptions.values()].filter((s) => s.applicationId === entra.clientId)).toEqual([]);
    expect((await a.c.get("/api/integrations/teams")).body).toMatchObject({ configured: false, hasClientSecret: false });
    expect((await a.c.request("DELETE", "/api/integrations/teams")).status).toBe(404);
  });

  it("works even when Microsoft refuses (the subscription then simply expires)", async () => {
    ms.failNext(
      { method: "DELETE", path: /^\/v1\.0\/subscriptions\// },
      { kind: "error", status: 500, code: "generalException", message: "boom" },
    );
    const response = await b.c.request("DELETE", "/api/integrations/teams");
    expect(response.status).toBe(200);
  });

  it("signed out: 401 on every settings route", async () => {
    const anonymous = t.client();
    expect((await anonymous.get("/api/integrations/teams")).status).toBe(401);
    expect((await anonymous.post("/api/integrations/teams", settings())).status).toBe(401);
    expect((await anonymous.post("/api/integrations/teams/test", credentials())).status).toBe(401);
    expect((await anonymous.request("DELETE", "/api/integrations/teams")).status).toBe(401);
  });
});
