/**
 * The one rule for CSV files the app writes (docs/decisions.md D11): every export (the waitlist, the
 * financial CSV, the revenue export, Timberline's import file) is built by `csvDocument`.
 *
 * - A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula, and
 *   some also read the full-width forms ＝ ＋ － ＠ (U+FF1D, U+FF0B, U+FF0D, U+FF20) as those signs, so
 *   a client named `=HYPERLINK(…)` or `＝1+1` could act on the reader's machine. A leading apostrophe
 *   makes the spreadsheet show the text as typed.
 * - A field containing any separator a spreadsheet may split on (`,` `;` tab), a quote or a line break
 *   is quoted, so `;=1+1` stays one text cell for a reader that knows the file is comma-separated
 *   (docs/security.md).
 * - Quoting alone does not help a reader that splits on `;` regardless: `a,";=1+1;",b` is cut into
 *   `a,"`, `=1+1` and `",b`. So a trigger right after a separator or line break inside the text (quotes
 *   between them allowed) gets the apostrophe too: `;'=1+1;`. Whatever a spreadsheet splits on, no
 *   piece it makes starts a formula.
 */

/** Characters that make a spreadsheet treat a cell as a formula when they come first. */
export const FORMULA_TRIGGERS = ["=", "+", "-", "@", "\t", "\r", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"] as const;

/**
 * A formula sign (not tab or CR, which are separators inside a cell) at the start or right after a
 * separator or line break, quotes between allowed: `"=1+1` is read as `=1+1` by a reader that drops quotes.
 */
const INNER_TRIGGER_AFTER_SEPARATOR = /((?:^|[,;\t\r\n])"*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;

/** A field with one of these is quoted: comma, semicolon and tab separate; quote and line breaks end fields. */
const NEEDS_QUOTES = /[,;\t"\r\n]/;

/** A number the app computed ("-150.00"), written as it is: not text a person typed. */
export type CsvNumber = { readonly decimal: string };

/** Marks an app-computed decimal; anything but a plain decimal is refused (it would bypass the guard). */
export function csvNumber(decimal: string): CsvNumber {
  if (!/^-?\d+(\.\d+)?$/.test(decimal)) throw new Error(`not a decimal: ${decimal}`);
  return { decimal };
}

/** A cell: text (guarded), the app's own numbers and booleans (as they are), empty for null. */
export type CsvValue = string | number | bigint | boolean | null | undefined | CsvNumber;

/**
 * Returns the cell text, with a leading apostrophe when it would start a formula (and one after each
 * separator inside it that a formula sign follows). Numbers and
 * booleans are the app's own values, not user text, so they pass unchanged (a negative amount
 * stays a number); null and undefined become empty cells.
 */
export function safeCsvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return value.decimal;
  if (typeof value !== "string") return String(value);
  const inner = value.replace(INNER_TRIGGER_AFTER_SEPARATOR, "$1'");
  return FORMULA_TRIGGERS.some((trigger) => inner.startsWith(trigger)) ? `'${inner}` : inner;
}

/** One field as written: guarded, then quoted (inner quotes doubled) when it holds a separator, quote or line break. */
export function csvField(value: CsvValue): string {
  const cell = safeCsvCell(value);
  return NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/**
 * A whole file: the header row and the records, CRLF after every row (as Windows tools expect), and
 * a UTF-8 byte-order mark when `bom` is set (spreadsheets then read accents right; Timberline's
 * older imports read it as part of the first field, so it goes without).
 */
export function csvDocument(
  header: readonly string[],
  records: readonly (readonly CsvValue[])[],
  options: { bom: boolean },
): string {
  return (options.bom ? "\uFEFF" : "") + csvRows([header, ...records]);
}

/**
 * Rows as written in a file, CRLF after each: a streamed export writes `csvDocument(header, [], …)`
 * first, then one `csvRows` per page, and the file is byte for byte what csvDocument would make.
 */
export function csvRows(records: readonly (readonly CsvValue[])[]): string {
  let text = "";
  for (const row of records) text += `${row.map(csvField).join(",")}\r\n`;
  return text;
}
