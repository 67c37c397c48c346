import { eq } from "drizzle-orm";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls } from "../../src/server/db/schema/index.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { connectTwilioLandline, postTwilio } from "../helpers/phone-webhooks.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Twilio / SignalWire (issue 13 §4): voice status callbacks and SMS commands, verified with the official
 * SDK against the URL as configured (PUBLIC_URL here, as behind a proxy), for one account per token.
 */
const PUBLIC_URL = "https://mycompany.com";
let t: TestApp;
let clock = new Date("2026-03-03T14:03:00Z");
let a: TestAccount;
let b: TestAccount;
let aLine: Awaited<ReturnType<typeof connectTwilioLandline>>;
let bLine: Awaited<ReturnType<typeof connectTwilioLandline>>;
let jane: { id: number };

const send = (
  path: string,
  params: Record<string, string>,
  options: { authToken: string | null; signature?: string; origin?: string },
) => postTwilio(t.client(), path, params, { configuredOrigin: options.origin ?? PUBLIC_URL, ...options });
const voice = (sid: string, status: string, extra: Record<string, string> = {}) => ({
  CallSid: sid,
  AccountSid: "AC00000000000000000000000000000001",
  From: "+12125550199",
  To: "+18005551212",
  Direction: "inbound",
  CallStatus: status,
  ...extra,
});
const sms = (sid: string, body: string, from = "+12125550123") => ({
  MessageSid: sid,
  AccountSid: "AC00000000000000000000000000000001",
  From: from,
  To: "+18005551212",
  Body: body,
});
const callRows = (accountId: number) => t.app.db.select().from(calls).where(eq(calls.accountId, accountId));

beforeAll(async () => {
  t = await startTestApp({ publicUrl: PUBLIC_URL, now: () => clock });
  a = await newAccount(t, { timezone: "UTC" });
  b = await newAccount(t);
  aLine = await connectTwilioLandline(a, { phoneNumber: "+1 800 555 1212" });
  bLine = await connectTwilioLandline(b, { phoneNumber: "+18005550000" });
  // The client's number is stored as typed, in another format than Twilio's E.164.
  jane = await buildClient(a.c, { name: "Jane Doe", phone: "(212) 555-0199" });
  await buildClient(a.c, { name: "John Roe", phone: "+1 212 555 0188" });
  // Account A's user texts from this number (the mobile integration).
  expect((await a.c.post("/api/integrations/mobile", { phoneNumber: "+1 212-555-0123", provider: "att" })).status).toBe(200);
});
afterAll(async () => t?.close());

