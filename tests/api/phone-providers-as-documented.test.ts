import { eq } from "drizzle-orm";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ruleSignature } from "../../src/server/capture/phone/twilio-rule-signature.js";
import { calls } from "../../src/server/db/schema/index.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { connectTwilioLandline } from "../helpers/phone-webhooks.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 25 §2.1 and §2.4 over HTTP: SignalWire's number-level status callback is timed from its
 * creation Timestamp, and Twilio Webhooks Rules' HMAC-SHA256 signatures with a shared key are
 * accepted when the key is stored, refused with what to do when it is not.
 */
const PUBLIC_URL = "https://calls.example.test";
let t: TestApp;
let a: TestAccount;
let b: TestAccount;
const clock = new Date("2026-03-03T17:20:00Z");
const callRows = (accountId: number) => t.app.db.select().from(calls).where(eq(calls.accountId, accountId));

function post(path: string, params: Record<string, string>, headers: Record<string, string>) {
  return t.client().request("POST", path, {
    rawBody: new URLSearchParams(params).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    marker: false,
  });
}

beforeAll(async () => {
  t = await startTestApp({ publicUrl: PUBLIC_URL, now: () => clock });
  a = await newAccount(t, { timezone: "UTC" });
  b = await newAccount(t, { timezone: "UTC" });
});
afterAll(async () => t?.close());

describe("SignalWire's phone-number status callback (Timestamp = the call's creation)", () => {
  it("a 600 s call created at 17:03 is stored as 17:03–17:13 and priced for the caller's client", async () => {
    const line = await connectTwilioLandline(a, { provider: "signalwire", phoneNumber: "+18005551212" });
    const jane = await buildClient(a.c, { name: "Jane Doe", phone: "+1 212 555 0199" });
    const callSid = "b3877c40-da60-4998-90ad-b792e98472ca";
    // Exactly the published schema's parameters (tests/fixtures/signalwire/incoming-call-status-callback.schema.json).
    const params = {
      CallSid: callSid,
      AccountSid: "b3877c40-da60-4998-90ad-b792e98472af",
      From: "+12125550199",
      To: "+18005551212",
      Timestamp: "Tue, 03 Mar 2026 17:03:00 +0000",
      CallStatus: "completed",
      CallDuration: "600",
      AudioInMos: "4.5",
    };
    const signature = twilio.getExpectedTwilioSignature(line.authToken, PUBLIC_URL + line.voicePath, params);
    const answer = await post(line.voicePath, params, { "x-signalwire-signature": signature });
    expect(answer.status).toBe(200);
    const [call] = await callRows(a.accountId);
    expect(call).toMatchObject({
      source: "signalwire",
      externalId: callSid,
      clientId: jane.id,
      startedAt: new Date("2026-03-03T17:03:00Z"),
      endedAt: new Date("2026-03-03T17:13:00Z"),
      durationSeconds: 600,
    });
    const listed = await a.c.get("/api/calls");
    expect(listed.status).toBe(200);
    expect(listed.body.find((c: { id: number }) => c.id === call!.id)).toMatchObject({
      startTime: "2026-03-03T17:03:00.000Z",
      endTime: "2026-03-03T17:13:00.000Z",
    });
  });
});

describe("Twilio Webhooks Rules (X-Twilio-Webhooks-Signature-Settings, HMAC-SHA256 with a shared key)", () => {
  const voice = (sid: string, status: string) => ({
    CallSid: sid,
    AccountSid: "AC00000000000000000000000000000001",
    From: "+12125550177",
    To: "+18005550000",
    Direction: "inbound",
    CallStatus: status,
    Timestamp: "Tue, 03 Mar 2026 17:05:00 +0000",
  });
  const SETTINGS = "key=KS0f8a1c2e3d4b5a6978,algorithm=HMAC_SHA256";

  it("without a stored shared key: 403 saying which key to add, and nothing changes", async () => {
    const line = await connectTwilioLandline(b, { phoneNumber: "+18005550000" });
    await expectNothingChanged(t.app.db, async () => {
      const params = voice("CArule1", "in-progress");
      const signature = ruleSignature("rule-secret", "HMAC_SHA256", PUBLIC_URL + line.voicePath, params);
      const refused = await post(line.voicePath, params, {
        "x-twilio-signature": signature,
        "x-twilio-webhooks-signature-settings": SETTINGS,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(
        "This request is signed by a Twilio Webhooks Rule with the shared key KS0f8a1c2e3d4b5a6978: add that key's secret under Webhook shared key in Settings → Landline/Office",
      );
    });
  });

  it("with the shared key stored: accepted as documented; the auth token's SHA-1 still works without the header", async () => {
    const saved = await b.c.post("/api/integrations/landline", {
      provider: "twilio",
      phoneNumber: "+18005550000",
      webhookSharedKey: "rule-secret",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ hasWebhookSharedKey: true, hasAuthToken: true });
    expect(JSON.stringify(saved.body)).not.toContain("rule-secret");
    const path = new URL(saved.body.data.voiceWebhookUrl).pathname;

    const started = voice("CArule2", "in-progress");
    const accepted = await post(path, started, {
      "x-twilio-signature": ruleSignature("rule-secret", "HMAC_SHA256", PUBLIC_URL + path, started),
      "x-twilio-webhooks-signature-settings": SETTINGS,
    });
    expect(accepted.status).toBe(200);
    expect(await callRows(b.accountId)).toMatchObject([{ externalId: "CArule2", endedAt: null }]);

    await expectNothingChanged(t.app.db, async () => {
      // Signed with the auth token (SHA-1) but claiming a rule: refused, the key decides.
      const params = voice("CArule3", "in-progress");
      const tokenSigned = twilio.getExpectedTwilioSignature("not-used", PUBLIC_URL + path, params);
      const wrong = await post(path, params, {
        "x-twilio-signature": tokenSigned,
        "x-twilio-webhooks-signature-settings": SETTINGS,
      });
      expect(wrong.status).toBe(403);
      expect(wrong.body.message).toBe(
        "X-Twilio-Signature does not match this request: check the Webhook shared key KS0f8a1c2e3d4b5a6978 and the webhook URL",
      );
      const unknownAlgorithm = await post(path, params, {
        "x-twilio-signature": ruleSignature("rule-secret", "HMAC_SHA256", PUBLIC_URL + path, params),
        "x-twilio-webhooks-signature-settings": "key=KS1,algorithm=HMAC_SHA512",
      });
      expect(unknownAlgorithm.status).toBe(403);
      expect(unknownAlgorithm.body.message).toMatch(/names the algorithm "HMAC_SHA512": Minutely accepts HMAC_SHA256/);
    });

    const landline = await b.c.get("/api/integrations/landline");
    expect(landline.body).toMatchObject({ status: "connected", hasWebhookSharedKey: true });
  });

  it("a SignalWire space must be a *.signalwire.com host", async () => {
    const bad = await a.c.post("/api/integrations/landline", {
      provider: "signalwire",
      phoneNumber: "+18005551212",
      spaceUrl: "http://169.254.169.254",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Space URL must be your SignalWire space, like example.signalwire.com");
    const good = await a.c.post("/api/integrations/landline", {
      provider: "signalwire",
      phoneNumber: "+18005551212",
      spaceUrl: "https://Example-Firm.signalwire.com/",
      apiToken: "PTxyz",
    });
    expect(good.status).toBe(200);
    expect(good.body.data).toMatchObject({ spaceUrl: "example-firm.signalwire.com", hasApiToken: true, hasAuthToken: true });
  });
});
