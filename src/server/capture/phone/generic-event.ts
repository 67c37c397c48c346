import type { PhoneWebhookEvent } from "../../../core/contracts/phone-webhook.js";
import type { CallParticipant } from "../../db/schema/calls.js";
import type { CaptureEvent, CaptureKind } from "../capture-event.js";
import { normalisedNumber, type PhoneContext, phoneParty, userOfCall } from "./phone-context.js";

const KIND_OF: Record<PhoneWebhookEvent["event"], CaptureKind> = {
  "call.started": "started",
  "participant.joined": "participant",
  "call.ended": "ended",
};

/**
 * The generic webhook's body (docs/capture-webhook.md) → a capture event of source "webhook". The
 * other party is `from` on inbound calls and `to` on outbound ones; without a direction both are
 * candidates, and the practice's own numbers are flagged `self` either way.
 */
export function genericCaptureEvent(
  body: PhoneWebhookEvent,
  context: PhoneContext,
  integration: { userId: number | null },
): { event: CaptureEvent; numbers: string[] } {
  const direction = body.direction ?? null;
  const from = phoneParty(context, body.from, direction === "inbound" ? "inbound" : null);
  const to = phoneParty(context, body.to, direction === "outbound" ? "outbound" : null);
  if (direction === "inbound" && to) to.self = true;
  if (direction === "outbound" && from) from.self = true;
  const parties = (direction === "outbound" ? [to, from] : [from, to]).filter((p): p is CallParticipant => p !== null);
  for (const person of body.participants ?? []) {
    const phone = normalisedNumber(context, person.phone);
    const email = person.email?.trim().toLowerCase() || null;
    const name = person.name?.trim() || null;
    if (!phone && !email && !name) continue;
    parties.push({ name, email, phone, ...(phone && context.ownNumbers.has(phone) ? { self: true } : {}) });
  }
  const kind = KIND_OF[body.event];
  const event: CaptureEvent = {
    accountId: context.accountId,
    userId: userOfCall(context, parties, integration.userId),
    source: "webhook",
    eventId: body.eventId,
    externalCallId: body.callId,
    kind,
    at: new Date(body.occurredAt),
    platform: "phone",
    participants: parties,
    ...(kind === "ended"
      ? {
          durationSeconds: body.missed ? 0 : (body.durationSeconds ?? null),
          startedAt: body.startedAt ? new Date(body.startedAt) : null,
          ...(body.missed ? { missed: true } : {}),
        }
      : {}),
  };
  return { event, numbers: parties.map((p) => p.phone).filter((p): p is string => Boolean(p)) };
}
