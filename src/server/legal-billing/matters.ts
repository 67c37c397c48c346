import { and, asc, eq, isNotNull } from "drizzle-orm";
import { AppError, conflict, notFound } from "../../core/errors.js";
import type { MatterJson } from "../../core/contracts/legal-billing.js";
import type { Db } from "../db/client.js";
import { invoiceItems, invoices, legalLineCodes, matters } from "../db/schema/index.js";
import { getClient } from "../clients/get-client.js";
import { isUniqueViolation } from "../http/database-errors.js";

type MatterRow = typeof matters.$inferSelect;
export type MatterInput = { lawFirmMatterId: string; clientMatterId: string; description: string };

export const presentMatter = (row: MatterRow): MatterJson => ({
  id: row.id,
  clientId: row.clientId,
  lawFirmMatterId: row.lawFirmMatterId,
  clientMatterId: row.clientMatterId,
  description: row.description,
});

const DUPLICATE = (number: string) => `This client already has a matter numbered ${number}`;

/** A client's matters in the order they were created (another account's client is a 404). */
export async function findClientMatters(db: Db, options: { accountId: number; clientId: number }): Promise<MatterRow[]> {
  await getClient(db, options);
  return db
    .select()
    .from(matters)
    .where(and(eq(matters.accountId, options.accountId), eq(matters.clientId, options.clientId)))
    .orderBy(asc(matters.id));
}

/** One matter of the account, or 404. */
export async function getMatter(db: Db, options: { accountId: number; matterId: number }): Promise<MatterRow> {
  const [row] = await db
    .select()
    .from(matters)
    .where(and(eq(matters.accountId, options.accountId), eq(matters.id, options.matterId)));
  if (!row) throw notFound("Matter");
  return row;
}

/** A matter chosen for a line or as a default must be one of that client's (400 otherwise, 404 for an unknown id). */
export async function requireClientMatter(
  db: Db,
  options: { accountId: number; clientId: number; matterId: number | null },
): Promise<void> {
  if (options.matterId === null) return;
  const matter = await getMatter(db, { accountId: options.accountId, matterId: options.matterId });
  if (matter.clientId !== options.clientId) throw new AppError("bad_request", "That matter belongs to another client");
}

export async function createMatter(
  db: Db,
  options: { accountId: number; clientId: number; input: MatterInput; now: Date },
): Promise<MatterRow> {
  await getClient(db, options);
  try {
    const [row] = await db
      .insert(matters)
      .values({
        accountId: options.accountId,
        clientId: options.clientId,
        ...options.input,
        createdAt: options.now,
        updatedAt: options.now,
      })
      .returning();
    if (!row) throw new Error("matter insert returned nothing");
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE(options.input.lawFirmMatterId));
    throw error;
  }
}

export async function updateMatter(
  db: Db,
  options: { accountId: number; matterId: number; input: MatterInput; now: Date },
): Promise<MatterRow> {
  await getMatter(db, options);
  try {
    const [row] = await db
      .update(matters)
      .set({ ...options.input, updatedAt: options.now })
      .where(and(eq(matters.accountId, options.accountId), eq(matters.id, options.matterId)))
      .returning();
    if (!row) throw notFound("Matter");
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE(options.input.lawFirmMatterId));
    throw error;
  }
}

/**
 * Deletes a matter no invoice line names (calls and emails that named it go back to the client's
 * default); one on an invoice is refused with the invoice's number, since the invoice's file must
 * keep meaning what it said.
 */
export async function deleteMatter(db: Db, options: { accountId: number; matterId: number }): Promise<{ message: string }> {
  const matter = await getMatter(db, options);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .select({ invoiceNumber: invoices.invoiceNumber })
      .from(legalLineCodes)
      .innerJoin(invoiceItems, eq(invoiceItems.id, legalLineCodes.invoiceItemId))
      .innerJoin(invoices, eq(invoices.id, invoiceItems.invoiceId))
      .where(
        and(
          eq(legalLineCodes.accountId, options.accountId),
          eq(legalLineCodes.matterId, matter.id),
          isNotNull(legalLineCodes.invoiceItemId),
        ),
      )
      .limit(1);
    if (used) throw conflict(`Matter ${matter.lawFirmMatterId} is on invoice ${used.invoiceNumber}; it cannot be deleted`);
    await tx.delete(matters).where(and(eq(matters.accountId, options.accountId), eq(matters.id, matter.id)));
    return { message: `Matter ${matter.lawFirmMatterId} deleted` };
  });
}
