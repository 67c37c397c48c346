import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { SyncDateRange } from "../../core/contracts/financial-integrations.js";
import type { InvoiceLineRow } from "./exports/invoice-line-row.js";
import type { Db } from "../db/client.js";
import { accounts, clients, invoiceItems, invoices } from "../db/schema/index.js";

/**
 * Statuses the file exports read: issued invoices only (a draft can still change or be deleted).
 * Void invoices are included so a book that imported the invoice can reverse it and the number
 * sequence shows no gap; the status column says which they are, and the revenue export leaves them out.
 */
export const EXPORTED_INVOICE_STATUSES = ["sent", "paid", "void"] as const;

/**
 * One row per invoice line of the account's issued invoices whose issue date falls in the range
 * (both ends optional and inclusive), oldest first, lines in invoice order. The one query behind the
 * CSV export, the revenue export and the Timberline import file.
 */
export async function findInvoiceLinesForExport(db: Db, accountId: number, range: SyncDateRange = {}): Promise<InvoiceLineRow[]> {
  const rows = await db
    .select({
      invoiceId: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      invoiceStatus: invoices.status,
      issueDate: invoices.issuedOn,
      dueDate: invoices.dueOn,
      paidAt: sql<string | null>`to_char(${invoices.paidAt} at time zone ${accounts.timezone}, 'YYYY-MM-DD')`,
      currency: invoices.currency,
      clientId: clients.id,
      clientName: clients.name,
      clientEmail: clients.email,
      position: invoiceItems.position,
      lineKind: invoiceItems.kind,
      description: invoiceItems.description,
      workDate: invoiceItems.workDate,
      billedSeconds: invoiceItems.billedSeconds,
      billingType: invoiceItems.billingType,
      rateCents: invoiceItems.rateCents,
      amountCents: invoiceItems.amountCents,
      invoiceTotalMinor: invoices.totalCents,
    })
    .from(invoiceItems)
    .innerJoin(invoices, and(eq(invoices.id, invoiceItems.invoiceId), eq(invoices.accountId, invoiceItems.accountId)))
    .innerJoin(clients, and(eq(clients.id, invoices.clientId), eq(clients.accountId, invoices.accountId)))
    .innerJoin(accounts, eq(accounts.id, invoices.accountId))
    .where(
      and(
        eq(invoiceItems.accountId, accountId),
        eq(invoices.accountId, accountId),
        inArray(invoices.status, [...EXPORTED_INVOICE_STATUSES]),
        range.from ? gte(invoices.issuedOn, range.from) : undefined,
        range.to ? lte(invoices.issuedOn, range.to) : undefined,
      ),
    )
    .orderBy(asc(invoices.issuedOn), asc(invoices.sequence), asc(invoiceItems.position), asc(invoiceItems.id));

  const lineNumbers = new Map<number, number>();
  return rows.map((row) => {
    const lineNumber = (lineNumbers.get(row.invoiceId) ?? 0) + 1;
    lineNumbers.set(row.invoiceId, lineNumber);
    const timed = row.billingType !== "call";
    return {
      invoiceId: row.invoiceId,
      invoiceNumber: row.invoiceNumber,
      invoiceStatus: row.invoiceStatus,
      issueDate: row.issueDate,
      dueDate: row.dueDate,
      paidAt: row.paidAt,
      currency: row.currency,
      clientId: row.clientId,
      clientName: row.clientName,
      clientEmail: row.clientEmail,
      lineNumber,
      lineKind: row.lineKind,
      description: row.description,
      workDate: row.workDate,
      minutes: timed ? row.billedSeconds / 60 : null,
      // Per hour whatever the line's unit, so one column compares every line.
      rateMinor: !timed ? null : row.billingType === "minute" ? row.rateCents * 60 : row.rateCents,
      amountMinor: row.amountCents,
      invoiceTotalMinor: row.invoiceTotalMinor,
    };
  });
}
