/**
 * One invoice line as the file exports see it (CSV export, revenue export, Timberline import file):
 * one row per invoice line, money in integer minor units of `currency`, dates YYYY-MM-DD. Produced by
 * one query (accounting/export-queries.ts), consumed by every file format.
 */
export type InvoiceLineRow = {
  invoiceId: number;
  invoiceNumber: string;
  invoiceStatus: string;
  issueDate: string;
  dueDate: string | null;
  paidAt: string | null;
  currency: string;
  clientId: number;
  clientName: string;
  clientEmail: string | null;
  lineNumber: number;
  /** call, meeting, email … (what the line bills). */
  lineKind: string;
  description: string;
  workDate: string;
  minutes: number | null;
  /** Rate per hour in minor units, when the line was priced by time. */
  rateMinor: number | null;
  amountMinor: number;
  invoiceTotalMinor: number;
};
