import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { clients, invoiceItems, invoices } from "../../db/schema/index.js";
import type { AccountingCustomer, AccountingInvoice, AccountingPayment } from "../provider.js";

/**
 * The local invoice, its client and its lines, in the shapes providers take (accounting/provider.ts):
 * amounts in integer minor units, currency upper case, dates YYYY-MM-DD (UTC).
 */
export type InvoiceRow = typeof invoices.$inferSelect;
export type ClientRow = typeof clients.$inferSelect;
export type InvoiceItemRow = typeof invoiceItems.$inferSelect;
export type LocalInvoice = { invoice: InvoiceRow; client: ClientRow; items: InvoiceItemRow[] };

/** Statuses an accounting system hears about: drafts never leave Minutely. */
export const PUSHED_STATUSES = ["sent", "paid", "void"] as const;
export type PushedStatus = (typeof PUSHED_STATUSES)[number];

export function isPushedStatus(status: string): status is PushedStatus {
  return (PUSHED_STATUSES as readonly string[]).includes(status);
}

export async function loadLocalInvoice(db: Db, accountId: number, invoiceId: number): Promise<LocalInvoice | null> {
  const [row] = await db
    .select({ invoice: invoices, client: clients })
    .from(invoices)
    .innerJoin(clients, and(eq(clients.id, invoices.clientId), eq(clients.accountId, invoices.accountId)))
    .where(and(eq(invoices.accountId, accountId), eq(invoices.id, invoiceId)))
    .limit(1);
  if (!row) return null;
  // Voided invoices keep their lines (released, but still the record of what was billed).
  const items = await db
    .select()
    .from(invoiceItems)
    .where(and(eq(invoiceItems.accountId, accountId), eq(invoiceItems.invoiceId, invoiceId)))
    .orderBy(asc(invoiceItems.position));
  return { ...row, items };
}

export async function loadLocalClient(db: Db, accountId: number, clientId: number): Promise<ClientRow | null> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.accountId, accountId), eq(clients.id, clientId)))
    .limit(1);
  return row ?? null;
}

export function toAccountingCustomer(client: ClientRow): AccountingCustomer {
  return { localId: client.id, name: client.name, email: client.email, company: client.company, phone: client.phone };
}

/** The invoice's content as pushed (status aside: paid and void are their own operations). */
export function toAccountingInvoice(local: LocalInvoice, customerRemoteId: string): AccountingInvoice {
  const { invoice, items } = local;
  return {
    localId: invoice.id,
    number: invoice.invoiceNumber,
    issueDate: invoice.issuedOn,
    dueDate: invoice.dueOn,
    currency: invoice.currency.toUpperCase(),
    customerRemoteId,
    lines: items.map((item) => ({
      description: item.description,
      minutes: Math.round(item.billedSeconds / 60),
      amountMinor: item.amountCents,
      date: item.workDate,
    })),
    totalMinor: invoice.totalCents,
    status: isPushedStatus(invoice.status) ? invoice.status : "sent",
    memo: `Minutely invoice ${invoice.invoiceNumber}, work from ${invoice.dateFrom} to ${invoice.dateTo}`,
  };
}

export function toAccountingPayment(
  local: LocalInvoice,
  remote: { invoiceRemoteId: string; customerRemoteId: string },
): AccountingPayment {
  const { invoice } = local;
  return {
    localId: invoice.id,
    invoiceRemoteId: remote.invoiceRemoteId,
    customerRemoteId: remote.customerRemoteId,
    amountMinor: invoice.totalCents,
    currency: invoice.currency.toUpperCase(),
    paidOn: (invoice.paidAt ?? invoice.updatedAt).toISOString().slice(0, 10),
    reference: `Payment of ${invoice.invoiceNumber}`,
  };
}

/** What decides whether the invoice must be pushed again: everything but the status. */
export function invoiceContent(invoice: AccountingInvoice): Omit<AccountingInvoice, "status"> {
  const { status: _status, ...content } = invoice;
  return content;
}
