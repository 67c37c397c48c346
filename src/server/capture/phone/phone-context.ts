import { sql } from "drizzle-orm";
import { toE164 } from "../../../core/phone-numbers.js";
import type { CallParticipant } from "../../db/schema/calls.js";
import type { Db } from "../../db/client.js";
import { accounts, integrations, users } from "../../db/schema/index.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import { compiledOnce } from "../../db/compiled-statement.js";
import { prefixedColumns } from "../../db/prefixed-columns.js";
import { queryPrepared } from "../../db/prepared-query.js";
import { parsedJson } from "../capture-queries.js";

export const LANDLINE_KIND = "landline";
export const MOBILE_KIND = "mobile";

/** What an integration row of kind landline or mobile keeps in `config` (nothing secret). */
export type PhoneConfig = {
  phoneNumber?: string | null;
  extension?: string | null;
  accountSid?: string | null;
  /** SignalWire: the space's host, for its REST API. */
  spaceUrl?: string | null;
};

export function phoneConfigOf(row: IntegrationRow | null | undefined): PhoneConfig {
  return (row?.config ?? {}) as PhoneConfig;
}

/**
 * The account's side of a phone event: its country (to read national numbers), time zone and currency
 * (for SMS replies), and every number that is the practice's own (the landline, the mobile, each user's
 * phone-integration number): those are never the client, and they say whose call it is.
 */
export type PhoneContext = {
  accountId: number;
  country: string;
  timezone: string;
  currency: string;
  landline: IntegrationRow | null;
  mobile: IntegrationRow | null;
  /** E.164 of an own number → the user it belongs to (null: the practice's shared line). */
  ownNumbers: Map<string, number | null>;
};

const lineColumns = prefixedColumns(integrations, "i", "i_");
const p = (name: string) => sql.placeholder(name);

/**
 * What loadPhoneContext reads, in one statement (every phone delivery runs it: three queries were three trips):
 * a row per landline or mobile of the account, each with the account's settings and its users' numbers (one
 * row of nulls for the line when it has none; no row when the account does not exist).
 */
const contextStatement = compiledOnce<{ accountId: number }>(
  sql`select a.phone_country as country, a.timezone, a.currency,
      (select coalesce(json_agg(json_build_object('id', u.id, 'phoneNumber', u.phone_number)), '[]'::json)
        from ${users} u where u.account_id = a.id) as people,
      ${sql.raw(lineColumns.list)}
    from ${accounts} a
    left join ${integrations} i on i.account_id = a.id and i.kind in (${LANDLINE_KIND}, ${MOBILE_KIND})
    where a.id = ${p("accountId")}::integer`,
);

/**
 * `owner`: the member whose line received the event (the webhook URL's row): their landline and
 * mobile are the context's; every member's numbers are the practice's own.
 */
export async function loadPhoneContext(db: Db, owner: { accountId: number; userId: number | null }): Promise<PhoneContext> {
  const { accountId } = owner;
  const raws = await queryPrepared(db, contextStatement({ accountId }));
  const account = raws[0] as { country?: string; timezone?: string; currency?: string; people?: unknown } | undefined;
  const rows = raws.map((raw) => lineColumns.read(raw)).filter((row): row is IntegrationRow => row !== null);
  const people = parsedJson<{ id: number; phoneNumber: string | null }[] | null>(account?.people) ?? [];
  const country = account?.country ?? "US";
  const mine = rows.filter((r) => r.userId === owner.userId);
  const landline = mine.find((r) => r.kind === LANDLINE_KIND) ?? null;
  const mobile = mine.find((r) => r.kind === MOBILE_KIND) ?? null;
  const ownNumbers = new Map<string, number | null>();
  const add = (raw: string | null | undefined, userId: number | null) => {
    const number = raw ? toE164(raw, country) : null;
    if (number && (!ownNumbers.has(number) || ownNumbers.get(number) === null)) ownNumbers.set(number, userId);
  };
  for (const person of people) add(person.phoneNumber, person.id);
  for (const row of rows) if (row.kind === MOBILE_KIND) add(phoneConfigOf(row).phoneNumber, row.userId);
  // A landline is a shared office line: its calls fall back to the row's member (userOfCall), not the number.
  for (const row of rows) if (row.kind === LANDLINE_KIND) add(phoneConfigOf(row).phoneNumber, null);
  return {
    accountId,
    country,
    timezone: account?.timezone ?? "UTC",
    currency: account?.currency ?? "usd",
    landline,
    mobile,
    ownNumbers,
  };
}

/** A number as the capture pipeline keeps it: E.164 when it can be read, else as received. */
export function normalisedNumber(context: Pick<PhoneContext, "country">, raw: string | null | undefined): string | null {
  const trimmed = raw?.trim();
  if (!trimmed) return null;
  return toE164(trimmed, context.country) ?? trimmed;
}

/** One party of a phone call, flagged `self` when it is one of the practice's own numbers. */
export function phoneParty(
  context: PhoneContext,
  raw: string | null | undefined,
  direction: "inbound" | "outbound" | null,
): CallParticipant | null {
  const phone = normalisedNumber(context, raw);
  if (!phone) return null;
  return { phone, direction, ...(context.ownNumbers.has(phone) ? { self: true } : {}) };
}

/** The user a call belongs to: the first own number in it that is a user's, else the integration's owner. */
export function userOfCall(context: PhoneContext, parties: CallParticipant[], fallback: number | null): number | null {
  for (const party of parties) {
    const owner = party.phone ? context.ownNumbers.get(party.phone) : undefined;
    if (owner) return owner;
  }
  return fallback;
}

/** Is this (E.164) number the configured mobile's? */
export function isMobileNumber(context: PhoneContext, number: string | null | undefined): boolean {
  const mobileNumber = normalisedNumber(context, phoneConfigOf(context.mobile).phoneNumber);
  return Boolean(number && mobileNumber && number === mobileNumber);
}