describe("X-Twilio-Signature", () => {
  it("accepts Twilio's published vector's token and parameters, signed over PUBLIC_URL + path + query", async () => {
    const params = {
      CallSid: "CA1234567890ABCDE",
      Caller: "+12349013030",
      Digits: "1234",
      From: "+12349013030",
      To: "+18005551212",
    };
    expect(
      twilio.validateRequest("12345", "0/KCTR6DLpKmkAf8muzZqo1nDgQ=", "https://mycompany.com/myapp.php?foo=1&bar=2", params),
    ).toBe(true);
    const c = await newAccount(t);
    const line = await connectTwilioLandline(c, { authToken: "12345" });
    const path = `${line.voicePath}?foo=1&bar=2`;
    const signed = await send(path, { ...params, CallStatus: "ringing" }, { authToken: "12345" });
    expect(signed.status).toBe(200);
    expect(signed.headers.get("content-type")).toMatch(/^text\/xml/);
    expect(signed.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    // Signed over the server's own origin instead of the URL as configured: refused.
    const wrongUrl = await send(path, { ...params, CallStatus: "ringing" }, { authToken: "12345", origin: t.baseUrl });
    expect(wrongUrl.status).toBe(403);
  });

  it("refuses unsigned and wrongly signed deliveries with 403 and changes nothing", async () => {
    await expectNothingChanged(t.app.db, async () => {
      const unsigned = await send(aLine.voicePath, voice("CAx", "in-progress"), { authToken: null });
      expect(unsigned.status).toBe(403);
      expect(unsigned.body.message).toBe("Missing X-Twilio-Signature header: the request is not signed");
      const wrong = await send(aLine.voicePath, voice("CAx", "in-progress"), { authToken: "not-the-token" });
      expect(wrong.status).toBe(403);
      expect(wrong.body.message).toMatch(/^X-Twilio-Signature does not match/);
      const garbage = await send(aLine.smsPath, sms("SMx", "CALL_START"), { authToken: null, signature: "AAAA" });
      expect(garbage.status).toBe(403);
    });
  });

  it("an unknown or malformed token is a 404", async () => {
    await expectNothingChanged(t.app.db, async () => {
      expect(
        (
          await send("/api/webhooks/twilio/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/voice", voice("CAx", "in-progress"), {
            authToken: "x",
          })
        ).status,
      ).toBe(404);
      expect((await send("/api/webhooks/twilio/x/sms", sms("SMx", "CALL_END"), { authToken: "x" })).status).toBe(404);
    });
  });

  it("cross-account: an event signed for one account never touches another", async () => {
    await expectNothingChanged(t.app.db, async () => {
      // A's token, B's URL.
      expect((await send(bLine.voicePath, voice("CAcross", "in-progress"), { authToken: aLine.authToken })).status).toBe(403);
      // B's URL signed as if it were A's path.
      const signature = twilio.getExpectedTwilioSignature(
        aLine.authToken,
        PUBLIC_URL + aLine.voicePath,
        voice("CAcross", "in-progress"),
      );
      expect((await send(bLine.voicePath, voice("CAcross", "in-progress"), { authToken: null, signature })).status).toBe(403);
    });
  });
});

describe("voice status callbacks", () => {
  it("ringing changes no call; in-progress opens an active phone call; completed prices it for the client matched by number", async () => {
    expect((await send(aLine.voicePath, voice("CA100", "ringing"), { authToken: aLine.authToken })).status).toBe(200);
    expect(await callRows(a.accountId)).toHaveLength(0);

    clock = new Date("2026-03-03T10:00:05Z");
    const started = await send(aLine.voicePath, voice("CA100", "in-progress"), { authToken: aLine.authToken });
    expect(started.status).toBe(200);
    const active = await a.c.get("/api/calls/active");
    expect(active.body).toHaveLength(1);
    expect(active.body[0]).toMatchObject({ platform: "phone", clientId: jane.id });

    clock = new Date("2026-03-03T10:12:40Z");
    const ended = await send(
      aLine.voicePath,
      voice("CA100", "completed", { CallDuration: "754", Timestamp: "Tue, 03 Mar 2026 10:12:34 +0000" }),
      { authToken: aLine.authToken },
    );
    expect(ended.status).toBe(200);
    expect((await a.c.get("/api/calls/active")).body).toEqual([]);
    const [row] = await callRows(a.accountId);
    expect(row).toMatchObject({
      clientId: jane.id,
      source: "twilio",
      externalId: "CA100",
      platform: "phone",
      durationSeconds: 754,
      billedSeconds: 13 * 60,
      amountCents: 3250,
      startedAt: new Date("2026-03-03T10:00:00Z"),
      endedAt: new Date("2026-03-03T10:12:34Z"),
    });
    expect(row!.participants).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ phone: "+12125550199" }),
        expect.objectContaining({ phone: "+18005551212", self: true }),
      ]),
    );
    // B saw nothing.
    expect(await callRows(b.accountId)).toHaveLength(0);
  });

  it("a replayed callback is answered 200 and changes nothing", async () => {
    await expectNothingChanged(t.app.db, async () => {
      const again = await send(
        aLine.voicePath,
        voice("CA100", "completed", { CallDuration: "754", Timestamp: "Tue, 03 Mar 2026 10:12:34 +0000" }),
        { authToken: aLine.authToken },
      );
      expect(again.status).toBe(200);
      expect((await send(aLine.voicePath, voice("CA100", "in-progress"), { authToken: aLine.authToken })).status).toBe(200);
    });
    expect(await callRows(a.accountId)).toHaveLength(1);
  });

  it("a missed call (no-answer, busy) leaves no call", async () => {
    const before = (await callRows(a.accountId)).length;
    for (const [sid, status] of [
      ["CA200", "no-answer"],
      ["CA201", "busy"],
    ] as const) {
      await send(aLine.voicePath, voice(sid, "ringing"), { authToken: aLine.authToken });
      expect((await send(aLine.voicePath, voice(sid, status), { authToken: aLine.authToken })).status).toBe(200);
    }
    expect(await callRows(a.accountId)).toHaveLength(before);
  });

  it("a verified callback without CallSid is a 400 that changes nothing", async () => {
    await expectNothingChanged(t.app.db, async () => {
      const response = await send(aLine.voicePath, { CallStatus: "completed" }, { authToken: aLine.authToken });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe("CallSid is missing: this is not a voice status callback");
    });
  });
});

