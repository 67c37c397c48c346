import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { PhoneContext } from "./phone-context.js";
import { isSignalWireNumberCallback, parseVoiceStatus, type TwilioParams } from "./twilio-voice.js";

/**
 * SignalWire's callbacks as its published webhook schemas describe them (tests/fixtures/signalwire/,
 * transcribed from SignalWire's OpenAPI webhook specifications): the number-level "Incoming call status
 * callback" documents Timestamp as the call's CREATION time; the per-call "Voice status callback" as
 * the event's time. Issue 25 §2.1: a 600 s call that ran 17:03–17:13 must be stored as 17:03–17:13.
 */
type Schema = {
  required: string[];
  properties: Record<string, { type: string; enum?: string[]; description: string }>;
};
const schema = (name: string): Schema =>
  JSON.parse(fs.readFileSync(new URL(`../../../../tests/fixtures/signalwire/${name}.schema.json`, import.meta.url), "utf8"));

/** Builds a callback body with exactly the schema's properties, from the values a real call would carry. */
function bodyFrom(spec: Schema, values: Record<string, string>): TwilioParams {
  const body: TwilioParams = {};
  for (const [name, property] of Object.entries(spec.properties)) {
    const value = values[name];
    if (value === undefined) {
      if (spec.required.includes(name)) throw new Error(`the test gives no value for required ${name}`);
      continue;
    }
    if (property.enum) expect(property.enum).toContain(value);
    body[name] = value;
  }
  for (const name of Object.keys(values)) expect(Object.keys(spec.properties), `${name} is in the schema`).toContain(name);
  return body;
}

const context: PhoneContext = {
  accountId: 7,
  country: "US",
  timezone: "UTC",
  currency: "usd",
  landline: null,
  mobile: null,
  ownNumbers: new Map([["+18005551212", null]]),
};
const signalwire = { provider: "signalwire", userId: 3 };
const arrived = new Date("2026-03-03T17:13:02Z");
// SignalWire's ids are UUIDs (docs/capture-pipeline.md).
const CALL = "b3877c40-da60-4998-90ad-b792e98472ca";
const PROJECT = "b3877c40-da60-4998-90ad-b792e98472af";

describe("SignalWire's number-level Incoming call status callback", () => {
  const spec = schema("incoming-call-status-callback");
  const completed = bodyFrom(spec, {
    CallSid: CALL,
    AccountSid: PROJECT,
    From: "+12125550199",
    To: "+18005551212",
    Timestamp: "Tue, 03 Mar 2026 17:03:00 +0000",
    CallStatus: "completed",
    CallDuration: "600",
    AudioInMos: "4.5",
  });

  it("documents Timestamp as the creation time (the fixture says so, word for word)", () => {
    expect(spec.properties.Timestamp?.description).toBe("The timestamp of the call creation date/time.");
    expect(spec.properties.CallStatus?.enum).toEqual(["failed", "completed"]);
    expect(isSignalWireNumberCallback(completed, "signalwire")).toBe(true);
  });

  it("a 600 s call created at 17:03 ran 17:03–17:13, inbound from the caller", () => {
    const { event } = parseVoiceStatus(completed, context, signalwire, arrived);
    expect(event).toMatchObject({
      kind: "ended",
      source: "signalwire",
      eventId: `${CALL}:completed`,
      externalCallId: CALL,
      startedAt: new Date("2026-03-03T17:03:00Z"),
      at: new Date("2026-03-03T17:13:00Z"),
      durationSeconds: 600,
    });
    expect(event!.participants).toEqual([
      { phone: "+12125550199", direction: "inbound" },
      { phone: "+18005551212", direction: null, self: true },
    ]);
  });

  it("failed is a missed call at its creation time", () => {
    const failed = { ...completed, CallStatus: "failed", CallDuration: "0" };
    const { event } = parseVoiceStatus(failed, context, signalwire, arrived);
    expect(event).toMatchObject({ kind: "ended", missed: true, at: new Date("2026-03-03T17:03:00Z") });
  });

  it("the same body from Twilio keeps Twilio's meaning (Timestamp is the event's time)", () => {
    const { event } = parseVoiceStatus(completed, context, { provider: "twilio", userId: 3 }, arrived);
    expect(isSignalWireNumberCallback(completed, "twilio")).toBe(false);
    expect(event).toMatchObject({ at: new Date("2026-03-03T17:03:00Z"), startedAt: new Date("2026-03-03T16:53:00Z") });
  });
});

describe("SignalWire's per-call Voice status callback", () => {
  const spec = schema("voice-status-callback");
  const base = {
    AccountSid: PROJECT,
    ApiVersion: "2010-04-01",
    CallSid: CALL,
    Direction: "inbound",
    From: "+12125550199",
    To: "+18005551212",
    CallbackSource: "call-progress-events",
  };

  it("Timestamp is the event's time: in-progress at 17:03 starts, completed at 17:13 ends a 600 s call", () => {
    const answered = bodyFrom(spec, {
      ...base,
      CallStatus: "in-progress",
      SequenceNumber: "1",
      Timestamp: "Tue, 03 Mar 2026 17:03:00 +0000",
    });
    const ended = bodyFrom(spec, {
      ...base,
      CallStatus: "completed",
      SequenceNumber: "2",
      Timestamp: "Tue, 03 Mar 2026 17:13:00 +0000",
      CallDuration: "600",
    });
    expect(isSignalWireNumberCallback(ended, "signalwire")).toBe(false);
    expect(parseVoiceStatus(answered, context, signalwire, arrived).event).toMatchObject({
      kind: "started",
      at: new Date("2026-03-03T17:03:00Z"),
    });
    expect(parseVoiceStatus(ended, context, signalwire, arrived).event).toMatchObject({
      kind: "ended",
      at: new Date("2026-03-03T17:13:00Z"),
      startedAt: new Date("2026-03-03T17:03:00Z"),
      durationSeconds: 600,
    });
  });
});
