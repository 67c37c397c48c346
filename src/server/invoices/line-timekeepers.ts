import { and, eq, inArray } from "drizzle-orm";
import { showsTimekeepers } from "../../core/invoice-timekeepers.js";
import type { Db } from "../db/client.js";
import { invoiceItems } from "../db/schema/index.js";
import { currentMembers, findPracticePeople } from "../team/people.js";

/**
 * Issue 26 §2: who each invoice line names, for the invoice screen and the PDF (LEDES reads the same recorded
 * member: legal-billing/load-ledes-invoice.ts). The rule of when to name them is core/invoice-timekeepers.ts.
 */
export type LineTimekeepers = {
  /** Whether this invoice names its lines' members (more than one on it, or in the practice). */
  shown: boolean;
  /** The line's member's name; null for a line recorded with no member. */
  nameOf: (userId: number | null) => string | null;
};

/** The timekeepers of one invoice's lines. */
export async function findLineTimekeepers(
  db: Db,
  accountId: number,
  lineUserIds: readonly (number | null)[],
): Promise<LineTimekeepers> {
  const people = await findPracticePeople(db, accountId);
  const names = new Map(people.map((person) => [person.id, person.name]));
  return {
    shown: showsTimekeepers({ lineUserIds, practiceMembers: currentMembers(people) }),
    nameOf: (userId) => (userId === null ? null : (names.get(userId) ?? null)),
  };
}

/**
 * The members each of these invoices names, ordered by member id (empty where the invoice names
 * nobody: a solo practice's). One query of the invoices' distinct line members, one of the practice's people.
 */
export async function findInvoicesTimekeepers(
  db: Db,
  accountId: number,
  invoiceIds: readonly number[],
): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (invoiceIds.length === 0) return result;
  const rows = await db
    .selectDistinct({ invoiceId: invoiceItems.invoiceId, userId: invoiceItems.userId })
    .from(invoiceItems)
    .where(and(eq(invoiceItems.accountId, accountId), inArray(invoiceItems.invoiceId, [...invoiceIds])))
    .orderBy(invoiceItems.invoiceId, invoiceItems.userId);
  const people = await findPracticePeople(db, accountId);
  const names = new Map(people.map((person) => [person.id, person.name]));
  const practiceMembers = currentMembers(people);
  const byInvoice = new Map<number, (number | null)[]>();
  for (const row of rows) byInvoice.set(row.invoiceId, [...(byInvoice.get(row.invoiceId) ?? []), row.userId]);
  for (const invoiceId of invoiceIds) {
    const lineUserIds = byInvoice.get(invoiceId) ?? [];
    const shown = showsTimekeepers({ lineUserIds, practiceMembers });
    const named = lineUserIds.flatMap((userId) => {
      const name = userId === null ? undefined : names.get(userId);
      return name ? [name] : [];
    });
    result.set(invoiceId, shown ? named : []);
  }
  return result;
}
