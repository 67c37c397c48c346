import { isPrintableAscii } from "./ascii.js";
import { extendedAmountE4, parseDecimal4 } from "./decimal.js";
import { isTimekeeperClassification, TIMEKEEPER_CLASSIFICATIONS } from "./legal-codes.js";
import { type LedesRecord, readLedes1998b } from "./ledes-1998b.js";
import { readLedesXml21 } from "./ledes-xml21.js";
import { LEDES_FIELD_LABELS, type LedesField, type LedesFormat } from "./model.js";
import { findTaskCode, isActivityCode, isExpenseCode } from "./utbms.js";

/** One thing a portal would refuse (error) or question (warning), said where and in words a lawyer uses. */
export type LedesIssue = {
  severity: "error" | "warning";
  rule: string;
  /** "Line 4" (1998B) or "Fee 2" (XML); "File" for the whole file. */
  location: string;
  /** LINE_ITEM_NUMBER of the line concerned (our invoice line's position), when there is one. */
  lineItemNumber: string | null;
  field: LedesField | null;
  fieldLabel: string | null;
  message: string;
};

/** What the portal knows about the client: its matters and the firm's timekeepers (unknown ids are refused). */
export type LedesValidationContext = { knownClientMatterIds?: readonly string[]; knownTimekeeperIds?: readonly string[] };

type DateStyle = "compact" | "dashed";

const MAX_LENGTH: Partial<Record<LedesField, number>> = {
  INVOICE_NUMBER: 20,
  CLIENT_ID: 20,
  LAW_FIRM_MATTER_ID: 20,
  LINE_ITEM_NUMBER: 20,
  TIMEKEEPER_ID: 20,
  LAW_FIRM_ID: 20,
  TIMEKEEPER_NAME: 30,
  TIMEKEEPER_CLASSIFICATION: 10,
  CLIENT_MATTER_ID: 20,
  INVOICE_DESCRIPTION: 15 * 1024,
  LINE_ITEM_DESCRIPTION: 15 * 1024,
};
const REQUIRED: LedesField[] = [
  "INVOICE_DATE",
  "INVOICE_NUMBER",
  "CLIENT_ID",
  "LAW_FIRM_MATTER_ID",
  "INVOICE_TOTAL",
  "BILLING_START_DATE",
  "BILLING_END_DATE",
  "LINE_ITEM_NUMBER",
  "EXP/FEE/INV_ADJ_TYPE",
  "LINE_ITEM_TOTAL",
  "LINE_ITEM_DATE",
  "LAW_FIRM_ID",
  "CLIENT_MATTER_ID",
];
const REQUIRED_ON_FEES: LedesField[] = [
  "LINE_ITEM_NUMBER_OF_UNITS",
  "LINE_ITEM_UNIT_COST",
  "LINE_ITEM_TASK_CODE",
  "LINE_ITEM_ACTIVITY_CODE",
  "TIMEKEEPER_ID",
  "TIMEKEEPER_NAME",
  "TIMEKEEPER_CLASSIFICATION",
];
const REQUIRED_ON_EXPENSES: LedesField[] = ["LINE_ITEM_NUMBER_OF_UNITS", "LINE_ITEM_UNIT_COST", "LINE_ITEM_EXPENSE_CODE"];
const DATES: LedesField[] = ["INVOICE_DATE", "BILLING_START_DATE", "BILLING_END_DATE", "LINE_ITEM_DATE"];
const AMOUNTS: LedesField[] = [
  "INVOICE_TOTAL",
  "LINE_ITEM_NUMBER_OF_UNITS",
  "LINE_ITEM_ADJUSTMENT_AMOUNT",
  "LINE_ITEM_TOTAL",
  "LINE_ITEM_UNIT_COST",
];
const WHY_REQUIRED: Partial<Record<LedesField, string>> = {
  CLIENT_ID: "set the client's e-billing ID on the client's page (Legal e-billing)",
  LAW_FIRM_ID: "set your law firm ID in Settings → Billing → Legal e-billing",
  LAW_FIRM_MATTER_ID: "choose a matter for this line",
  CLIENT_MATTER_ID: "give the matter the client's own matter number",
  LINE_ITEM_TASK_CODE: "choose a UTBMS task code such as L120 or C300",
  LINE_ITEM_ACTIVITY_CODE: "choose a UTBMS activity code such as A106",
  LINE_ITEM_EXPENSE_CODE: "choose a UTBMS expense code such as E105",
  TIMEKEEPER_ID: "set your timekeeper ID in Settings → Billing → Legal e-billing",
  TIMEKEEPER_NAME: "set your timekeeper name in Settings → Billing → Legal e-billing",
  TIMEKEEPER_CLASSIFICATION: "set your timekeeper classification in Settings → Billing → Legal e-billing",
};

