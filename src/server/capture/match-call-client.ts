import { type SQL, sql } from "drizzle-orm";
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

function inList(expression: SQL, values: readonly string[]): SQL {
  return sql`${expression} in (${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;
}

async function findContacts(
  run: RunStatement,
  accountId: number,
  keys: MatchKeys,
): Promise<{ contacts: ClientContact[]; clients: Map<number, CaptureClient> }> {
  const email = sql`lower(k.email)`;
  const clientFilters: SQL[] = [];
  if (keys.emails.length) clientFilters.push(inList(email, keys.emails));
  if (keys.domains.length) clientFilters.push(inList(sql`split_part(${email}, '@', 2)`, keys.domains));
  for (const phone of keys.phones)
    clientFilters.push(sql`regexp_replace(k.phone, '[^0-9]', '', 'g') like ${`%${phone.slice(-7)}`}`);

  const identityFilters: SQL[] = [];
  if (keys.emails.length) identityFilters.push(sql`(i.kind = 'email' and ${inList(sql`i.value`, keys.emails)})`);
  if (keys.domains.length)
    identityFilters.push(sql`(i.kind = 'email' and ${inList(sql`split_part(i.value, '@', 2)`, keys.domains)})`);
  if (keys.phones.length) identityFilters.push(sql`(i.kind = 'phone' and ${inList(sql`i.value`, keys.phones)})`);

  const client = sql.raw(CAPTURE_CLIENT_JSON);
  const rows = (await run(sql`
    select k.id as client_id, k.email, k.phone, ${client} as client
    from ${clients} k
    where k.account_id = ${accountId} and k.archived_at is null and (${sql.join(clientFilters, sql` or `)})
    union all
    select k.id, case when i.kind = 'phone' then null else i.value end, case when i.kind = 'phone' then i.value end, ${client}
    from ${clientIdentities} i join ${clients} k on k.id = i.client_id
    where i.account_id = ${accountId} and k.archived_at is null and (${sql.join(identityFilters, sql` or `)})`)) as {
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
