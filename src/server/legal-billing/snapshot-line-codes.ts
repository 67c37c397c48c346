import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { accounts, invoiceItems, invoices, legalLineCodes } from "../db/schema/index.js";
import { isLegalBillingEnabled } from "./legal-settings.js";
import { resolveItemCodes } from "./resolve-item-codes.js";

/**
 * At generation, inside the invoice's transaction: each new line keeps the matter and codes it was
 * billed with (docs/ledes.md), so changing a client's defaults later never changes an invoice's
 * file. Does nothing while legal e-billing is off.
 */
export async function snapshotLegalLineCodes(tx: Db, options: { accountId: number; invoiceId: number }): Promise<void> {
  if (!(await isLegalBillingEnabled(tx, options.accountId))) return;
  const [invoice] = await tx
    .select({ clientId: invoices.clientId, phoneCountry: accounts.phoneCountry })
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.accountId))
    .where(and(eq(invoices.accountId, options.accountId), eq(invoices.id, options.invoiceId)));
  if (!invoice) return;
  const items = await tx
    .select({ id: invoiceItems.id, kind: invoiceItems.kind, sourceId: invoiceItems.sourceId })
    .from(invoiceItems)
    .where(and(eq(invoiceItems.accountId, options.accountId), eq(invoiceItems.invoiceId, options.invoiceId)))
    .orderBy(asc(invoiceItems.position));
  const codes = await resolveItemCodes(tx, {
    accountId: options.accountId,
    clientId: invoice.clientId,
    phoneCountry: invoice.phoneCountry,
    items,
  });
  const rows = items.map((item) => ({ accountId: options.accountId, invoiceItemId: item.id, ...(codes.get(item.id) ?? {}) }));
  // Chunks well under PostgreSQL's bind-parameter limit, as write-invoice.ts does for items.
  for (let start = 0; start < rows.length; start += 2000) {
    await tx.insert(legalLineCodes).values(rows.slice(start, start + 2000));
  }
}
