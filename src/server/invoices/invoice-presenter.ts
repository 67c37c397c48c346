import type { BillingType } from "../../core/pricing/rules.js";
import type { InvoiceDetailJson, InvoiceItemJson, InvoiceJson, InvoiceListItemJson } from "../../core/contracts/invoices.js";
import type { InvoiceStatus, InvoiceTemplate } from "../../core/invoices.js";
import { centsToDecimal } from "../../core/money.js";
import type { invoiceItems, invoices } from "../db/schema/index.js";
import type { LineTimekeepers } from "./line-timekeepers.js";

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceItemRow = typeof invoiceItems.$inferSelect;
export type InvoiceClient = { name: string; email: string | null };

/** Invoice row → API JSON: money as decimal strings, instants as ISO strings. */
export function presentInvoice(row: InvoiceRow, client: InvoiceClient): InvoiceJson {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    clientId: row.clientId,
    clientName: client.name,
    clientEmail: client.email,
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    status: row.status as InvoiceStatus,
    template: row.template as InvoiceTemplate,
    totalCalls: row.totalCalls,
    totalEmails: row.totalEmails,
    totalDuration: row.totalDurationSeconds,
    subtotal: centsToDecimal(row.subtotalCents),
    total: centsToDecimal(row.totalCents),
    currency: row.currency,
    issueDate: row.issuedOn,
    dueDate: row.dueOn,
    sentTo: row.sentTo,
    sentAt: row.sentAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An invoice in a list, with the members it names (line-timekeepers.ts: empty for a solo practice's). */
export function presentInvoiceListItem(row: InvoiceRow, client: InvoiceClient, timekeepers: string[]): InvoiceListItemJson {
  return { ...presentInvoice(row, client), timekeepers };
}

export function presentInvoiceItem(row: InvoiceItemRow, timekeepers: LineTimekeepers): InvoiceItemJson {
  return {
    id: row.id,
    position: row.position,
    kind: row.kind as InvoiceItemJson["kind"],
    callId: row.callId,
    emailId: row.emailId,
    sourceId: row.sourceId,
    date: row.workDate,
    description: row.description,
    duration: row.durationSeconds,
    billedDuration: row.billedSeconds,
    rate: centsToDecimal(row.rateCents),
    billingType: row.billingType as BillingType,
    amount: centsToDecimal(row.amountCents),
    released: row.releasedAt !== null,
    userId: row.userId,
    timekeeper: timekeepers.nameOf(row.userId),
  };
}

export function presentInvoiceDetail(
  row: InvoiceRow,
  client: InvoiceClient,
  items: InvoiceItemRow[],
  timekeepers: LineTimekeepers,
): InvoiceDetailJson {
  return {
    ...presentInvoice(row, client),
    items: items.map((item) => presentInvoiceItem(item, timekeepers)),
    showsTimekeepers: timekeepers.shown,
  };
}
