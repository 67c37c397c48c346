import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls } from "../../src/server/db/schema/index.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { newAccount, type TestAccount } from "../helpers/factories.js";
import { connectGenericLandline, connectTwilioLandline, postGeneric, postTwilio } from "../helpers/phone-webhooks.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Settings → Landline/Office's "Clear" (issue 24 §1; docs/capture-webhook.md, docs/adding-an-integration.md):
 * PUT /api/integrations/landline with `clearSecrets` erases a stored secret without a replacement, under the
 * same rule as the accounting providers' (core/contracts/clear-secrets.ts). Clearing the secret that verifies
 * events leaves the line "disconnected" and its webhooks refused; bad names change nothing.
 */
const PUBLIC_URL = "https://office.example.com";
let t: TestApp;
const clock = new Date("2026-03-03T10:00:00Z");
const nowSeconds = () => Math.floor(clock.getTime() / 1000);
let twilioOwner: TestAccount;
let genericOwner: TestAccount;
let line: Awaited<ReturnType<typeof connectTwilioLandline>>;
let hook: { path: string; secret: string };

const voice = (sid: string) => ({
  CallSid: sid,
  AccountSid: "AC00000000000000000000000000000001",
  From: "+12125550199",
  To: "+18005551212",
  Direction: "inbound",
  CallStatus: "ringing",
});
const ringing = (sid: string, authToken: string) =>
  postTwilio(t.client(), line.voicePath, voice(sid), { authToken, configuredOrigin: PUBLIC_URL });
const genericEvent = (eventId: string, secret: string) =>
  postGeneric(
    t.client(),
    hook.path,
    {
      eventId,
      callId: eventId,
      event: "call.started",
      occurredAt: "2026-03-03T10:00:00Z",
      from: "+442079460958",
      to: "+1 800 555 0100",
      direction: "inbound",
    },
    { secret, timestamp: nowSeconds() },
  );
const clear = (who: TestAccount, body: unknown) => who.c.put("/api/integrations/landline", body);
const callCount = async (who: TestAccount) =>
  (await t.app.db.select().from(calls).where(eq(calls.accountId, who.accountId))).length;

beforeAll(async () => {
  t = await startTestApp({ publicUrl: PUBLIC_URL, now: () => clock });
  twilioOwner = await newAccount(t);
  genericOwner = await newAccount(t);
  line = await connectTwilioLandline(twilioOwner);
  hook = await connectGenericLandline(genericOwner);
});
afterAll(async () => t?.close());

describe("refusals change nothing", () => {
  it("no landline of one's own: 404, another account's line untouched", async () => {
    const stranger = await newAccount(t);
    await expectNothingChanged(t.app.db, async () => {
      const response = await clear(stranger, { clearSecrets: ["authToken"] });
      expect(response.status).toBe(404);
      expect(response.body.message).toBe("Landline not found");
    });
    expect((await twilioOwner.c.get("/api/integrations/landline")).body.hasAuthToken).toBe(true);
  });

  it("a name that is not one of the provider's secrets, or no list: 400 with what is wrong", async () => {
    await expectNothingChanged(t.app.db, async () => {
      const generic = await clear(twilioOwner, { clearSecrets: ["signingSecret"] });
      expect(generic.status).toBe(400);
      expect(generic.body.message).toBe("signingSecret is not a secret of Twilio");
      const publicField = await clear(twilioOwner, { clearSecrets: ["authToken", "phoneNumber"] });
      expect(publicField.status).toBe(400);
      expect(publicField.body.message).toBe("phoneNumber is not a secret of Twilio");
      const twilioOnly = await clear(genericOwner, { clearSecrets: ["authToken"] });
      expect(twilioOnly.body.message).toBe("authToken is not a secret of RingCentral");
      const notAList = await clear(twilioOwner, { clearSecrets: "authToken" });
      expect(notAList.status).toBe(400);
      expect(notAList.body.message).toBe("clearSecrets must list secret field names");
      const replaced = await clear(twilioOwner, { clearSecrets: ["authToken"], authToken: "new-token" });
      expect(replaced.status).toBe(400);
    });
    expect((await twilioOwner.c.get("/api/integrations/landline")).body.hasAuthToken).toBe(true);
  });
});

