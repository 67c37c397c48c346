import { toE164 } from "../phone-numbers.js";
import { emailDomain, normaliseEmail } from "./email-address.js";
import { isPublicMailDomain } from "./public-mail-domains.js";

/** What matching reads of a call's participant (the stored CallParticipant fits). */
export type MatchParticipant = { email?: string | null; phone?: string | null; self?: boolean };

/** One address or number known for a client: its own email/phone fields, or a remembered identity. */
export type ClientContact = { clientId: number; email?: string | null; phone?: string | null };

/** The account users' own addresses and numbers: never a client's. */
export type OwnContacts = { emails: readonly (string | null)[]; phones: readonly (string | null)[] };

/** What a call's participants offer to match on, the user's own addresses and numbers removed. */
export type MatchKeys = {
  emails: string[];
  phones: string[];
  /** Domains of `emails` that can name a client: not a public mail domain, not the user's own. */
  domains: string[];
};

/**
 * The normalised emails, E.164 numbers and usable domains of the participants who are not the
 * user: those marked `self`, and any address or number of the account's users, are left out.
 */
export function matchKeys(participants: readonly MatchParticipant[], own: OwnContacts, country: string): MatchKeys {
  const ownEmails = new Set(own.emails.map((email) => (email ? normaliseEmail(email) : null)));
  const ownPhones = new Set(own.phones.map((phone) => (phone ? toE164(phone, country) : null)));
  const ownDomains = new Set([...ownEmails].flatMap((email) => (email ? [emailDomain(email)] : [])));
  const emails = new Set<string>();
  const phones = new Set<string>();
  for (const participant of participants) {
    if (participant.self) continue;
    const email = participant.email ? normaliseEmail(participant.email) : null;
    const phone = participant.phone ? toE164(participant.phone, country) : null;
    if ((email && ownEmails.has(email)) || (phone && ownPhones.has(phone))) continue;
    if (email) emails.add(email);
    if (phone) phones.add(phone);
  }
  const domains = new Set(
    [...emails].map(emailDomain).filter((domain) => !isPublicMailDomain(domain) && !ownDomains.has(domain)),
  );
  return { emails: [...emails], phones: [...phones], domains: [...domains] };
}

/**
 * The client a call is with, or null for "Unknown Client": the first
 * rule that finds anyone decides, in this order: an exact email address, an E.164 number, then an
 * email domain that exactly one client has. When that rule finds several clients, the call stays
 * unknown rather than guessing (and no weaker rule is asked). `contacts` may hold any of the
 * account's (not archived) clients' addresses and numbers; the rest are ignored.
 */
export function chooseClient(keys: MatchKeys, contacts: readonly ClientContact[], country: string): number | null {
  const known = contacts.map((contact) => ({
    clientId: contact.clientId,
    email: contact.email ? normaliseEmail(contact.email) : null,
    phone: contact.phone ? toE164(contact.phone, country) : null,
  }));
  const byEmail = new Set(known.filter((c) => c.email && keys.emails.includes(c.email)).map((c) => c.clientId));
  if (byEmail.size > 0) return only(byEmail);
  const byPhone = new Set(known.filter((c) => c.phone && keys.phones.includes(c.phone)).map((c) => c.clientId));
  if (byPhone.size > 0) return only(byPhone);

  const byDomain = new Set<number>();
  for (const domain of keys.domains) {
    const owners = new Set(known.filter((c) => c.email && emailDomain(c.email) === domain).map((c) => c.clientId));
    const owner = only(owners);
    if (owner !== null) byDomain.add(owner);
  }
  return only(byDomain);
}

function only(ids: ReadonlySet<number>): number | null {
  if (ids.size !== 1) return null;
  const [id] = ids;
  return id ?? null;
}
