import type { CaptureEvent } from "./capture-event.js";
import { elapsedSeconds } from "../calls/pricing.js";

/** The times of a captured call as stored: active while `endedAt` is null. */
export type CallTimes = { startedAt: Date; endedAt: Date | null; durationSeconds: number };

/** What an event does to a call's times (the state machine of docs/capture-pipeline.md). */
export type TimesPlan =
  | { kind: "keep" }
  | { kind: "change"; times: CallTimes }
  /** A missed call, or one shorter than the account's minimum: the call goes (and never comes back). */
  | { kind: "discard" };

/** The start an `ended` event states: the provider's own start, else its end minus its duration, else unknown. */
export function providerStart(event: Pick<CaptureEvent, "at" | "startedAt" | "durationSeconds">): Date | null {
  if (event.startedAt) return event.startedAt;
  if (event.durationSeconds != null) return new Date(event.at.getTime() - event.durationSeconds * 1000);
  return null;
}

/**
 * The call's times after one event, for a call that exists (a new one is created active first).
 * - started: an active call keeps the earlier start. An ended call is never reopened; a start earlier
 *   than the stored one (a late "started" after an "ended" that knew no start) moves the start back
 *   and the duration with it, unless the call is invoiced or the provider stated its own duration.
 * - participant: times unchanged.
 * - ended: an active call ends at `at`, its start moved back to the provider's start when that is
 *   earlier, its duration the provider's when given, else end − start. An ended call takes only a
 *   later end (a correction) and only while not invoiced; a repeat or an earlier end changes nothing.
 *   A missed call is discarded while active (an ended call stays).
 * Any resulting duration under `minCaptureSeconds` discards the call, except when the duration is
 * unknown (`durationKnown` false: a call first heard of by an "ended" that carries no start), so
 * that a late "started" can still make it a real call.
 */
export function planTimes(
  call: CallTimes & { invoiced: boolean },
  event: CaptureEvent,
  options: { minCaptureSeconds: number; durationKnown: boolean },
): TimesPlan {
  const active = call.endedAt === null;
  const tooShort = (seconds: number) => options.durationKnown && seconds < options.minCaptureSeconds;

  if (event.kind === "participant") return { kind: "keep" };

  if (event.kind === "started") {
    // A call first heard of by an "ended" without a start is a zero-length placeholder; a start at that
    // same instant proves it really was that short, so it is judged against the minimum now.
    const placeholder = call.endedAt !== null && call.endedAt.getTime() === call.startedAt.getTime();
    if (placeholder && !call.invoiced && event.at.getTime() === call.startedAt.getTime())
      return call.durationSeconds < options.minCaptureSeconds ? { kind: "discard" } : { kind: "keep" };
    if (event.at >= call.startedAt) return { kind: "keep" };
    if (active) return { kind: "change", times: { ...call, startedAt: event.at } };
    if (call.invoiced || call.endedAt === null) return { kind: "keep" };
    const statedByProvider = call.durationSeconds !== elapsedSeconds(call.startedAt, call.endedAt);
    const durationSeconds = statedByProvider ? call.durationSeconds : elapsedSeconds(event.at, call.endedAt);
    if (durationSeconds < options.minCaptureSeconds) return { kind: "discard" };
    return { kind: "change", times: { startedAt: event.at, endedAt: call.endedAt, durationSeconds } };
  }

  if (event.missed) return active ? { kind: "discard" } : { kind: "keep" };
  if (!active && (call.invoiced || call.endedAt === null || event.at <= call.endedAt)) return { kind: "keep" };
  const stated = providerStart(event);
  const startedAt = stated && stated < call.startedAt ? stated : call.startedAt;
  const durationSeconds = event.durationSeconds ?? elapsedSeconds(startedAt, event.at);
  if (tooShort(durationSeconds)) return { kind: "discard" };
  return { kind: "change", times: { startedAt, endedAt: event.at, durationSeconds } };
}
