import { toLedesAscii } from "./ascii.js";
import { formatDecimal4 } from "./decimal.js";
import { LEDES_1998B_FIELDS, type LedesField, type LedesInvoice, type LedesLine } from "./model.js";

export const LEDES_1998B_HEADER = "LEDES1998B[]";
export const LEDES_1998B_FIELD_LINE = `${LEDES_1998B_FIELDS.join("|")}[]`;
/** Records end with "[]"; lines with CR LF, as the format's DOS origins and portals expect. */
const EOL = "\r\n";

/** "2026-11-27" → "20261127". */
export const toLedesDate = (day: string): string => day.replaceAll("-", "");

/** One invoice as a LEDES 1998B file: the format line, the 24 field names, one record per line item. */
export function writeLedes1998b(invoice: LedesInvoice): string {
  const header: Partial<Record<LedesField, string>> = {
    INVOICE_DATE: toLedesDate(invoice.invoiceDate),
    INVOICE_NUMBER: toLedesAscii(invoice.invoiceNumber),
    CLIENT_ID: toLedesAscii(invoice.clientId),
    INVOICE_TOTAL: formatDecimal4(invoice.totalE4),
    BILLING_START_DATE: toLedesDate(invoice.billingStartDate),
    BILLING_END_DATE: toLedesDate(invoice.billingEndDate),
    INVOICE_DESCRIPTION: toLedesAscii(invoice.description),
    LAW_FIRM_ID: toLedesAscii(invoice.lawFirmId),
  };
  const records = invoice.lines.map((line) => {
    const values: Record<LedesField, string> = { ...emptyRecord(), ...header, ...lineFields(line) };
    return `${LEDES_1998B_FIELDS.map((field) => values[field]).join("|")}[]`;
  });
  return [LEDES_1998B_HEADER, LEDES_1998B_FIELD_LINE, ...records].join(EOL) + EOL;
}

function lineFields(line: LedesLine): Partial<Record<LedesField, string>> {
  return {
    LAW_FIRM_MATTER_ID: toLedesAscii(line.lawFirmMatterId),
    LINE_ITEM_NUMBER: toLedesAscii(line.lineItemNumber),
    "EXP/FEE/INV_ADJ_TYPE": line.type,
    LINE_ITEM_NUMBER_OF_UNITS: formatDecimal4(line.unitsE4),
    LINE_ITEM_ADJUSTMENT_AMOUNT: formatDecimal4(line.adjustmentE4),
    LINE_ITEM_TOTAL: formatDecimal4(line.totalE4),
    LINE_ITEM_DATE: toLedesDate(line.date),
    LINE_ITEM_TASK_CODE: toLedesAscii(line.taskCode),
    LINE_ITEM_EXPENSE_CODE: toLedesAscii(line.expenseCode),
    LINE_ITEM_ACTIVITY_CODE: toLedesAscii(line.activityCode),
    TIMEKEEPER_ID: toLedesAscii(line.timekeeperId),
    LINE_ITEM_DESCRIPTION: toLedesAscii(line.description),
    LINE_ITEM_UNIT_COST: formatDecimal4(line.unitCostE4),
    TIMEKEEPER_NAME: toLedesAscii(line.timekeeperName),
    TIMEKEEPER_CLASSIFICATION: toLedesAscii(line.timekeeperClassification),
    CLIENT_MATTER_ID: toLedesAscii(line.clientMatterId),
  };
}

const emptyRecord = (): Record<LedesField, string> =>
  Object.fromEntries(LEDES_1998B_FIELDS.map((field) => [field, ""])) as Record<LedesField, string>;

/** A record as read from a file: where it stood and its values by field name (as text, unchecked). */
export type LedesRecord = { location: string; fields: Partial<Record<LedesField, string>> };
/** Something wrong with the file's shape, before any field can be read. */
export type LedesStructureProblem = { location: string; rule: string; message: string };

/**
 * Reads a LEDES 1998B file into records without judging the values (the validator does that).
 * Accepts CR LF or LF line ends; blank lines at the end are ignored.
 */
export function readLedes1998b(text: string): { records: LedesRecord[]; problems: LedesStructureProblem[] } {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1]?.trim() === "") lines.pop();
  const problems: LedesStructureProblem[] = [];
  if (lines[0] !== LEDES_1998B_HEADER) {
    problems.push({ location: "Line 1", rule: "header", message: `The file must start with the line ${LEDES_1998B_HEADER}` });
  }
  if (lines[1] !== LEDES_1998B_FIELD_LINE) {
    problems.push({
      location: "Line 2",
      rule: "field-names",
      message: "The second line must list the 24 LEDES 1998B field names, in order, separated by | and ending with []",
    });
  }
  const records: LedesRecord[] = [];
  lines.slice(2).forEach((raw, index) => {
    const location = `Line ${index + 3}`;
    if (!raw.endsWith("[]")) {
      problems.push({ location, rule: "line-end", message: "Each line must end with []" });
      return;
    }
    const values = raw.slice(0, -2).split("|");
    if (values.length !== LEDES_1998B_FIELDS.length) {
      problems.push({
        location,
        rule: "field-count",
        message: `This line has ${values.length} fields; LEDES 1998B needs exactly 24, separated by | (a | inside a description splits it)`,
      });
      return;
    }
    records.push({ location, fields: Object.fromEntries(LEDES_1998B_FIELDS.map((field, i) => [field, values[i] ?? ""])) });
  });
  if (lines.length < 3) problems.push({ location: "File", rule: "no-lines", message: "The file has no invoice lines" });
  return { records, problems };
}
