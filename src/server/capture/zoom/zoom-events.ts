import { z } from "zod";
import { text } from "../../../core/contracts/common.js";
import type { CallParticipant } from "../../db/schema/calls.js";
import type { CaptureEvent } from "../capture-event.js";

/**
 * Zoom's webhook bodies (docs/capture-pipeline.md) → what the adapter does with them. Only the
 * fields we use are read; everything else Zoom sends is ignored. Runs after the signature check.
 */

/** Who the events belong to: resolved from the webhook URL's token, never from the body. */
export type ZoomOwner = { accountId: number; userId: number | null; ownerEmail: string | null };

export type ZoomDelivery =
  | { kind: "url_validation"; plainToken: string }
  | { kind: "events"; events: CaptureEvent[]; zoomAccountId: string | null }
  | { kind: "ignored"; reason: string };

const ZOOM_MAX_TEXT = 500;
const shortText = text().max(ZOOM_MAX_TEXT);
/** A Zoom time: ISO 8601 ("2023-11-14T22:13:20Z"); unreadable ones fall back to event_ts. */
const zoomTime = text().max(64).optional().nullable();
/** Zoom ids are strings, but meeting `id` is a number in most payloads. */
const zoomId = z.union([shortText, z.number()]).transform(String);

const participantSchema = z.object({
  id: zoomId.optional().nullable(),
  user_id: zoomId.optional().nullable(),
  participant_user_id: zoomId.optional().nullable(),
  user_name: shortText.optional().nullable(),
  email: shortText.optional().nullable(),
  phone_number: shortText.optional().nullable(),
  join_time: zoomTime,
});

const meetingSchema = z.object({
  id: zoomId.optional().nullable(),
  uuid: shortText.min(1),
  host_id: zoomId.optional().nullable(),
  topic: shortText.optional().nullable(),
  start_time: zoomTime,
  end_time: zoomTime,
  participant: participantSchema.optional().nullable(),
});

const envelopeSchema = z.object({
  event: shortText,
  event_ts: z.number().int().nonnegative().optional().nullable(),
  payload: z
    .object({ object: z.unknown().optional(), plainToken: shortText.optional(), account_id: shortText.optional().nullable() })
    .loose()
    .optional()
    .nullable(),
});

const KINDS = {
  "meeting.started": "started",
  "meeting.participant_joined": "participant",
  "meeting.ended": "ended",
} as const;

/**
 * What is wrong with payload.object, naming the field: a missing uuid says so; a topic (or any other
 * field) too long or of the wrong kind names that field, not the uuid (docs/security.md).
 */
function meetingProblem(event: string, object: unknown, error: z.ZodError): string {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join(".");
  if (!object || typeof object !== "object" || !issue || !field || field === "uuid")
    return `${event} needs payload.object with the meeting's uuid`;
  const tooLong = issue.code === "too_big" && typeof issue.maximum === "number";
  return tooLong
    ? `${event}: payload.object.${field} is longer than ${issue.maximum} characters`
    : `${event}: payload.object.${field} is not valid (${issue.message})`;
}

/** Thrown for a signed body that is not the event it says it is: the route answers 400. */
export class ZoomPayloadError extends Error {}

/** An instant from a Zoom time, or null when absent or unreadable (or outside 1900–2200). */
function instantOf(value: string | null | undefined): Date | null {
  return value ? instantOfMs(new Date(value).getTime()) : null;
}

function instantOfMs(ms: number): Date | null {
  if (Number.isNaN(ms) || ms < Date.UTC(1900, 0, 1) || ms > Date.UTC(2200, 11, 31)) return null;
  return new Date(ms);
}

/** A participant as Zoom names them (webhook or report): the one mapping of the live path and reconciliation. */
export type ZoomParticipant = z.infer<typeof participantSchema>;

export function participantOf(
  participant: ZoomParticipant,
  hostId: string | null | undefined,
  ownerEmail: string | null,
): CallParticipant {
  const email = participant.email?.trim().toLowerCase() || null;
  const isHost = Boolean(hostId) && (participant.id === hostId || participant.participant_user_id === hostId);
  const isOwner = Boolean(email) && email === ownerEmail?.toLowerCase();
  return {
    name: participant.user_name?.trim() || null,
    email,
    phone: participant.phone_number?.trim() || null,
    ...(isHost || isOwner ? { self: true } : {}),
  };
}

/**
 * A verified body → URL validation, capture events, or "ignored" (an event type we do not handle).
 * `now` stands in for a missing `event_ts`. Throws ZoomPayloadError for a body that is not JSON or not
 * the shape its event names.
 */
export function parseZoomDelivery(rawBody: string, owner: ZoomOwner, now: Date): ZoomDelivery {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new ZoomPayloadError("The body is not valid JSON");
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) throw new ZoomPayloadError("The body is not a Zoom event: it needs event and payload");
  const { event, event_ts: eventTs, payload } = envelope.data;
  if (event === "endpoint.url_validation") {
    if (!payload?.plainToken) throw new ZoomPayloadError("endpoint.url_validation needs payload.plainToken");
    return { kind: "url_validation", plainToken: payload.plainToken };
  }
  const kind = KINDS[event as keyof typeof KINDS];
  if (!kind) return { kind: "ignored", reason: `Event ${event.slice(0, 80)} is not one Minutely handles` };
  const meeting = meetingSchema.safeParse(payload?.object);
  if (!meeting.success) throw new ZoomPayloadError(meetingProblem(event, payload?.object, meeting.error));
  const object = meeting.data;
  const deliveredAt = (eventTs == null ? null : instantOfMs(eventTs)) ?? now;
  const base = {
    accountId: owner.accountId,
    userId: owner.userId,
    source: "zoom" as const,
    externalCallId: object.uuid,
    kind,
    platform: "zoom",
    topic: object.topic?.trim() || null,
  };
  const idPart = `${event}:${object.uuid}:${eventTs ?? ""}`;
  if (kind === "started") {
    const at = instantOf(object.start_time) ?? deliveredAt;
    return {
      kind: "events",
      zoomAccountId: payload?.account_id ?? null,
      events: [{ ...base, eventId: idPart, at, participants: [] }],
    };
  }
  if (kind === "ended") {
    const at = instantOf(object.end_time) ?? deliveredAt;
    const startedAt = instantOf(object.start_time);
    return {
      kind: "events",
      zoomAccountId: payload?.account_id ?? null,
      events: [{ ...base, eventId: idPart, at, startedAt: startedAt && startedAt <= at ? startedAt : null, participants: [] }],
    };
  }
  const joined = object.participant;
  if (!joined) throw new ZoomPayloadError("meeting.participant_joined needs payload.object.participant");
  const at = instantOf(joined.join_time) ?? deliveredAt;
  const who = joined.user_id ?? joined.participant_user_id ?? joined.id ?? joined.email ?? joined.user_name ?? "";
  return {
    kind: "events",
    zoomAccountId: payload?.account_id ?? null,
    events: [
      {
        ...base,
        eventId: `${idPart}:${who}:${joined.join_time ?? ""}`,
        at,
        participants: [participantOf(joined, object.host_id, owner.ownerEmail)],
      },
    ],
  };
}