describe("Twilio: clearing the auth token", () => {
  it("an optional secret clears alone; the auth token leaves the line disconnected and its callbacks refused", async () => {
    expect(
      (
        await twilioOwner.c.post("/api/integrations/landline", {
          provider: "twilio",
          phoneNumber: "+18005551212",
          webhookSharedKey: "shared-key-to-clear",
        })
      ).status,
    ).toBe(200);
    expect((await ringing("CA-before-clear", line.authToken)).status).toBe(200);
    const before = (await twilioOwner.c.get("/api/integrations/landline")).body;
    expect(before).toMatchObject({ status: "connected", hasAuthToken: true, hasWebhookSharedKey: true });

    const optional = await clear(twilioOwner, { clearSecrets: ["webhookSharedKey"] });
    expect(optional.status).toBe(200);
    expect(optional.body.message).toBe("Twilio landline: Webhook Shared Key cleared.");
    expect(optional.body.data).toMatchObject({ status: "connected", hasAuthToken: true, hasWebhookSharedKey: false });

    const required = await clear(twilioOwner, { clearSecrets: ["authToken"] });
    expect(required.status).toBe(200);
    expect(required.body.message).toBe("Twilio landline: Auth Token cleared. It is not connected until a new one is saved.");
    expect(required.body.data).toMatchObject({ status: "disconnected", hasAuthToken: false, lastError: null });
    expect((await twilioOwner.c.get("/api/integrations/landline")).body).toMatchObject({
      status: "disconnected",
      hasAuthToken: false,
      enabled: true,
      phoneNumber: "+18005551212",
    });

    const recorded = await callCount(twilioOwner);
    const refused = await ringing("CA-after-clear", line.authToken);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      "This line cannot verify events yet. Add your Twilio auth token: Minutely verifies every call event with it.",
    );
    expect(await callCount(twilioOwner)).toBe(recorded);

    // A new token is saved: its callbacks are verified again, the cleared one's still refused.
    expect(
      (
        await twilioOwner.c.post("/api/integrations/landline", {
          provider: "twilio",
          phoneNumber: "+18005551212",
          authToken: "the-new-auth-token",
        })
      ).body.data.hasAuthToken,
    ).toBe(true);
    expect((await ringing("CA-old-token", line.authToken)).status).toBe(403);
    expect((await ringing("CA-new-token", "the-new-auth-token")).status).toBe(200);
  });
});

describe("the generic webhook: clearing its signing secret", () => {
  it("leaves the line disconnected, refuses events signed with the cleared secret; the next Save makes a new one", async () => {
    expect((await genericEvent("evt-before", hook.secret)).status).toBe(200);
    expect((await genericOwner.c.get("/api/integrations/landline")).body.status).toBe("connected");

    const cleared = await clear(genericOwner, { clearSecrets: ["signingSecret"] });
    expect(cleared.status).toBe(200);
    expect(cleared.body.message).toBe(
      "RingCentral landline: Signing Secret cleared. It is not connected until a new one is saved.",
    );
    expect(cleared.body.data).toMatchObject({ status: "disconnected", hasSigningSecret: false });
    expect(cleared.body.data.signingSecret).toBeUndefined();

    const recorded = await callCount(genericOwner);
    const refused = await genericEvent("evt-after", hook.secret);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("This line has no signing secret: save it again under Landline/Office");
    expect(await callCount(genericOwner)).toBe(recorded);

    const saved = await genericOwner.c.post("/api/integrations/landline", {
      provider: "ringcentral",
      phoneNumber: "+18005550100",
    });
    expect(saved.body.data.signingSecret).toMatch(/^whsec_/);
    expect(saved.body.data.signingSecret).not.toBe(hook.secret);
    expect((await genericEvent("evt-old-secret", hook.secret)).status).toBe(403);
    expect((await genericEvent("evt-new-secret", saved.body.data.signingSecret)).status).toBe(200);
  });
});