/** Validates a file of either format with the portals' checks (docs/ledes.md "What is checked"). */
export function validateLedesFile(format: LedesFormat, text: string, context: LedesValidationContext = {}): LedesIssue[] {
  if (format === "ledes1998b") {
    const { records, problems } = readLedes1998b(text);
    const issues: LedesIssue[] = problems.map((problem) => fileIssue(problem.rule, problem.location, problem.message));
    text.split(/\r?\n/).forEach((line, index) => {
      if (!isPrintableAscii(line)) {
        issues.push(
          fileIssue(
            "ascii",
            `Line ${index + 1}`,
            "LEDES 1998B files must be plain ASCII: remove accented letters, curly quotes and other special characters",
          ),
        );
      }
    });
    return [...issues, ...validateRecords(records, "compact", context)];
  }
  const { records, problems, totals } = readLedesXml21(text);
  const issues: LedesIssue[] = problems.map((problem) => fileIssue(problem.rule, problem.location, problem.message));
  for (const total of totals) {
    const stated = parseDecimal4(total.stated);
    const lines = total.lineTotals.map(parseDecimal4);
    if (stated === null || lines.some((value) => value === null)) continue; // the line checks report unreadable amounts
    const sum = lines.reduce<bigint>((acc, value) => acc + (value ?? 0n), 0n);
    if (sum !== stated) {
      issues.push(
        fileIssue("xml-total", total.location, `${total.field} says ${total.stated}, but its lines add up to a different amount`),
      );
    }
  }
  return [...issues, ...validateRecords(records, "dashed", context)];
}

function fileIssue(rule: string, location: string, message: string): LedesIssue {
  return { severity: "error", rule, location, lineItemNumber: null, field: null, fieldLabel: null, message };
}

/** The field-by-field and line-by-line checks both formats share. */
export function validateRecords(records: LedesRecord[], dates: DateStyle, context: LedesValidationContext = {}): LedesIssue[] {
  const issues: LedesIssue[] = [];
  for (const record of records) issues.push(...checkRecord(record, dates, context));
  issues.push(...checkAcrossLines(records));
  return issues;
}

