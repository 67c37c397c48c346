import twilio from "twilio";
import { describe, expect, it } from "vitest";
import type { PhoneContext } from "./phone-context.js";
import { parseVoiceStatus, twilioTimestamp } from "./twilio-voice.js";

const context: PhoneContext = {
  accountId: 7,
  country: "US",
  timezone: "UTC",
  currency: "usd",
  landline: null,
  mobile: null,
  ownNumbers: new Map([
    ["+18005551212", null],
    ["+12125550123", 42],
  ]),
};
const integration = { provider: "twilio", userId: 3 };
const now = new Date("2026-03-03T10:00:00Z");
const base = { CallSid: "CA1", AccountSid: "AC1", From: "(212) 555-0199", To: "+1 800 555 1212", Direction: "inbound" };

describe("Twilio's published signature vector", () => {
  it("validates through the official SDK and fails with one parameter changed", () => {
    const params = {
      CallSid: "CA1234567890ABCDE",
      Caller: "+12349013030",
      Digits: "1234",
      From: "+12349013030",
      To: "+18005551212",
    };
    const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
    expect(twilio.validateRequest("12345", "0/KCTR6DLpKmkAf8muzZqo1nDgQ=", url, params)).toBe(true);
    expect(twilio.getExpectedTwilioSignature("12345", url, params)).toBe("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
    expect(twilio.validateRequest("12345", "0/KCTR6DLpKmkAf8muzZqo1nDgQ=", url, { ...params, Digits: "1235" })).toBe(false);
    expect(twilio.validateRequest("54321", "0/KCTR6DLpKmkAf8muzZqo1nDgQ=", url, params)).toBe(false);
  });
});

describe("voice status callbacks → capture events", () => {
  it("in-progress starts a call with the caller as the other party and the own number as self", () => {
    const { event, numbers } = parseVoiceStatus({ ...base, CallStatus: "in-progress" }, context, integration, now);
    expect(event).toMatchObject({
      kind: "started",
      source: "twilio",
      eventId: "CA1:in-progress",
      externalCallId: "CA1",
      at: now,
      platform: "phone",
      userId: 3,
    });
    expect(event!.participants).toEqual([
      { phone: "+12125550199", direction: "inbound" },
      { phone: "+18005551212", direction: null, self: true },
    ]);
    expect(numbers).toEqual(["+12125550199", "+18005551212"]);
  });

  it("the answered StatusCallbackEvent starts too; SignalWire keeps its own source", () => {
    const { event } = parseVoiceStatus(
      { ...base, StatusCallbackEvent: "answered" },
      context,
      { provider: "signalwire", userId: null },
      now,
    );
    expect(event).toMatchObject({ kind: "started", source: "signalwire", eventId: "CA1:in-progress" });
  });

  it("completed ends with CallDuration and a start of Timestamp − duration", () => {
    const { event, durationSeconds } = parseVoiceStatus(
      { ...base, CallStatus: "completed", CallDuration: "754", Timestamp: "Tue, 03 Mar 2026 10:12:34 +0000" },
      context,
      integration,
      now,
    );
    expect(durationSeconds).toBe(754);
    expect(event).toMatchObject({
      kind: "ended",
      eventId: "CA1:completed",
      durationSeconds: 754,
      at: new Date("2026-03-03T10:12:34Z"),
      startedAt: new Date("2026-03-03T10:00:00Z"),
    });
    expect(event!.missed).toBeUndefined();
  });

  it("busy, no-answer, failed and canceled end as missed", () => {
    for (const status of ["busy", "no-answer", "failed", "canceled"]) {
      const { event } = parseVoiceStatus({ ...base, CallStatus: status }, context, integration, now);
      expect(event).toMatchObject({ kind: "ended", missed: true, durationSeconds: 0, eventId: `CA1:${status}` });
    }
  });

  it("queued, ringing and initiated change nothing but still name the numbers", () => {
    for (const status of ["queued", "ringing", "initiated"]) {
      const parsed = parseVoiceStatus({ ...base, CallStatus: status }, context, integration, now);
      expect(parsed.event).toBeNull();
      expect(parsed.numbers).toContain("+12125550199");
    }
  });

  it("outbound calls are with To; a user's own number gives the call to that user; a dialed leg joins its parent", () => {
    const { event } = parseVoiceStatus(
      {
        CallSid: "CA2",
        ParentCallSid: "CA0",
        From: "+12125550123",
        To: "+442079460958",
        Direction: "outbound-dial",
        CallStatus: "in-progress",
      },
      context,
      integration,
      now,
    );
    expect(event!.participants[0]).toEqual({ phone: "+442079460958", direction: "outbound" });
    expect(event!.participants[1]).toMatchObject({ phone: "+12125550123", self: true });
    expect(event).toMatchObject({ userId: 42, externalCallId: "CA0", eventId: "CA2:in-progress" });
  });

  it("refuses a callback without CallSid or with an unknown status", () => {
    expect(() => parseVoiceStatus({ CallStatus: "completed" }, context, integration, now)).toThrow(/CallSid is missing/);
    expect(() => parseVoiceStatus({ CallSid: "CA1", CallStatus: "exploded" }, context, integration, now)).toThrow(
      /not a Twilio call status/,
    );
  });

  it("reads Twilio's RFC 2822 Timestamp", () => {
    expect(twilioTimestamp("Tue, 14 Nov 2023 22:13:20 +0000")?.toISOString()).toBe("2023-11-14T22:13:20.000Z");
    expect(twilioTimestamp("not a date")).toBeNull();
    expect(twilioTimestamp(undefined)).toBeNull();
  });
});
