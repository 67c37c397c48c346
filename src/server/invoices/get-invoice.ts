import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { notFound } from "../../core/errors.js";
import type { Db } from "../db/client.js";
import { clients, invoiceItems, invoices } from "../db/schema/index.js";
import type { InvoiceClient, InvoiceItemRow, InvoiceRow } from "./invoice-presenter.js";

export type ClientRow = typeof clients.$inferSelect;

/** "The invoice with this id in this account": the one filter every single-invoice query uses. */
export function invoiceInAccount(accountId: number, invoiceId: number) {
  return and(eq(invoices.accountId, accountId), eq(invoices.id, invoiceId));
}

/** One invoice of the account with its client, or 404 (another account's id included). */
export async function getInvoice(
  db: Db,
  accountId: number,
  invoiceId: number,
): Promise<{ invoice: InvoiceRow; client: ClientRow }> {
  const [row] = await db
    .select({ invoice: invoices, client: clients })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(invoiceInAccount(accountId, invoiceId))
    .limit(1);
  if (!row) throw notFound("Invoice");
  return row;
}

/** The number of the account's invoice with this id ("INV-0007"), or null: the messages that name an invoice a record is on. */
export async function findInvoiceNumber(db: Db, accountId: number, invoiceId: number): Promise<string | null> {
  const [row] = await db
    .select({ invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(invoiceInAccount(accountId, invoiceId))
    .limit(1);
  return row?.invoiceNumber ?? null;
}

/** The invoice's lines in their printed order. */
export async function findInvoiceItems(db: Db, accountId: number, invoiceId: number): Promise<InvoiceItemRow[]> {
  return db
    .select()
    .from(invoiceItems)
    .where(and(eq(invoiceItems.accountId, accountId), eq(invoiceItems.invoiceId, invoiceId)))
    .orderBy(asc(invoiceItems.position));
}

/**
 * The invoices with at least one line by this member (issue 26 §2, the lists' `userId`), or every invoice for
 * null: a lookup of invoice_items_account_user_invoice_idx per invoice.
 */
export function withLineBy(accountId: number, memberId: number | null | undefined): SQL | undefined {
  if (memberId === null || memberId === undefined) return undefined;
  return sql`exists (select 1 from ${invoiceItems} where ${invoiceItems.accountId} = ${accountId} and ${invoiceItems.userId} = ${memberId} and ${invoiceItems.invoiceId} = ${invoices.id})`;
}

/** The account's invoices, newest first, with each client's name and address. */
export async function findInvoices(
  db: Db,
  accountId: number,
  options: { clientId?: number; memberId?: number | null; limit?: number } = {},
): Promise<{ invoice: InvoiceRow; client: InvoiceClient }[]> {
  return db
    .select({ invoice: invoices, client: { name: clients.name, email: clients.email } })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(
      and(
        eq(invoices.accountId, accountId),
        options.clientId === undefined ? undefined : eq(invoices.clientId, options.clientId),
        withLineBy(accountId, options.memberId),
      ),
    )
    .orderBy(desc(invoices.createdAt), desc(invoices.sequence))
    .limit(options.limit ?? 500);
}
