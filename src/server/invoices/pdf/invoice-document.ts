import type { InvoiceStatus, InvoiceTemplate } from "../../../core/invoices.js";
import type { PricedLine } from "../priced-line.js";

/**
 * Everything an invoice PDF shows, already read from the database: the renderers take this
 * plain object and never query, so a benchmark or a test can render without a database.
 * Money is integer cents; durations integer seconds; dates calendar days "yyyy-MM-dd".
 */
export type InvoiceDocument = {
  template: InvoiceTemplate;
  status: InvoiceStatus;
  invoiceNumber: string;
  issueDate: string;
  dueDate: string;
  dateFrom: string;
  dateTo: string;
  paymentTermsDays: number;
  currency: string;
  firm: { name: string; contactName: string | null; email: string | null; phone: string | null };
  client: { name: string; company: string | null; email: string | null; phone: string | null; address: string | null };
  lines: InvoiceDocumentLine[];
  subtotalCents: number;
  totalCents: number;
  totalCalls: number;
  totalEmails: number;
};

/**
 * `timekeeper`: the member the line names, printed before its description; null or absent when the invoice
 * names nobody (a solo practice: core/invoice-timekeepers.ts) or the line was recorded with no member.
 */
export type InvoiceDocumentLine = PricedLine & { date: string; timekeeper?: string | null };
