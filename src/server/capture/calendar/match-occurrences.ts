import { sql } from "drizzle-orm";
import type { OwnContacts } from "../../../core/capture/choose-client.js";
import { emailDomain, normaliseEmail } from "../../../core/capture/email-address.js";
import { ownContactsOf } from "../capture-queries.js";
import { matchCallClient } from "../match-call-client.js";
import type { Db } from "../../db/client.js";
import { rowsOf } from "../../db/statement-names.js";
import { plainRunner } from "../../db/transaction-statements.js";
import { accounts, clientIdentities, clients } from "../../db/schema/index.js";
import type { FeedOccurrence } from "./feed-occurrence.js";

/**
 * Which client each meeting is with, by the capture pipeline's own matching
 * (capture/match-call-client.ts over core/capture/choose-client.ts: exact email, then a client's
 * own non-public domain; the account's users are never candidates). The account's users' addresses
 * are marked `self`. A series repeats its attendees, so each distinct set is matched once per poll,
 * and a set with no address or domain any client has (most of a busy calendar) is not asked at all:
 * the account's client addresses are read once (an ICS attendee has only an email, so only the email
 * and domain rules can find anyone).
 */
export type MatchedOccurrence = FeedOccurrence & { clientId: number | null };

export async function matchOccurrences(
  db: Db,
  accountId: number,
  occurrences: readonly FeedOccurrence[],
): Promise<MatchedOccurrence[]> {
  const run = plainRunner(db);
  const [context] = rowsOf(
    await db.execute(sql`select a.phone_country as country, ${ownContactsOf(sql.raw("a.id"))} as own
      from ${accounts} a where a.id = ${accountId}`),
  ) as { country: string; own: OwnContacts | string }[];
  if (!context) return [];
  const own = (typeof context.own === "string" ? JSON.parse(context.own) : context.own) as OwnContacts;
  const ownEmails = new Set(
    own.emails.flatMap((email) => {
      const normalised = email ? normaliseEmail(email) : null;
      return normalised ? [normalised] : [];
    }),
  );
  const known = await clientAddresses(db, accountId);
  const mayMatch = (emails: string[]) => emails.some((email) => known.emails.has(email) || known.domains.has(emailDomain(email)));
  const byAttendees = new Map<string, Promise<number | null>>();
  const matched: MatchedOccurrence[] = [];
  for (const occurrence of occurrences) {
    const attendees = occurrence.attendees.map((person) =>
      person.email && ownEmails.has(normaliseEmail(person.email) ?? "") ? { ...person, self: true } : person,
    );
    const emails = attendees.flatMap((person) =>
      !person.self && person.email ? [normaliseEmail(person.email) ?? person.email] : [],
    );
    const setKey = [...emails].sort().join(",");
    let clientId = byAttendees.get(setKey);
    if (clientId === undefined && !mayMatch(emails)) clientId = Promise.resolve(null);
    if (clientId === undefined) {
      clientId = matchCallClient(run, { accountId, country: context.country, participants: attendees, previous: [], own }).then(
        (result) => result.current,
      );
      byAttendees.set(setKey, clientId);
    }
    matched.push({ ...occurrence, attendees, clientId: await clientId });
  }
  return matched;
}

/** Every address (lower case) of the account's active clients and their remembered identities, and their domains. */
async function clientAddresses(db: Db, accountId: number): Promise<{ emails: Set<string>; domains: Set<string> }> {
  const rows = rowsOf(
    await db.execute(sql`
      select lower(k.email) as email from ${clients} k
      where k.account_id = ${accountId} and k.archived_at is null and k.email is not null
      union
      select i.value from ${clientIdentities} i join ${clients} k on k.id = i.client_id
      where i.account_id = ${accountId} and i.kind = 'email' and k.archived_at is null`),
  ) as { email: string }[];
  const emails = new Set(rows.map((row) => row.email));
  return { emails, domains: new Set([...emails].map(emailDomain)) };
}
