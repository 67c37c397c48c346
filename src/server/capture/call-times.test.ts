import { describe, expect, it } from "vitest";
import type { CaptureEvent } from "./capture-event.js";
import { planTimes, providerStart } from "./call-times.js";

const T0 = Date.parse("2026-03-02T10:00:00Z");
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const event = (fields: Partial<CaptureEvent> & Pick<CaptureEvent, "kind">): CaptureEvent => ({
  accountId: 1,
  userId: 1,
  source: "zoom",
  eventId: "e",
  externalCallId: "m",
  at: at(0),
  platform: "zoom",
  participants: [],
  ...fields,
});
const active = { startedAt: at(60), endedAt: null, durationSeconds: 0, invoiced: false };
const ended = { startedAt: at(0), endedAt: at(600), durationSeconds: 600, invoiced: false };
const plan = (call: typeof active | typeof ended, e: CaptureEvent, minCaptureSeconds = 0, durationKnown = true) =>
  planTimes(call, e, { minCaptureSeconds, durationKnown });

describe("providerStart", () => {
  it("prefers the provider's start, then its end minus its duration, else knows none", () => {
    expect(providerStart({ at: at(100), startedAt: at(10), durationSeconds: 5 })).toEqual(at(10));
    expect(providerStart({ at: at(100), durationSeconds: 30 })).toEqual(at(70));
    expect(providerStart({ at: at(100) })).toBeNull();
  });
});

describe("planTimes", () => {
  it("a late start at the same instant as an end that knew no start proves a zero-length call: judged by the minimum", () => {
    const placeholder = { startedAt: at(600), endedAt: at(600), durationSeconds: 0, invoiced: false };
    expect(plan(placeholder, event({ kind: "started", at: at(600) }), 30)).toEqual({ kind: "discard" });
    expect(plan(placeholder, event({ kind: "started", at: at(600) }), 0)).toEqual({ kind: "keep" });
    expect(plan({ ...placeholder, invoiced: true }, event({ kind: "started", at: at(600) }), 30)).toEqual({ kind: "keep" });
  });

  it("an active call keeps the earlier start", () => {
    expect(plan(active, event({ kind: "started", at: at(90) }))).toEqual({ kind: "keep" });
    expect(plan(active, event({ kind: "started", at: at(30) }))).toEqual({
      kind: "change",
      times: { ...active, startedAt: at(30) },
    });
  });

  it("an active call ends at the event's time, with the provider's duration or the elapsed time", () => {
    expect(plan(active, event({ kind: "ended", at: at(660) }))).toEqual({
      kind: "change",
      times: { startedAt: at(60), endedAt: at(660), durationSeconds: 600 },
    });
    expect(plan(active, event({ kind: "ended", at: at(660), durationSeconds: 590 }))).toEqual({
      kind: "change",
      times: { startedAt: at(60), endedAt: at(660), durationSeconds: 590 },
    });
    expect(plan(active, event({ kind: "ended", at: at(660), startedAt: at(0) }))).toMatchObject({
      times: { startedAt: at(0), durationSeconds: 660 },
    });
  });

  it("an ended call is never reopened; an earlier start moves it back unless invoiced or stated by the provider", () => {
    expect(plan(ended, event({ kind: "started", at: at(10) }))).toEqual({ kind: "keep" });
    const unknownStart = { startedAt: at(600), endedAt: at(600), durationSeconds: 0, invoiced: false };
    expect(plan(unknownStart, event({ kind: "started", at: at(0) }))).toEqual({
      kind: "change",
      times: { startedAt: at(0), endedAt: at(600), durationSeconds: 600 },
    });
    expect(plan({ ...unknownStart, invoiced: true }, event({ kind: "started", at: at(0) }))).toEqual({ kind: "keep" });
    const stated = { startedAt: at(100), endedAt: at(600), durationSeconds: 480, invoiced: false };
    expect(plan(stated, event({ kind: "started", at: at(0) }))).toMatchObject({
      times: { startedAt: at(0), durationSeconds: 480 },
    });
  });

  it("an ended call takes only a later end, and only while not invoiced", () => {
    expect(plan(ended, event({ kind: "ended", at: at(600) }))).toEqual({ kind: "keep" });
    expect(plan(ended, event({ kind: "ended", at: at(500) }))).toEqual({ kind: "keep" });
    expect(plan(ended, event({ kind: "ended", at: at(700) }))).toMatchObject({
      times: { endedAt: at(700), durationSeconds: 700 },
    });
    expect(plan({ ...ended, invoiced: true }, event({ kind: "ended", at: at(700) }))).toEqual({ kind: "keep" });
  });

  it("discards a missed call while active, and a call shorter than the minimum once its length is known", () => {
    expect(plan(active, event({ kind: "ended", at: at(61), missed: true }))).toEqual({ kind: "discard" });
    expect(plan(ended, event({ kind: "ended", at: at(700), missed: true }))).toEqual({ kind: "keep" });
    expect(plan(active, event({ kind: "ended", at: at(89) }), 30)).toEqual({ kind: "discard" });
    expect(plan(active, event({ kind: "ended", at: at(90) }), 30)).toMatchObject({ kind: "change" });
    expect(plan(active, event({ kind: "ended", at: at(60) }), 30, false)).toMatchObject({ kind: "change" });
    const unknownStart = { startedAt: at(20), endedAt: at(20), durationSeconds: 0, invoiced: false };
    expect(plan(unknownStart, event({ kind: "started", at: at(0) }), 30)).toEqual({ kind: "discard" });
  });

  it("a participant never moves the times", () => {
    expect(plan(active, event({ kind: "participant", at: at(0) }))).toEqual({ kind: "keep" });
    expect(plan(ended, event({ kind: "participant", at: at(9999) }))).toEqual({ kind: "keep" });
  });
});
