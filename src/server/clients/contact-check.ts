import { and, eq, isNull, or, sql } from "drizzle-orm";
import { type ContactCheckJson, duplicateWarning, type DuplicateContactJson, unreadablePhoneMessage } from "../../core/contracts/client-import.js";
import { toE164 } from "../../core/phone-numbers.js";
import type { Db } from "../db/client.js";
import { clients } from "../db/schema/index.js";

/** "US" → "the United States"-like names for sentences; the code itself when the runtime has no names. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A phone as the form or a file gives it → E.164 in the account's country, or the sentence saying why not. */
export function checkPhone(raw: string | null | undefined, country: string): { e164: string | null; problem: string | null } {
  const value = raw?.trim() ?? "";
  if (value === "") return { e164: null, problem: null };
  const e164 = toE164(value, country);
  return e164 ? { e164, problem: null } : { e164: null, problem: unreadablePhoneMessage(countryName(country)) };
}

/** A client's contacts as matching compares them. */
export type ClientContacts = { id: number; name: string; email: string | null; phoneE164: string | null };

/** The other clients (not archived) that share the email or the number: a captured call could match either. */
export function findDuplicates(
  candidates: readonly ClientContacts[],
  contact: { email: string | null; phoneE164: string | null },
  excludeId?: number,
): DuplicateContactJson[] {
  const email = contact.email?.trim().toLowerCase() || null;
  const found: DuplicateContactJson[] = [];
  for (const client of candidates) {
    if (client.id === excludeId) continue;
    if (email && client.email?.toLowerCase() === email) found.push({ field: "email", clientId: client.id, clientName: client.name });
    if (contact.phoneE164 && client.phoneE164 === contact.phoneE164)
      found.push({ field: "phone", clientId: client.id, clientName: client.name });
  }
  return found;
}

/**
 * The account's clients (not archived) that could share this email or number, with their numbers
 * read in the account's country: a number is compared on its last seven digits in SQL, then exactly.
 */
export async function findContactCandidates(
  db: Db,
  options: { accountId: number; country: string; email?: string | null; phoneE164?: string | null; all?: boolean },
): Promise<ClientContacts[]> {
  const filters = [];
  if (options.email) filters.push(sql`lower(${clients.email}) = ${options.email.trim().toLowerCase()}`);
  if (options.phoneE164)
    filters.push(sql`regexp_replace(${clients.phone}, '[^0-9]', '', 'g') like ${`%${options.phoneE164.slice(-7)}`}`);
  if (!options.all && filters.length === 0) return [];
  const rows = await db
    .select({ id: clients.id, name: clients.name, email: clients.email, phone: clients.phone })
    .from(clients)
    .where(
      and(
        eq(clients.accountId, options.accountId),
        isNull(clients.archivedAt),
        options.all ? undefined : or(...filters),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    phoneE164: row.phone ? toE164(row.phone, options.country) : null,
  }));
}

/** GET /api/clients/contact-check: the form's check of a phone number and of duplicates across clients. */
export async function checkContact(
  db: Db,
  options: { accountId: number; country: string; email?: string; phone?: string; excludeId?: number },
): Promise<ContactCheckJson> {
  const phone = checkPhone(options.phone, options.country);
  const email = options.email?.trim() || null;
  const candidates = await findContactCandidates(db, { accountId: options.accountId, country: options.country, email, phoneE164: phone.e164 });
  const duplicates = findDuplicates(candidates, { email, phoneE164: phone.e164 }, options.excludeId);
  return { phone, duplicates, warning: duplicateWarning(duplicates) };
}
