import { z } from "zod";
import { isoInstant, text } from "./common.js";

/**
 * The documented, HMAC-signed JSON webhook for phone systems without a Twilio-compatible API (vonage,
 * 8x8, ringcentral, pbx, sip, avaya, cisco, other): docs/capture-webhook.md. One POST per event to
 * `/api/webhooks/phone/{token}`; the account comes from the token in the path, never from the body.
 */

/** Unix seconds when the request was signed. */
export const PHONE_WEBHOOK_TIMESTAMP_HEADER = "x-minutely-timestamp";
/** `v1=` + hex HMAC-SHA256(signing secret, "{timestamp}.{raw body}"). */
export const PHONE_WEBHOOK_SIGNATURE_HEADER = "x-minutely-signature";
/** A delivery signed longer ago (or further ahead) than this is refused: replays of an old capture stop here. */
export const PHONE_WEBHOOK_TOLERANCE_SECONDS = 300;

export const PHONE_WEBHOOK_EVENTS = ["call.started", "participant.joined", "call.ended"] as const;
export type PhoneWebhookEventName = (typeof PHONE_WEBHOOK_EVENTS)[number];

const phoneText = text({ error: "A phone number must be text" }).trim().max(40, "A phone number has at most 40 characters");

export const phoneWebhookParticipant = z.object({
  name: text({ error: "participants[].name must be text" }).trim().max(200).optional().nullable(),
  email: text({ error: "participants[].email must be text" }).trim().max(254).optional().nullable(),
  phone: phoneText.optional().nullable(),
});

/** The request body (unknown fields are ignored, so a sender may add its own). */
export const phoneWebhookEvent = z.object({
  /** The sender's id for this delivery: a repeat of the same id is answered `duplicate: true` and changes nothing. */
  eventId: text({ error: "eventId is required" })
    .trim()
    .min(1, "eventId is required")
    .max(200, "eventId has at most 200 characters"),
  /** The sender's id for the conversation: every event of one call carries the same callId. */
  callId: text({ error: "callId is required" }).trim().min(1, "callId is required").max(200, "callId has at most 200 characters"),
  event: z.enum(PHONE_WEBHOOK_EVENTS, { error: `event must be one of ${PHONE_WEBHOOK_EVENTS.join(", ")}` }),
  /** When it happened at the sender (not when it was sent). */
  occurredAt: isoInstant("occurredAt must be an ISO 8601 date and time with Z or an offset"),
  from: phoneText.optional().nullable(),
  to: phoneText.optional().nullable(),
  /** inbound: `from` is the other party; outbound: `to` is. Without it both are candidates. */
  direction: z.enum(["inbound", "outbound"], { error: "direction must be inbound or outbound" }).optional().nullable(),
  /** call.ended: the call's length in seconds. */
  durationSeconds: z
    .number({ error: "durationSeconds must be a number of seconds" })
    .int("durationSeconds must be whole seconds")
    .min(0, "durationSeconds cannot be negative")
    .max(7 * 24 * 3600, "durationSeconds is longer than a week")
    .optional()
    .nullable(),
  /** call.ended: when the call started, if the sender knows. */
  startedAt: isoInstant("startedAt must be an ISO 8601 date and time with Z or an offset").optional().nullable(),
  participants: z.array(phoneWebhookParticipant).max(50, "At most 50 participants per event").optional(),
  /** call.ended: the call never connected (busy, no answer): it is not kept. */
  missed: z.boolean({ error: "missed must be true or false" }).optional(),
});
export type PhoneWebhookEvent = z.infer<typeof phoneWebhookEvent>;

export const phoneWebhookResponse = z.object({
  received: z.literal(true),
  /** The eventId was recorded before: nothing changed. */
  duplicate: z.boolean(),
  /** The call the event made or changed (null when it was ignored, e.g. a missed call). */
  callId: z.number().int().positive().nullable(),
});
export type PhoneWebhookResponse = z.infer<typeof phoneWebhookResponse>;

/** The path token of a phone webhook URL (documentation; an unknown or malformed token is a 404). */
export const webhookTokenParam = z.object({ token: text().describe("The random token of the account's webhook URL") });
/** A token as newWebhookToken makes them (24 random bytes, base64url); anything else cannot name a row. */
export const WEBHOOK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
