import { sql } from "drizzle-orm";
import {
  chooseClient,
  type ClientContact,
  type MatchKeys,
  type MatchParticipant,
  matchKeys,
  type OwnContacts,
} from "../../core/capture/choose-client.js";
import { clientIdentities, clients } from "../db/schema/index.js";
import { CAPTURE_CLIENT_JSON, type CaptureClient, parsedJson } from "./capture-queries.js";
import type { RunStatement } from "../db/transaction-statements.js";
import { compiledOnce } from "../db/compiled-statement.js";

/**
 * The client the call's participants point to now (`current`) and before this event's were added
 * (`previous`), or null (core/capture/choose-client.ts has the rules), with the candidates read
 * (`clients`: pricing and the notification take the chosen one from here, not from another read).
 * Reads, in one statement, only the account's clients (not archived) and remembered identities that
 * share an address, a domain or the last seven digits of a number with a participant, so an account
 * with thousands of clients costs the same as one with ten; `clients.phone` is free text, compared
 * after E.164 parsing.
 */
export async function matchCallClient(
  run: RunStatement,
  options: {
    accountId: number;
    country: string;
    participants: readonly MatchParticipant[];
    previous: readonly MatchParticipant[];
    own: OwnContacts;
  },
): Promise<{ current: number | null; previous: number | null; clients: Map<number, CaptureClient> }> {
  const keys = matchKeys(options.participants, options.own, options.country);
  if (keys.emails.length === 0 && keys.phones.length === 0) return { current: null, previous: null, clients: new Map() };
  const { contacts, clients } = await findContacts(run, options.accountId, keys);
  const previousKeys = matchKeys(options.previous, options.own, options.country);
  return {
    current: chooseClient(keys, contacts, options.country),
    previous: chooseClient(previousKeys, contacts, options.country),
    clients,
  };
}

/** A json array parameter as an array: `= any (…)` of it stays an index condition (client_identities' key). */
const arrayOf = (name: string) => sql`array(select json_array_elements_text(${sql.placeholder(name)}::json))`;

/**
 * Matching's read, compiled once for every count of addresses, domains and numbers
 * (db/compiled-statement.ts): each list is one json parameter, so the text never varies and is
 * prepared once per session instead of compiled by drizzle at every participant event. An empty list
 * matches nothing. A number is compared by its last seven digits (`phoneTails`, '%' before them).
 */
const contactsStatement = compiledOnce<{ accountId: number; emails: string; domains: string; phones: string; phoneTails: string }>(sql`
    select k.id as client_id, k.email, k.phone, ${sql.raw(CAPTURE_CLIENT_JSON)} as client
    from ${clients} k
    where k.account_id = ${sql.placeholder("accountId")} and k.archived_at is null
      and (lower(k.email) = any (${arrayOf("emails")})
        or split_part(lower(k.email), '@', 2) = any (${arrayOf("domains")})
        or regexp_replace(k.phone, '[^0-9]', '', 'g') like any (${arrayOf("phoneTails")}))
    union all
    select k.id, case when i.kind = 'phone' then null else i.value end, case when i.kind = 'phone' then i.value end,
      ${sql.raw(CAPTURE_CLIENT_JSON)}
    from ${clientIdentities} i join ${clients} k on k.id = i.client_id
    where i.account_id = ${sql.placeholder("accountId")} and k.archived_at is null
      and ((i.kind = 'email' and (i.value = any (${arrayOf("emails")}) or split_part(i.value, '@', 2) = any (${arrayOf("domains")})))
        or (i.kind = 'phone' and i.value = any (${arrayOf("phones")})))`);

async function findContacts(
  run: RunStatement,
  accountId: number,
  keys: MatchKeys,
): Promise<{ contacts: ClientContact[]; clients: Map<number, CaptureClient> }> {
  const rows = (await run(
    contactsStatement({
      accountId,
      emails: JSON.stringify(keys.emails),
      domains: JSON.stringify(keys.domains),
      phones: JSON.stringify(keys.phones),
      phoneTails: JSON.stringify(keys.phones.map((phone) => `%${phone.slice(-7)}`)),
    }),
  )) as {
    email: string | null;
    phone: string | null;
    client: unknown;
  }[];
  const found = new Map<number, CaptureClient>();
  const contacts = rows.map((row) => {
    const candidate = parsedJson<CaptureClient>(row.client);
    found.set(candidate.id, candidate);
    return { clientId: candidate.id, email: row.email, phone: row.phone };
  });
  return { contacts, clients: found };
}
