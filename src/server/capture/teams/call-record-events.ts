import { normaliseEmail } from "../../../core/capture/email-address.js";
import type { CallParticipant } from "../../db/schema/calls.js";
import type { CaptureEvent } from "../capture-event.js";
import type { GraphCallRecord, GraphIdentitySet, GraphParticipant } from "./graph.js";

/**
 * A Teams call record (Graph's callRecord with its participants_v2) → the capture events of the one
 * pipeline. A call record is written by Microsoft after the call ended, so it becomes one "ended"
 * event carrying the provider's start: the state machine makes a finished call of it
 * (docs/capture-pipeline.md). The record's version is part of the event id: a corrected record
 * (Graph bumps `version`) is a new event, a repeat of the same version is a duplicate.
 */
export type TeamsOwner = { accountId: number; userId: number | null; ownerEmail: string | null };

const MAX_TEXT = 320;
const clip = (value: string | null | undefined) => {
  const trimmed = value?.replace(/[\0\p{Cs}]/gu, "").trim();
  return trimmed ? trimmed.slice(0, MAX_TEXT) : null;
};

function instantOf(value: string | null | undefined): Date | null {
  if (!value) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms) || ms < Date.UTC(1900, 0, 1) || ms > Date.UTC(2200, 11, 31)) return null;
  return new Date(ms);
}

/** A user's address as Graph gives it: the userPrincipalName (an email-shaped sign-in name). */
function emailOf(identity: GraphIdentitySet): string | null {
  const upn = clip(identity.user?.userPrincipalName);
  return upn?.includes("@") ? normaliseEmail(upn) : null;
}

function participantOf(identity: GraphIdentitySet, ownerEmail: string | null, organizerKey: string | null): CallParticipant {
  const email = emailOf(identity);
  const phone = clip(identity.phone?.id);
  const name = clip(identity.user?.displayName ?? identity.phone?.displayName ?? identity.guest?.displayName);
  const self = (email !== null && email === ownerEmail) || (organizerKey !== null && identityKey(identity) === organizerKey);
  return { name, email, phone, ...(self ? { self: true } : {}) };
}

/** Who an identity is, to recognise the organizer among the participants. */
function identityKey(identity: GraphIdentitySet | null | undefined): string | null {
  if (!identity) return null;
  const id = identity.user?.id ?? identity.phone?.id ?? identity.guest?.id;
  return id ? `${identity.user?.id ? "user" : identity.phone?.id ? "phone" : "guest"}:${id}` : null;
}

/**
 * The organizer counts as the account's own side ("self", never a client) only when the organizer is
 * the integration's owner (same address): with an application permission the subscription sees the
 * whole tenant, and a colleague's meeting is not this user's.
 */
export function callRecordEvents(
  owner: TeamsOwner,
  record: GraphCallRecord,
  participants: GraphParticipant[],
  arrivedAt: Date,
): CaptureEvent[] {
  const ownerEmail = owner.ownerEmail ? normaliseEmail(owner.ownerEmail) : null;
  const organizer = record.organizer_v2?.identity ?? record.organizer ?? null;
  const organizerIsOwner = organizer !== null && ownerEmail !== null && emailOf(organizer) === ownerEmail;
  const organizerKey = organizerIsOwner ? identityKey(organizer) : null;

  const seen = new Set<string>();
  const people: CallParticipant[] = [];
  const identities = [...(organizer ? [organizer] : []), ...participants.map((p) => p.identity).filter((i) => !!i)];
  for (const identity of identities as GraphIdentitySet[]) {
    const person = participantOf(identity, ownerEmail, organizerKey);
    if (!person.email && !person.phone && !person.name) continue;
    const key = identityKey(identity) ?? `${person.email}|${person.phone}|${person.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    people.push(person);
  }

  const end = instantOf(record.endDateTime) ?? arrivedAt;
  const start = instantOf(record.startDateTime);
  return [
    {
      accountId: owner.accountId,
      userId: owner.userId,
      source: "teams",
      eventId: `callRecord:${record.id}:v${record.version ?? 1}`,
      externalCallId: record.id,
      kind: "ended",
      at: end,
      startedAt: start && start <= end ? start : null,
      platform: "teams",
      topic: null,
      participants: people,
    },
  ];
}
