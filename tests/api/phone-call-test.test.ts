import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { newAccount, type TestAccount } from "../helpers/factories.js";
import { connectGenericLandline, connectTwilioLandline, postGeneric, postTwilio } from "../helpers/phone-webhooks.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/** /phone-integration's call test (docs/capture-webhook.md): detected only when a verified event from the number arrived meanwhile. */
let t: TestApp;
const clock = new Date("2026-03-03T10:00:00Z");
let a: TestAccount;
let b: TestAccount;
let line: Awaited<ReturnType<typeof connectTwilioLandline>>;

const startTest = (who: TestAccount) =>
  who.c.post("/api/calls/test", { phoneNumber: "+15551234567", callType: "consultation", clientId: 1 });
const sms = (sid: string, from: string) => ({ MessageSid: sid, From: from, To: "+18005551212", Body: "CALL_START" });

beforeAll(async () => {
  t = await startTestApp({ now: () => clock });
  a = await newAccount(t);
  b = await newAccount(t);
  line = await connectTwilioLandline(a, { phoneNumber: "+18005551212" });
});
afterAll(async () => t?.close());

describe("call test", () => {
  it("needs a configured number: 'Please configure phone number first'", async () => {
    await expectNothingChanged(t.app.db, async () => {
      const response = await startTest(a);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe("Please configure phone number first");
    });
  });

  it("without an event: not detected, and says what was missing", async () => {
    await a.c.put("/api/user/phone-integration", { phoneNumber: "+1 212 555 0123", phoneExtension: "7" });
    const started = await startTest(a);
    expect(started.status).toBe(201);
    expect(started.body).toEqual({
      sessionId: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      message: "Test started. Call or text +12125550123 ext. 7 now, then press End Test.",
    });
    // An unsigned text from the number does not count.
    await postTwilio(t.client(), line.smsPath, sms("SMu", "+12125550123"), { authToken: null, configuredOrigin: t.baseUrl });
    const ended = await a.c.post(`/api/calls/test/${started.body.sessionId}/end`);
    expect(ended.status).toBe(200);
    const landline = (await a.c.get("/api/integrations/landline")).body;
    expect(ended.body).toEqual({
      detected: false,
      duration: null,
      message: `No call or text from +12125550123 reached Minutely during the test. Check that your Twilio number's voice and messaging webhooks point to ${landline.voiceWebhookUrl} and ${landline.smsWebhookUrl}.`,
    });
    // Ended: a second end is a 404.
    expect((await a.c.post(`/api/calls/test/${started.body.sessionId}/end`)).status).toBe(404);
  });

  it("a signed SMS from the number during the session is detected", async () => {
    expect((await a.c.get("/api/integrations/status")).body.phone).toBe(false);
    const started = await startTest(a);
    const text = await postTwilio(t.client(), line.smsPath, sms("SM1", "+12125550123"), {
      authToken: line.authToken,
      configuredOrigin: t.baseUrl,
    });
    expect(text.status).toBe(200);
    const ended = await a.c.post(`/api/calls/test/${started.body.sessionId}/end`);
    expect(ended.body).toEqual({
      detected: true,
      duration: null,
      message: "Call detected: a text message for +12125550123 reached Minutely.",
    });
    expect((await a.c.get("/api/integrations/status")).body.phone).toBe(true);
  });

  it("a signed voice call to the number is detected with its duration", async () => {
    const started = await startTest(a);
    const call = (status: string, extra: Record<string, string> = {}) => ({
      CallSid: "CAtest",
      From: "+13105550111",
      To: "+12125550123",
      Direction: "inbound",
      CallStatus: status,
      ...extra,
    });
    await postTwilio(t.client(), line.voicePath, call("in-progress"), { authToken: line.authToken, configuredOrigin: t.baseUrl });
    await postTwilio(t.client(), line.voicePath, call("completed", { CallDuration: "42" }), {
      authToken: line.authToken,
      configuredOrigin: t.baseUrl,
    });
    const ended = await a.c.post(`/api/calls/test/${started.body.sessionId}/end`);
    expect(ended.body).toEqual({
      detected: true,
      duration: 42,
      message: "Call detected: a Twilio call event for +12125550123 reached Minutely (duration 42 seconds).",
    });
  });

  it("the generic webhook's events count too, and its URL is named when nothing arrived", async () => {
    const c = await newAccount(t);
    const hook = await connectGenericLandline(c, { provider: "8x8" });
    await c.c.put("/api/user/phone-integration", { phoneNumber: "+12125550177" });
    const quiet = await startTest(c);
    const missing = await c.c.post(`/api/calls/test/${quiet.body.sessionId}/end`);
    expect(missing.body.message).toBe(
      `No call or text from +12125550177 reached Minutely during the test. Check that your phone system sends signed call events to ${t.baseUrl}${hook.path}.`,
    );
    const started = await startTest(c);
    const body = {
      eventId: "e1",
      callId: "c1",
      event: "call.started",
      occurredAt: clock.toISOString(),
      from: "+12125550177",
      to: "+13105550111",
    };
    const delivered = await postGeneric(t.client(), hook.path, body, {
      secret: hook.secret,
      timestamp: Math.floor(clock.getTime() / 1000),
    });
    expect(delivered.status).toBe(200);
    expect((await c.c.post(`/api/calls/test/${started.body.sessionId}/end`)).body.detected).toBe(true);
  });

  it("another account's session id is a 404 that changes nothing; a malformed one is a 400", async () => {
    const started = await startTest(a);
    await expectNothingChanged(t.app.db, async () => {
      const stranger = await b.c.post(`/api/calls/test/${started.body.sessionId}/end`);
      expect(stranger.status).toBe(404);
      expect(stranger.body.message).toBe("Test session not found");
    });
    expect((await b.c.post("/api/calls/test/1/end")).status).toBe(400);
    expect((await a.c.post(`/api/calls/test/${started.body.sessionId}/end`)).status).toBe(200);
  });
});
