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
 *
 * Identities (docs/teams.md "Who took part"): Graph stopped filling `organizer` on
 * 2026-06-30; `organizer_v2` is expanded by default and, in Microsoft's own example, names the user
 * by Entra id and display name without a userPrincipalName, which the same user's participants_v2
 * entry does carry. So people are merged per Entra user id (phone and guest ids likewise): the first
 * non-empty email, phone and name win. The integration's owner is recognised by the Entra object id
 * stored at connect (teams-owner.ts), else by address.
 */
export type TeamsOwner = {
  accountId: number;
  userId: number | null;
  ownerEmail: string | null;
  /** The owner's Entra (Azure AD) object id, looked up at connect; null when it could not be. */
  ownerObjectId?: string | null;
};

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

/** Who an identity is across organizer_v2 and participants_v2: its Entra user id (or phone / guest id). */
function identityKey(identity: GraphIdentitySet): string | null {
  const user = clip(identity.user?.id);
  if (user) return `user:${user.toLowerCase()}`;
  const phone = clip(identity.phone?.id);
  if (phone) return `phone:${phone}`;
  const guest = clip(identity.guest?.id);
  return guest ? `guest:${guest}` : null;
}

type Person = { key: string | null; entraId: string | null; name: string | null; email: string | null; phone: string | null };

function personOf(identity: GraphIdentitySet): Person {
  return {
    key: identityKey(identity),
    entraId: clip(identity.user?.id)?.toLowerCase() ?? null,
    name: clip(identity.user?.displayName ?? identity.phone?.displayName ?? identity.guest?.displayName),
    email: emailOf(identity),
    phone: clip(identity.phone?.id),
  };
}

/** Every identity of the record, one per person, each completed from all its entries (first non-empty wins). */
export function mergeIdentities(identities: readonly GraphIdentitySet[]): Person[] {
  const people: Person[] = [];
  const byKey = new Map<string, Person>();
  for (const identity of identities) {
    const person = personOf(identity);
    const known = person.key ? byKey.get(person.key) : undefined;
    if (known) {
      known.name ??= person.name;
      known.email ??= person.email;
      known.phone ??= person.phone;
      continue;
    }
    people.push(person);
    if (person.key) byKey.set(person.key, person);
  }
  return people;
}

export function callRecordEvents(
  owner: TeamsOwner,
  record: GraphCallRecord,
  participants: GraphParticipant[],
  arrivedAt: Date,
): CaptureEvent[] {
  const ownerEmail = owner.ownerEmail ? normaliseEmail(owner.ownerEmail) : null;
  const ownerId = owner.ownerObjectId?.trim().toLowerCase() || null;
  const organizer = record.organizer_v2?.identity ?? record.organizer ?? null;
  const identities = [...(organizer ? [organizer] : []), ...participants.flatMap((p) => (p.identity ? [p.identity] : []))];
  const isOwner = (person: Person) =>
    (ownerId !== null && person.entraId === ownerId) || (ownerEmail !== null && person.email === ownerEmail);

  const people: CallParticipant[] = [];
  const seen = new Set<string>();
  for (const person of mergeIdentities(identities)) {
    if (!person.email && !person.phone && !person.name) continue;
    // Without any id, two entries with the same details are one person.
    const fallbackKey = `${person.email}|${person.phone}|${person.name}`;
    if (!person.key && seen.has(fallbackKey)) continue;
    seen.add(fallbackKey);
    people.push({
      name: person.name,
      email: person.email,
      phone: person.phone,
      ...(isOwner(person) ? { self: true } : {}),
    });
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
