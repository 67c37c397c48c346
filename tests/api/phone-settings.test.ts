import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_PHONE_NUMBER } from "../../src/core/contracts/phone.js";
import { integrations } from "../../src/server/db/schema/index.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { newAccount, type TestAccount } from "../helpers/factories.js";
import { postTwilio } from "../helpers/phone-webhooks.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/** Settings → Mobile/iPhone and Landline/Office, /phone-integration's fields, the status flags, validation messages and toasts. */
let t: TestApp;
let a: TestAccount;
const AUTH_TOKEN = "twilio-auth-token-0123456789abcdef";

beforeAll(async () => {
  t = await startTestApp();
  a = await newAccount(t);
});
afterAll(async () => t?.close());

describe("validation: required fields and their messages", () => {
  it("landline: 'Phone Number Required' and the Invalid Phone Number message, changing nothing", async () => {
    await expectNothingChanged(t.app.db, async () => {
      const missing = await a.c.post("/api/integrations/landline", { provider: "twilio", phoneNumber: "" });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe("Phone Number Required");
      const absent = await a.c.post("/api/integrations/landline", { provider: "twilio" });
      expect(absent.body.message).toBe("Phone Number Required");
      for (const bad of ["1", "+0 555 123 4567", "call me", "+1 555 123 4567 890 1234", "555-CALL-NOW"]) {
        const invalid = await a.c.post("/api/integrations/landline", { provider: "twilio", phoneNumber: bad });
        expect(invalid.status, bad).toBe(400);
        expect(invalid.body.message, bad).toBe(INVALID_PHONE_NUMBER);
      }
      expect(INVALID_PHONE_NUMBER).toBe(
        "Invalid Phone Number: Please enter a valid phone number with country code (e.g., +1 555-123-4567)",
      );
      const provider = await a.c.post("/api/integrations/landline", { provider: "tin-can", phoneNumber: "+15551234567" });
      expect(provider.body.message).toBe("Choose your phone provider");
    });
  });

  it("mobile: the same number rules and a carrier", async () => {
    await expectNothingChanged(t.app.db, async () => {
      expect((await a.c.post("/api/integrations/mobile", { provider: "att", phoneNumber: "" })).body.message).toBe(
        "Phone Number Required",
      );
      expect((await a.c.post("/api/integrations/mobile", { provider: "att", phoneNumber: "5" })).body.message).toBe(
        INVALID_PHONE_NUMBER,
      );
      expect((await a.c.post("/api/integrations/mobile", { phoneNumber: "+15551234567" })).body.message).toBe(
        "Choose your carrier",
      );
    });
  });

  it("phone integration: 'Please enter a phone number'", async () => {
    const response = await a.c.put("/api/user/phone-integration", { phoneNumber: "" });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Please enter a phone number");
  });

  it("signed out: 401 on every settings route", async () => {
    const visitor = t.client();
    for (const [method, url] of [
      ["GET", "/api/integrations/mobile"],
      ["GET", "/api/integrations/landline"],
      ["GET", "/api/integrations/status"],
      ["GET", "/api/user/phone-integration"],
      ["POST", "/api/calls/test"],
    ] as const)
      expect((await visitor.request(method, url, method === "GET" ? {} : { json: {} })).status, url).toBe(401);
  });
});

