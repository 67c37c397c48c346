import { csvDocument, csvNumber } from "../../core/csv.js";
import { centsToDecimal } from "../../core/money.js";
import type { InvoiceLineRow } from "./exports/invoice-line-row.js";

/** The columns of both exports, one row per invoice line (docs/accounting.md). */
export const INVOICE_LINE_CSV_COLUMNS = [
  "Invoice Number",
  "Invoice Status",
  "Issue Date",
  "Due Date",
  "Paid On",
  "Client",
  "Client Email",
  "Line",
  "Type",
  "Work Date",
  "Description",
  "Minutes",
  "Rate per Hour",
  "Amount",
  "Invoice Total",
  "Currency",
] as const;

/**
 * Invoice lines as CSV: money as decimals of the invoice's currency ("150.00", the currency in its
 * own column), dates YYYY-MM-DD, a header row. core/csv.ts guards every text and quotes separators,
 * so a client named "=HYPERLINK(…)" or ";=1+1" stays text in a spreadsheet (docs/decisions.md D11).
 * CRLF and a byte-order mark, so spreadsheets read accents right.
 */
export function invoiceLinesCsv(rows: readonly InvoiceLineRow[]): string {
  const records = rows.map((row) => [
    row.invoiceNumber,
    row.invoiceStatus,
    row.issueDate,
    row.dueDate,
    row.paidAt,
    row.clientName,
    row.clientEmail,
    row.lineNumber,
    row.lineKind,
    row.workDate,
    row.description,
    row.minutes,
    row.rateMinor === null ? null : csvNumber(centsToDecimal(row.rateMinor)),
    csvNumber(centsToDecimal(row.amountMinor)),
    csvNumber(centsToDecimal(row.invoiceTotalMinor)),
    row.currency.toUpperCase(),
  ]);
  return csvDocument(INVOICE_LINE_CSV_COLUMNS, records, { bom: true });
}

/** `financial-export-2026-03-31.csv` (POST /export) and `revenue-export-2026-03-31.csv` (GET /export/revenue). */
export const financialExportFileName = (today: string) => `financial-export-${today}.csv`;
export const revenueExportFileName = (today: string) => `revenue-export-${today}.csv`;