function checkRecord(record: LedesRecord, dates: DateStyle, context: LedesValidationContext): LedesIssue[] {
  const issues: LedesIssue[] = [];
  const value = (field: LedesField) => record.fields[field] ?? "";
  const lineItemNumber = value("LINE_ITEM_NUMBER") || null;
  const add = (rule: string, field: LedesField, message: string, severity: "error" | "warning" = "error") =>
    issues.push({
      severity,
      rule,
      location: record.location,
      lineItemNumber,
      field,
      fieldLabel: LEDES_FIELD_LABELS[field],
      message,
    });
  const type = value("EXP/FEE/INV_ADJ_TYPE");

  const required = [...REQUIRED, ...(type === "F" ? REQUIRED_ON_FEES : type === "E" ? REQUIRED_ON_EXPENSES : [])];
  for (const field of required) {
    if (value(field).trim() === "") {
      const hint = WHY_REQUIRED[field];
      add(
        "required",
        field,
        `${LEDES_FIELD_LABELS[field]} is empty; portals refuse the invoice without it${hint ? `: ${hint}` : ""}`,
      );
    }
  }
  if (type !== "" && !["F", "E", "IF", "IE"].includes(type)) {
    add(
      "type",
      "EXP/FEE/INV_ADJ_TYPE",
      `“${type}” is not a line type: use F for a fee, E for an expense, IF or IE for an invoice adjustment`,
    );
  }
  for (const field of DATES) {
    const text = value(field);
    if (text !== "" && !isDate(text, dates)) {
      add(
        "date",
        field,
        dates === "compact"
          ? `“${text}” is not a date in the form YYYYMMDD (for example 20261127 for 27 November 2026)`
          : `“${text}” is not a date in the form YYYY-MM-DD (for example 2026-11-27)`,
      );
    }
  }
  for (const field of AMOUNTS) {
    const text = value(field);
    if (text !== "" && parseDecimal4(text) === null) add("amount", field, amountProblem(text));
  }
  for (const [field, max] of Object.entries(MAX_LENGTH) as [LedesField, number][]) {
    if (value(field).length > max)
      add("length", field, `${LEDES_FIELD_LABELS[field]} has ${value(field).length} characters; portals accept at most ${max}`);
  }
  const units = parseDecimal4(value("LINE_ITEM_NUMBER_OF_UNITS"));
  const cost = parseDecimal4(value("LINE_ITEM_UNIT_COST"));
  const adjustment = value("LINE_ITEM_ADJUSTMENT_AMOUNT") === "" ? 0n : parseDecimal4(value("LINE_ITEM_ADJUSTMENT_AMOUNT"));
  const total = parseDecimal4(value("LINE_ITEM_TOTAL"));
  if (units !== null && units < 0n)
    add("units", "LINE_ITEM_NUMBER_OF_UNITS", "Hours cannot be negative; record a reduction as a negative adjustment instead");
  if (cost !== null && cost < 0n)
    add("units", "LINE_ITEM_UNIT_COST", "The rate cannot be negative; record a reduction as a negative adjustment instead");
  if ((type === "F" || type === "E") && units !== null && cost !== null && adjustment !== null && total !== null) {
    // Portals accept the product exact or rounded to the cent (docs/ledes.md "Amounts").
    const exact = units * cost;
    const roundedMatches = extendedAmountE4(units, cost) + adjustment === total;
    const exactMatches = exact + adjustment * 10_000n === total * 10_000n;
    if (!roundedMatches && !exactMatches) {
      add(
        "line-arithmetic",
        "LINE_ITEM_TOTAL",
        `The line does not add up: ${value("LINE_ITEM_NUMBER_OF_UNITS")} × ${value("LINE_ITEM_UNIT_COST")} + adjustment ${value("LINE_ITEM_ADJUSTMENT_AMOUNT") || "0"} is not ${value("LINE_ITEM_TOTAL")}`,
      );
    }
  }
  const taskCode = value("LINE_ITEM_TASK_CODE");
  if (taskCode !== "") {
    const known = findTaskCode(taskCode);
    if (!known)
      add(
        "task-code",
        "LINE_ITEM_TASK_CODE",
        `“${taskCode}” is not a UTBMS task code; choose one such as L120 (Analysis/Strategy) or C300 (Analysis and Advice)`,
      );
    else if (known.isPhase)
      add(
        "task-code",
        "LINE_ITEM_TASK_CODE",
        `${taskCode} (${known.name}) is a phase heading; choose one of the task codes under it`,
      );
  }
  const activityCode = value("LINE_ITEM_ACTIVITY_CODE");
  if (activityCode !== "" && !isActivityCode(activityCode)) {
    add(
      "activity-code",
      "LINE_ITEM_ACTIVITY_CODE",
      `“${activityCode}” is not a UTBMS activity code; use A101 to A111 (A106 is Communicate with client)`,
    );
  }
  const expenseCode = value("LINE_ITEM_EXPENSE_CODE");
  if (expenseCode !== "" && !isExpenseCode(expenseCode)) {
    add(
      "expense-code",
      "LINE_ITEM_EXPENSE_CODE",
      `“${expenseCode}” is not a UTBMS expense code; use E101 to E124 (E105 is Telephone)`,
    );
  }
  if (type === "F" && expenseCode !== "")
    add("expense-code", "LINE_ITEM_EXPENSE_CODE", "A fee line cannot carry an expense code");
  const classification = value("TIMEKEEPER_CLASSIFICATION");
  if (classification !== "" && !isTimekeeperClassification(classification)) {
    add(
      "timekeeper-classification",
      "TIMEKEEPER_CLASSIFICATION",
      `“${classification}” is not a timekeeper classification; use one of ${TIMEKEEPER_CLASSIFICATIONS.join(", ")}`,
    );
  }
  const matterId = value("CLIENT_MATTER_ID");
  if (matterId !== "" && context.knownClientMatterIds && !context.knownClientMatterIds.includes(matterId)) {
    add(
      "unknown-client-matter",
      "CLIENT_MATTER_ID",
      `The client has no matter numbered “${matterId}”; use the number the client gave the matter`,
    );
  }
  const timekeeperId = value("TIMEKEEPER_ID");
  if (timekeeperId !== "" && context.knownTimekeeperIds && !context.knownTimekeeperIds.includes(timekeeperId)) {
    add("unknown-timekeeper", "TIMEKEEPER_ID", `“${timekeeperId}” is not one of the firm's timekeepers`);
  }
  const start = value("BILLING_START_DATE");
  const end = value("BILLING_END_DATE");
  const lineDate = value("LINE_ITEM_DATE");
  if (isDate(start, dates) && isDate(end, dates)) {
    if (start > end) add("period-order", "BILLING_END_DATE", "The billing period ends before it starts");
    else if (isDate(lineDate, dates) && (lineDate < start || lineDate > end)) {
      add("line-date-in-period", "LINE_ITEM_DATE", `The work date ${lineDate} is outside the billing period ${start}–${end}`);
    }
  }
  return issues;
}