describe("SMS commands", () => {
  const reply = (text: string) => `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${text}</Message></Response>`;

  it("CALL_START Jane opens an active call for Jane; CALL_END ends and prices it and says so", async () => {
    clock = new Date("2026-03-03T14:03:00Z");
    const start = await send(aLine.smsPath, sms("SM1", "call_start jane doe"), { authToken: aLine.authToken });
    expect(start.status).toBe(200);
    expect(start.headers.get("content-type")).toMatch(/^text\/xml/);
    expect(start.text).toBe(reply("Call started for Jane Doe at 14:03."));
    const active = (await a.c.get("/api/calls/active")).body;
    expect(active).toHaveLength(1);
    expect(active[0]).toMatchObject({ clientId: jane.id, platform: "phone" });

    clock = new Date("2026-03-03T14:15:00Z");
    const end = await send(aLine.smsPath, sms("SM2", "CALL_END"), { authToken: aLine.authToken });
    expect(end.text).toBe(reply("Call ended: 12 min, $30.00."));
    expect((await a.c.get("/api/calls/active")).body).toEqual([]);
    const [row] = (await callRows(a.accountId)).filter((c) => c.source === "sms");
    expect(row).toMatchObject({
      clientId: jane.id,
      durationSeconds: 720,
      amountCents: 3000,
      userId: a.userId,
      externalId: "SM1",
    });
  });

  it("a replayed command changes nothing", async () => {
    await expectNothingChanged(t.app.db, async () => {
      const again = await send(aLine.smsPath, sms("SM1", "call_start jane doe"), { authToken: aLine.authToken });
      expect(again.text).toBe(reply("This text was already recorded."));
    });
  });

  it("CALL_START by the client's number in another format; an unknown name starts an Unknown Client call", async () => {
    clock = new Date("2026-03-03T15:00:00Z");
    const byNumber = await send(aLine.smsPath, sms("SM3", "CALL_START (212) 555-0188"), { authToken: aLine.authToken });
    expect(byNumber.text).toBe(reply("Call started for John Roe at 15:00."));
    await send(aLine.smsPath, sms("SM4", "CALL_END"), { authToken: aLine.authToken });
    const unknown = await send(aLine.smsPath, sms("SM5", "CALL_START Nobody"), { authToken: aLine.authToken });
    expect(unknown.text).toBe(
      reply('Call started (Unknown Client) at 15:00. No single client matches "Nobody": assign one on the dashboard.'),
    );
    const active = (await a.c.get("/api/calls/active")).body;
    expect(active[0].clientId ?? null).toBeNull();
    await send(aLine.smsPath, sms("SM6", "CALL_END"), { authToken: aLine.authToken });
  });

  it("CALL_END with nothing running, and unknown commands, are answered plainly", async () => {
    const none = await send(aLine.smsPath, sms("SM7", "CALL_END"), { authToken: aLine.authToken });
    expect(none.text).toBe(reply("No call is running."));
    const what = await send(aLine.smsPath, sms("SM8", "hello"), { authToken: aLine.authToken });
    expect(what.text).toBe(reply("Unknown command. Text CALL_START [client] or CALL_END."));
  });

  it("a number that is no user's is told so and changes nothing", async () => {
    await expectNothingChanged(t.app.db, async () => {
      const stranger = await send(aLine.smsPath, sms("SM9", "CALL_START Jane Doe", "+13105550111"), {
        authToken: aLine.authToken,
      });
      expect(stranger.status).toBe(200);
      expect(stranger.text).toBe(reply("This number is not linked to a Minutely user."));
    });
  });

  it("unsigned, wrongly signed and cross-account texts are refused and change nothing", async () => {
    await expectNothingChanged(t.app.db, async () => {
      expect((await send(aLine.smsPath, sms("SM10", "CALL_START"), { authToken: null })).status).toBe(403);
      expect((await send(aLine.smsPath, sms("SM10", "CALL_START"), { authToken: bLine.authToken })).status).toBe(403);
      expect((await send(bLine.smsPath, sms("SM10", "CALL_START"), { authToken: aLine.authToken })).status).toBe(403);
    });
  });

  it("the integration methods and the mobile's status are honest about what arrived", async () => {
    const mobile = (await a.c.get("/api/integrations/mobile")).body;
    expect(mobile.status).toBe("connected");
    expect(mobile.integrationMethods.map((m: { method: string; success: boolean }) => [m.method, m.success])).toEqual([
      ["sms", true],
      ["voice", true],
    ]);
    expect((await a.c.post("/api/integrations/mobile/test")).body).toMatchObject({ success: true });
    const status = (await a.c.get("/api/integrations/status")).body;
    expect(status).toMatchObject({ mobile: true, landline: true });
    expect((await b.c.get("/api/integrations/status")).body).toEqual({ phone: false, mobile: false, landline: false });
  });
});
