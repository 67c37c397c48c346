import { normaliseEmail } from "../../core/capture/email-address.js";
import type { OwnContacts } from "../../core/capture/choose-client.js";
import { toE164 } from "../../core/phone-numbers.js";
import type { CallParticipant } from "../db/schema/calls.js";

/** A webinar can report thousands; a call keeps the first hundred people it heard of. */
export const MAX_PARTICIPANTS = 100;

/**
 * The call's participants with an event's added: emails in lower case, numbers in E.164 (read in
 * the account's country; kept as received when they cannot be read), one entry per person (same
 * email or same number, else same name when neither is known), each entry completed with what the
 * new report adds, and the account's own users marked `self`. Returns the stored list itself when
 * nothing is new, so the caller can tell by identity.
 */
export function mergeParticipants(
  stored: readonly CallParticipant[],
  incoming: readonly CallParticipant[],
  country: string,
  own: OwnContacts,
): readonly CallParticipant[] {
  const ownEmails = new Set(own.emails.flatMap((email) => (email ? [normaliseEmail(email)] : [])));
  const ownPhones = new Set(own.phones.flatMap((phone) => (phone ? [toE164(phone, country)] : [])));
  const merged = stored.map((participant) => ({ ...participant }));
  let changed = false;
  for (const raw of incoming) {
    const person = normalise(raw, country);
    if (!person) continue;
    if ((person.email && ownEmails.has(person.email)) || (person.phone && ownPhones.has(person.phone))) person.self = true;
    const same = merged.find((known) => isSamePerson(known, person));
    if (same) {
      for (const key of ["name", "email", "phone", "direction"] as const) {
        if (!same[key] && person[key]) {
          Object.assign(same, { [key]: person[key] });
          changed = true;
        }
      }
      if (person.self && !same.self) {
        same.self = true;
        changed = true;
      }
    } else if (merged.length < MAX_PARTICIPANTS) {
      merged.push(person);
      changed = true;
    }
  }
  return changed ? merged : stored;
}

function normalise(raw: CallParticipant, country: string): CallParticipant | null {
  const name = raw.name?.trim().slice(0, 200) || null;
  const email = raw.email ? (normaliseEmail(raw.email) ?? raw.email.trim().slice(0, 320)) || null : null;
  const phone = raw.phone ? (toE164(raw.phone, country) ?? raw.phone.trim().slice(0, 64)) || null : null;
  if (!name && !email && !phone) return null;
  return {
    ...(name ? { name } : {}),
    ...(email ? { email } : {}),
    ...(phone ? { phone } : {}),
    ...(raw.direction ? { direction: raw.direction } : {}),
    ...(raw.self ? { self: true } : {}),
  };
}

function isSamePerson(a: CallParticipant, b: CallParticipant): boolean {
  if (a.email && b.email) return a.email === b.email;
  if (a.phone && b.phone) return a.phone === b.phone;
  if (a.email || b.email || a.phone || b.phone) return false;
  return Boolean(a.name && b.name && a.name.toLowerCase() === b.name.toLowerCase());
}
