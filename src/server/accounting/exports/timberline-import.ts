import { csvDocument, csvNumber } from "../../../core/csv.js";
import { centsToDecimal } from "../../../core/money.js";
import type { InvoiceLineRow } from "./invoice-line-row.js";

/**
 * The Accounts Receivable import file for Timberline (Sage 300 Construction and Real Estate), which
 * has no public API. Sage does not publish a fixed AR invoice import layout for Sage 300 CRE (its
 * import tools map the columns of a comma-separated file onto invoice fields with a saved import
 * template), and we could not find one to copy. So this is our own, documented layout: comma
 * separated, a header row, one row per invoice line with the invoice's fields repeated, which an
 * accountant maps once in Timberline's import and reuses.
 *
 * Columns (TIMBERLINE_AR_COLUMNS):
 * - Customer: a customer code, `MN` and our client id zero-padded to 8 characters (Timberline
 *   customer codes are short; the accountant maps or creates them); Customer Name: the client's name.
 * - Invoice: our invoice number; Invoice Date and Due Date as MM/DD/YYYY (the date form Timberline
 *   shows and reads); Due Date empty when the invoice has none.
 * - Line, Description, Amount (decimal, two places, no currency sign), Revenue Account (the AR
 *   distribution's GL account, from options, may be empty), Receivable Account (optional, options),
 *   Invoice Total (decimal), Currency.
 * Void and draft invoices are left out: an import books what is owed. Every cell a person typed is
 * formula-safe (src/core/csv.ts), CRLF line ends as Windows tools expect, no byte-order mark (older
 * Timberline imports read it as part of the first field).
 */
export const TIMBERLINE_AR_COLUMNS = [
  "Customer",
  "Customer Name",
  "Invoice",
  "Invoice Date",
  "Due Date",
  "Line",
  "Description",
  "Amount",
  "Revenue Account",
  "Receivable Account",
  "Invoice Total",
  "Currency",
] as const;

export type TimberlineImportOptions = {
  /** Today (YYYY-MM-DD) for the file name. */
  today: string;
  /** The GL revenue account the lines distribute to (e.g. "4000-00"). */
  revenueAccount?: string | null;
  /** The AR control account, when the accountant wants it on each row. */
  receivableAccount?: string | null;
};

const LEFT_OUT = new Set(["void", "draft"]);

/** Invoice lines as Timberline's AR import file: `timberline-ar-import-{today}.csv`. */
export function buildTimberlineImport(
  rows: readonly InvoiceLineRow[],
  options: TimberlineImportOptions,
): { filename: string; content: string } {
  const records = rows
    .filter((row) => !LEFT_OUT.has(row.invoiceStatus))
    .map((row) => [
      timberlineCustomerCode(row.clientId),
      row.clientName,
      row.invoiceNumber,
      usDate(row.issueDate),
      row.dueDate ? usDate(row.dueDate) : "",
      row.lineNumber,
      row.description,
      csvNumber(centsToDecimal(row.amountMinor)),
      options.revenueAccount,
      options.receivableAccount,
      csvNumber(centsToDecimal(row.invoiceTotalMinor)),
      row.currency.toUpperCase(),
    ]);
  const content = csvDocument(TIMBERLINE_AR_COLUMNS, records, { bom: false });
  return { filename: `timberline-ar-import-${options.today}.csv`, content };
}

/** `MN` and the client id, zero-padded to 8 characters (MN000042). */
export function timberlineCustomerCode(clientId: number): string {
  return `MN${String(clientId).padStart(6, "0")}`;
}

/** YYYY-MM-DD → MM/DD/YYYY. */
function usDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${month}/${day}/${year}`;
}