/** Invoice totals, duplicate line numbers and one name and classification per timekeeper. */
function checkAcrossLines(records: LedesRecord[]): LedesIssue[] {
  const issues: LedesIssue[] = [];
  const byInvoice = new Map<string, LedesRecord[]>();
  for (const record of records) {
    const key = record.fields.INVOICE_NUMBER ?? "";
    byInvoice.set(key, [...(byInvoice.get(key) ?? []), record]);
  }
  for (const [invoiceNumber, lines] of byInvoice) {
    const first = lines[0] as LedesRecord;
    const issue = (
      rule: string,
      record: LedesRecord,
      field: LedesField,
      message: string,
      severity: "error" | "warning" = "error",
    ) =>
      issues.push({
        severity,
        rule,
        location: record.location,
        lineItemNumber: record.fields.LINE_ITEM_NUMBER || null,
        field,
        fieldLabel: LEDES_FIELD_LABELS[field],
        message,
      });
    const stated = first.fields.INVOICE_TOTAL ?? "";
    for (const record of lines.slice(1)) {
      if ((record.fields.INVOICE_TOTAL ?? "") !== stated) {
        issue(
          "invoice-total-consistent",
          record,
          "INVOICE_TOTAL",
          `Every line of invoice ${invoiceNumber} must state the same invoice total; this one says ${record.fields.INVOICE_TOTAL}, the first ${stated}`,
        );
      }
    }
    const totals = lines.map((record) => parseDecimal4(record.fields.LINE_ITEM_TOTAL ?? ""));
    const statedValue = parseDecimal4(stated);
    if (statedValue !== null && totals.every((value) => value !== null)) {
      const sum = totals.reduce<bigint>((acc, value) => acc + (value ?? 0n), 0n);
      if (sum !== statedValue) {
        issue("invoice-total-sum", first, "INVOICE_TOTAL", `The invoice total ${stated} is not the sum of its line totals`);
      }
    }
    const seen = new Set<string>();
    for (const record of lines) {
      const number = record.fields.LINE_ITEM_NUMBER ?? "";
      if (number !== "" && seen.has(number))
        issue(
          "duplicate-line-number",
          record,
          "LINE_ITEM_NUMBER",
          `Line number ${number} is used twice in invoice ${invoiceNumber}`,
        );
      seen.add(number);
    }
  }
  const timekeepers = new Map<string, LedesRecord>();
  for (const record of records) {
    const id = record.fields.TIMEKEEPER_ID ?? "";
    if (id === "") continue;
    const earlier = timekeepers.get(id);
    if (!earlier) {
      timekeepers.set(id, record);
      continue;
    }
    for (const field of ["TIMEKEEPER_NAME", "TIMEKEEPER_CLASSIFICATION"] as const) {
      if ((earlier.fields[field] ?? "") !== (record.fields[field] ?? "")) {
        issues.push({
          severity: "error",
          rule: "timekeeper-consistent",
          location: record.location,
          lineItemNumber: record.fields.LINE_ITEM_NUMBER || null,
          field,
          fieldLabel: LEDES_FIELD_LABELS[field],
          message: `Timekeeper ${id} has a different ${LEDES_FIELD_LABELS[field].toLowerCase()} here than on ${earlier.location}`,
        });
      }
    }
  }
  return issues;
}

function isDate(text: string, style: DateStyle): boolean {
  const match = (style === "compact" ? /^(\d{4})(\d{2})(\d{2})$/ : /^(\d{4})-(\d{2})-(\d{2})$/).exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function amountProblem(text: string): string {
  if (/[$€£¥]/.test(text) || /\b(USD|EUR|GBP|CAD)\b/i.test(text))
    return `“${text}” contains a currency sign; write the number only, such as 1250.00`;
  if (/\d,\d/.test(text)) return `“${text}” contains a comma; write 1250.00, not 1,250.00`;
  if (/\.\d{5,}$/.test(text)) return `“${text}” has more than 4 decimals`;
  return `“${text}” is not a number such as 1250.00`;
}
