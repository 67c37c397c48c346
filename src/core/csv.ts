/**
 * Guard for values written into CSV exports (docs/decisions.md D11). A spreadsheet runs a cell that
 * starts with = + - @ (or a tab or carriage return before one) as a formula, so a waitlist entry
 * such as `=HYPERLINK(...)` could act on the admin's machine. A leading apostrophe makes the
 * spreadsheet show the text as typed. csv-stringify does the quoting; this only guards the cell.
 */

/** Characters that make a spreadsheet treat a cell as a formula when they come first. */
export const FORMULA_TRIGGERS = ["=", "+", "-", "@", "\t", "\r"] as const;

/**
 * Returns the cell text, with a leading apostrophe when it would start a formula. Numbers and
 * booleans are the app's own values, not user text, so they pass unchanged (a negative amount
 * stays a number); null and undefined become empty cells.
 */
export function safeCsvCell(value: string | number | bigint | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value !== "string") return String(value);
  return FORMULA_TRIGGERS.some((trigger) => value.startsWith(trigger)) ? `'${value}` : value;
}