describe("landline", () => {
  it("starts empty and disconnected", async () => {
    const empty = await a.c.get("/api/integrations/landline");
    expect(empty.body).toMatchObject({
      provider: null,
      enabled: false,
      status: "disconnected",
      hasAuthToken: false,
      voiceWebhookUrl: null,
    });
  });

  it("twilio: saves the number and the auth token (encrypted, never answered) and answers the URLs to paste", async () => {
    const saved = await a.c.post("/api/integrations/landline", {
      provider: "twilio",
      phoneNumber: "+1 (800) 555-1212",
      extension: "12",
      accountSid: "AC0001",
      authToken: AUTH_TOKEN,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.success).toBe(true);
    expect(saved.body.message).toMatch(/^Twilio landline saved\./);
    expect(saved.body.data).toMatchObject({
      provider: "twilio",
      phoneNumber: "+18005551212",
      extension: "12",
      enabled: true,
      status: "disconnected",
      accountSid: "AC0001",
      hasAuthToken: true,
      hasSigningSecret: false,
      genericWebhookUrl: null,
      lastEventAt: null,
    });
    expect(saved.body.data.voiceWebhookUrl).toMatch(new RegExp(`^${t.baseUrl}/api/webhooks/twilio/[A-Za-z0-9_-]{32}/voice$`));
    expect(saved.body.data.smsWebhookUrl).toBe(saved.body.data.voiceWebhookUrl.replace(/voice$/, "sms"));
    expect(saved.text).not.toContain(AUTH_TOKEN);
    const read = await a.c.get("/api/integrations/landline");
    expect(read.text).not.toContain(AUTH_TOKEN);
    expect(read.body.voiceWebhookUrl).toBe(saved.body.data.voiceWebhookUrl);
    const [row] = await t.app.db.select().from(integrations).where(eq(integrations.accountId, a.accountId));
    expect(row!.secretCiphertext).toBeTruthy();
    expect(row!.secretCiphertext).not.toContain(AUTH_TOKEN);
  });

  it("saving again without a token keeps it; without one at all the status says events cannot be verified", async () => {
    const again = await a.c.post("/api/integrations/landline", { provider: "twilio", phoneNumber: "+18005551212" });
    expect(again.body.data.hasAuthToken).toBe(true);
    const c = await newAccount(t);
    const tokenless = await c.c.post("/api/integrations/landline", { provider: "signalwire", phoneNumber: "+18005551313" });
    expect(tokenless.body.data).toMatchObject({ status: "error", hasAuthToken: false });
    expect(tokenless.body.data.lastError).toBe("Add your SignalWire signing key: Minutely verifies every call event with it.");
  });

  it("status turns connected only after a verified event arrives", async () => {
    const before = await a.c.get("/api/integrations/status");
    expect(before.body).toEqual({ phone: false, mobile: false, landline: false });
    const { voiceWebhookUrl } = (await a.c.get("/api/integrations/landline")).body;
    const path = new URL(voiceWebhookUrl).pathname;
    const params = { CallSid: "CAstatus", From: "+12125550199", To: "+18005551212", Direction: "inbound", CallStatus: "ringing" };
    // Unsigned: refused, still disconnected.
    expect((await postTwilio(t.client(), path, params, { authToken: null, configuredOrigin: t.baseUrl })).status).toBe(403);
    expect((await a.c.get("/api/integrations/landline")).body.status).toBe("disconnected");
    expect((await postTwilio(t.client(), path, params, { authToken: AUTH_TOKEN, configuredOrigin: t.baseUrl })).status).toBe(200);
    const after = (await a.c.get("/api/integrations/landline")).body;
    expect(after.status).toBe("connected");
    expect(after.lastEventAt).not.toBeNull();
    expect((await a.c.get("/api/integrations/status")).body).toEqual({ phone: false, mobile: false, landline: true });
  });

  it("switching provider replaces the row, keeps the webhook token, and gives a signing secret once", async () => {
    const before = (await a.c.get("/api/integrations/landline")).body;
    const token = before.voiceWebhookUrl.split("/")[6];
    const switched = await a.c.post("/api/integrations/landline", { provider: "vonage", phoneNumber: "+18005551212" });
    expect(switched.status).toBe(200);
    expect(switched.body.data).toMatchObject({
      provider: "vonage",
      hasAuthToken: false,
      hasSigningSecret: true,
      voiceWebhookUrl: null,
      status: "disconnected",
    });
    expect(switched.body.data.genericWebhookUrl).toBe(`${t.baseUrl}/api/webhooks/phone/${token}`);
    expect(switched.body.data.signingSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const rows = await t.app.db.select().from(integrations).where(eq(integrations.accountId, a.accountId));
    expect(rows.filter((r) => r.kind === "landline").map((r) => r.provider)).toEqual(["vonage"]);
    const again = await a.c.post("/api/integrations/landline", { provider: "vonage", phoneNumber: "+18005551212" });
    expect(again.body.data.signingSecret).toBeUndefined();
    expect(again.body.data.hasSigningSecret).toBe(true);
    const read = await a.c.get("/api/integrations/landline");
    expect(read.text).not.toContain(switched.body.data.signingSecret);
    expect(read.body).not.toHaveProperty("signingSecret");
  });

  it("setup-phone is the same operation and answers the webhook URLs", async () => {
    const d = await newAccount(t);
    const response = await d.c.post("/api/integrations/setup-phone", {
      provider: "twilio",
      phoneNumber: "+18005552000",
      authToken: "abc",
    });
    expect(response.status).toBe(200);
    expect(response.body.data.voiceWebhookUrl).toMatch(/\/api\/webhooks\/twilio\/.+\/voice$/);
    expect((await d.c.get("/api/integrations/landline")).body.phoneNumber).toBe("+18005552000");
  });
});

describe("mobile", () => {
  it("is disconnected until saved, configuring until an event arrives, and its test says what to do", async () => {
    const e = await newAccount(t);
    expect((await e.c.get("/api/integrations/mobile")).body).toMatchObject({
      status: "disconnected",
      provider: null,
      phoneNumber: null,
    });
    const saved = await e.c.post("/api/integrations/mobile", {
      phoneNumber: "+1 212 555 0123",
      provider: "verizon",
      extension: "",
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: true, data: { status: "configuring" } });
    expect(saved.body.data.integrationMethods).toEqual([
      { method: "sms", label: "SMS commands (CALL_START / CALL_END)", success: false, lastEventAt: null },
      { method: "voice", label: "Calls through your Twilio or SignalWire number", success: false, lastEventAt: null },
    ]);
    const noLine = await e.c.post("/api/integrations/mobile/test");
    expect(noLine.body.success).toBe(false);
    expect(noLine.body.message).toMatch(/set one up under Landline\/Office/);
    await e.c.post("/api/integrations/landline", { provider: "twilio", phoneNumber: "+18005553000", authToken: "tok" });
    const smsUrl = (await e.c.get("/api/integrations/landline")).body.smsWebhookUrl;
    const withLine = await e.c.post("/api/integrations/mobile/test");
    expect(withLine.body).toEqual({
      success: false,
      message: `No call or text from +12125550123 has reached Minutely yet. Text CALL_START to your Twilio number (+18005553000) from +12125550123, then CALL_END, and test again. Its messaging webhook must point to ${smsUrl}.`,
    });
    // A carrier change keeps one row.
    await e.c.post("/api/integrations/mobile", { phoneNumber: "+12125550123", provider: "tmobile" });
    const rows = await t.app.db.select().from(integrations).where(eq(integrations.accountId, e.accountId));
    expect(rows.filter((r) => r.kind === "mobile").map((r) => r.provider)).toEqual(["tmobile"]);
    const off = await e.c.post("/api/integrations/mobile", { phoneNumber: "+12125550123", provider: "tmobile", enabled: false });
    expect(off.body.data.status).toBe("disconnected");
  });
});

describe("the user's phone integration", () => {
  it("answers the fields and the display number, and saves them", async () => {
    const empty = await a.c.get("/api/user/phone-integration");
    expect(empty.body).toEqual({
      id: a.userId,
      phoneNumber: null,
      phoneExtension: null,
      phoneProvider: null,
      phoneDisplayNumber: "",
      phoneIntegrationEnabled: false,
    });
    const saved = await a.c.put("/api/user/phone-integration", {
      phoneNumber: "+1 555-123-4567",
      phoneExtension: "42",
      phoneDisplayNumber: "ignored",
      phoneProvider: "ringcentral",
      phoneIntegrationEnabled: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      success: true,
      message: "Phone integration updated",
      user: {
        id: a.userId,
        phoneNumber: "+15551234567",
        phoneExtension: "42",
        phoneProvider: "ringcentral",
        phoneDisplayNumber: "+15551234567 ext. 42",
        phoneIntegrationEnabled: true,
      },
    });
    expect((await a.c.get("/api/user/phone-integration")).body.phoneDisplayNumber).toBe("+15551234567 ext. 42");
    const noExtension = await a.c.put("/api/user/phone-integration", { phoneNumber: "+15551234567" });
    expect(noExtension.body.user).toMatchObject({ phoneDisplayNumber: "+15551234567", phoneProvider: "twilio" });
  });
});
