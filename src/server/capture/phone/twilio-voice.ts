import { AppError } from "../../../core/errors.js";
import type { CallParticipant } from "../../db/schema/calls.js";
import type { CaptureEvent } from "../capture-event.js";
import { type PhoneContext, phoneParty, userOfCall } from "./phone-context.js";

/** A Twilio (or SignalWire LaML) callback's form parameters. */
export type TwilioParams = Record<string, string>;

/** StatusCallbackEvent (when a callback carries no CallStatus) → the status it stands for. */
const CALLBACK_EVENT_STATUS: Record<string, string> = {
  initiated: "initiated",
  ringing: "ringing",
  answered: "in-progress",
  completed: "completed",
};
const MISSED = new Set(["busy", "no-answer", "failed", "canceled"]);
const NOT_YET = new Set(["queued", "ringing", "initiated"]);

export type VoiceParse = {
  /** null: a status that changes no call (queued, ringing, initiated). */
  event: CaptureEvent | null;
  /** Every number in the callback (E.164 where readable): for the call test and the mobile's status. */
  numbers: string[];
  durationSeconds: number | null;
};

/** Twilio's `Timestamp` (RFC 2822, "Tue, 14 Nov 2023 22:13:20 +0000"), or null. */
export function twilioTimestamp(value: string | undefined): Date | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms) : null;
}

/**
 * Is this SignalWire's phone-number-level "Inbound call status callback" (the one Settings tells
 * users to configure)? SignalWire's published schema for it (docs/capture-pipeline.md "SignalWire")
 * has CallSid, AccountSid, From, To, Timestamp, CallStatus (failed | completed), CallDuration and
 * AudioInMos, and nothing else: no Direction, StatusCallbackEvent, CallbackSource or SequenceNumber,
 * which every per-call "Voice status callback" carries. Its Timestamp is the call's CREATION time,
 * where the per-call callback's (and Twilio's) is the event's own time.
 */
export function isSignalWireNumberCallback(params: TwilioParams, provider: string): boolean {
  if (provider !== "signalwire") return false;
  return !["Direction", "StatusCallbackEvent", "CallbackSource", "SequenceNumber", "ApiVersion"].some((name) =>
    params[name]?.trim(),
  );
}

/**
 * A voice status callback → a capture event (docs/capture-pipeline.md): in-progress (or the answered
 * StatusCallbackEvent) starts the call, completed ends it with CallDuration, busy / no-answer / failed /
 * canceled end it as missed (not kept), queued / ringing / initiated change nothing. The other party is
 * From on inbound calls and To on outbound ones; the practice's own numbers are flagged `self`. A dialed
 * leg (ParentCallSid) belongs to its parent's call, so one conversation never becomes two calls.
 */
export function parseVoiceStatus(
  params: TwilioParams,
  context: PhoneContext,
  integration: { provider: string; userId: number | null },
  receivedAt: Date,
): VoiceParse {
  const callSid = params.CallSid?.trim();
  if (!callSid) throw new AppError("bad_request", "CallSid is missing: this is not a voice status callback");
  const callbackEvent = params.StatusCallbackEvent?.trim().toLowerCase() ?? "";
  const status = params.CallStatus?.trim().toLowerCase() || (CALLBACK_EVENT_STATUS[callbackEvent] ?? "");
  const numberCallback = isSignalWireNumberCallback(params, integration.provider);
  // The number-level callback fires only for calls INTO that number (its schema has no Direction).
  const direction = numberCallback ? "inbound" : (params.Direction?.trim().toLowerCase() ?? "");
  const inbound = direction === "inbound";
  const outbound = direction.startsWith("outbound");
  const from = phoneParty(context, params.From, inbound ? "inbound" : null);
  const to = phoneParty(context, params.To, outbound ? "outbound" : null);
  // The other party first: it is who the call is with.
  const parties = (outbound ? [to, from] : [from, to]).filter((p): p is CallParticipant => p !== null);
  if (inbound && to) to.self = true;
  if (outbound && from) from.self = true;
  const numbers = parties.map((p) => p.phone!).filter(Boolean);
  const rawDuration = Number.parseInt(params.CallDuration ?? "", 10);
  const durationSeconds = Number.isFinite(rawDuration) && rawDuration >= 0 ? rawDuration : null;

  if (NOT_YET.has(status)) return { event: null, numbers, durationSeconds: null };
  const isStart = status === "in-progress";
  const isEnd = status === "completed" || MISSED.has(status);
  if (!isStart && !isEnd)
    throw new AppError("bad_request", `CallStatus "${params.CallStatus ?? ""}" is not a Twilio call status`);

  const timestamp = twilioTimestamp(params.Timestamp);
  const at = timestamp ?? receivedAt;
  const source = integration.provider === "signalwire" ? "signalwire" : "twilio";
  const base = {
    accountId: context.accountId,
    userId: userOfCall(context, parties, integration.userId),
    source,
    eventId: `${callSid}:${isStart ? "in-progress" : status}`,
    externalCallId: params.ParentCallSid?.trim() || callSid,
    at,
    platform: "phone",
    participants: parties,
  } satisfies Partial<CaptureEvent>;
  if (isStart) return { event: { ...base, kind: "started" }, numbers, durationSeconds: null };
  const missed = MISSED.has(status);
  const seconds = missed ? 0 : (durationSeconds ?? null);
  const times = numberCallback
    ? // Timestamp is when the call was created: it started then and ended CallDuration later.
      { at: timestamp && seconds !== null ? new Date(timestamp.getTime() + seconds * 1000) : at, startedAt: timestamp }
    : { at, startedAt: timestamp && seconds !== null ? new Date(timestamp.getTime() - seconds * 1000) : null };
  return {
    event: {
      ...base,
      kind: "ended",
      durationSeconds: seconds,
      ...times,
      ...(missed ? { missed: true } : {}),
    },
    numbers,
    durationSeconds: seconds,
  };
}
