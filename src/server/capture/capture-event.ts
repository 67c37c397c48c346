import type { CallParticipant } from "../db/schema/calls.js";

/**
 * The one shape every capture source produces (docs/capture-pipeline.md).
 * An adapter verifies a delivery (raw body, signature, freshness), resolves the account and user
 * from the verified credentials (never from the body alone), and turns the delivery into these.
 */
export type CaptureSource = "zoom" | "twilio" | "signalwire" | "sms" | "webhook" | "teams" | "meet" | "calendar" | "desktop";

export type CaptureKind = "started" | "participant" | "ended";

export type CaptureEvent = {
  accountId: number;
  /** The account's user the call belongs to (the integration's owner, or the user whose number texted). */
  userId: number | null;
  source: CaptureSource;
  /** The provider's id for this delivery: the idempotency key (unique per source and account). */
  eventId: string;
  /** The provider's id for the conversation (meeting uuid, CallSid …): one call per (account, source, id). */
  externalCallId: string;
  kind: CaptureKind;
  /** When the provider says it happened (not when it arrived). */
  at: Date;
  /** On an `ended` event, the provider's own start when it knows it (else `at` minus `durationSeconds`). */
  startedAt?: Date | null;
  /** On an `ended` event, the provider's own length in seconds (Twilio CallDuration) when it knows it. */
  durationSeconds?: number | null;
  /**
   * On an `ended` event: the provider says the call never connected (busy, no answer, failed, cancelled).
   * Such a call is discarded like one shorter than the account's minimum capture length.
   */
  missed?: boolean;
  /** The call's platform as the calls list shows it: "zoom", "phone", … */
  platform: string;
  /** Meeting topic or SMS note, kept as the call's description. */
  topic?: string | null;
  /** A client the user named explicitly (an SMS `CALL_START Jane Doe`): wins over matching when it is in the account. */
  clientId?: number | null;
  participants: CallParticipant[];
};

/** What recording one event did: for the adapter's answer and the tests. */
export type CaptureOutcome = {
  /** duplicate: the event id was seen before; ignored: valid but changes nothing (late start of an ended call, too short). */
  result: "created" | "updated" | "duplicate" | "ignored";
  callId: number | null;
  /** The webhook delivery's count, when the event's last statement made it (capture-queries.ts FinishCount). */
  count?: number;
};
