import { stringify } from "csv-stringify/sync";
import { safeCsvCell } from "../../core/csv.js";
import { centsToDecimal } from "../../core/money.js";
import type { InvoiceLineRow } from "../accounting/exports/invoice-line-row.js";

/** The columns of both exports, one row per invoice line (issue 16 §5). */
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
 * own column), dates YYYY-MM-DD, a header row. csv-stringify quotes commas, quotes and line breaks;
 * safeCsvCell guards every text a person typed, so a client named "=HYPERLINK(…)" stays text in a
 * spreadsheet (the waitlist export's rule, docs/decisions.md D11). CRLF and a byte-order mark, so
 * spreadsheets read accents right.
 */
export function invoiceLinesCsv(rows: readonly InvoiceLineRow[]): string {
  const records = rows.map((row) => [
    safeCsvCell(row.invoiceNumber),
    row.invoiceStatus,
    row.issueDate,
    row.dueDate ?? "",
    row.paidAt ?? "",
    safeCsvCell(row.clientName),
    safeCsvCell(row.clientEmail),
    String(row.lineNumber),
    row.lineKind,
    row.workDate,
    safeCsvCell(row.description),
    row.minutes === null ? "" : String(row.minutes),
    row.rateMinor === null ? "" : centsToDecimal(row.rateMinor),
    centsToDecimal(row.amountMinor),
    centsToDecimal(row.invoiceTotalMinor),
    row.currency.toUpperCase(),
  ]);
  return stringify([[...INVOICE_LINE_CSV_COLUMNS], ...records], { bom: true, record_delimiter: "windows" });
}

/** `financial-export-2026-03-31.csv` (POST /export) and `revenue-export-2026-03-31.csv` (GET /export/revenue). */
export const financialExportFileName = (today: string) => `financial-export-${today}.csv`;
export const revenueExportFileName = (today: string) => `revenue-export-${today}.csv`;
