import { XMLParser } from "fast-xml-parser";
import { formatDecimal4 } from "./decimal.js";
import type { LedesRecord, LedesStructureProblem } from "./ledes-1998b.js";
import type { LedesField, LedesInvoice, LedesLine } from "./model.js";

/** LEDES XML E-Billing 2.1: root element and namespace (docs/ledes.md "LEDES XML 2.1"). */
export const LEDES_XML21_ROOT = "ledesxmlebilling2.1";
export const LEDES_XML21_NAMESPACE = "http://www.ledes.org/LEDES21.xsd";
const SOURCE_APP = "Minutely";
const APP_VERSION = "1.0";

/** XML 1.0 allows no C0 control characters but tab, LF and CR. */
const isXmlCharacter = (char: string): boolean => {
  const code = char.charCodeAt(0);
  return code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
};

const escapeXml = (value: string): string =>
  Array.from(value)
    .filter(isXmlCharacter)
    .join("")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

type Node = [name: string, content: string | Node[]];

function render(nodes: Node[], depth: number, out: string[]): void {
  const pad = "  ".repeat(depth);
  for (const [name, content] of nodes) {
    if (typeof content === "string") {
      out.push(`${pad}<${name}>${escapeXml(content)}</${name}>`);
    } else {
      out.push(`${pad}<${name}>`);
      render(content, depth + 1, out);
      out.push(`${pad}</${name}>`);
    }
  }
}

/** "Jane Q. Doe" → first "Jane Q.", last "Doe" (tk_fname / tk_lname). */
export function splitTimekeeperName(name: string): { first: string; last: string } {
  const trimmed = name.trim();
  const cut = trimmed.lastIndexOf(" ");
  return cut < 0 ? { first: "", last: trimmed } : { first: trimmed.slice(0, cut), last: trimmed.slice(cut + 1) };
}

/**
 * One invoice as LEDES XML 2.1: firm → client → invoice → one matter segment per matter billed,
 * each with its timekeeper summary, fees and expenses. Every segment carries its file_item_nbr.
 */
export function writeLedesXml21(invoice: LedesInvoice): string {
  let itemNumber = 0;
  const next = () => String(++itemNumber);
  const firmNumber = next();
  const clientNumber = next();
  const invoiceNumber = next();
  const matters = groupByMatter(invoice.lines).map((lines): Node => {
    const first = lines[0] as LedesLine;
    const fees = lines.filter((line) => line.type === "F");
    const expenses = lines.filter((line) => line.type === "E");
    const sum = (list: LedesLine[], pick: (line: LedesLine) => bigint) => list.reduce((total, line) => total + pick(line), 0n);
    const base = (line: LedesLine) => line.totalE4 - line.adjustmentE4;
    const matterNumber = next();
    const timekeepers = [...new Map(fees.map((line) => [line.timekeeperId, line])).values()].map((line): Node => {
      const name = splitTimekeeperName(line.timekeeperName);
      return [
        "tksum",
        [
          ["tk_id", line.timekeeperId],
          ["tk_lname", name.last],
          ["tk_fname", name.first],
          ["tk_level", line.timekeeperClassification],
          ["tk_rate", formatDecimal4(line.unitCostE4)],
          ["file_item_nbr", next()],
        ],
      ];
    });
    const feeNodes = fees.map(
      (line): Node => [
        "fee",
        [
          ["charge_date", line.date],
          ["tk_id", line.timekeeperId],
          ["tk_level", line.timekeeperClassification],
          ["charge_desc", line.description],
          ["acca_task", line.taskCode],
          ["acca_activity", line.activityCode],
          ["charge_type", "U"],
          ["units", formatDecimal4(line.unitsE4)],
          ["rate", formatDecimal4(line.unitCostE4)],
          ["base_amount", formatDecimal4(base(line))],
          ["discount_amount", formatDecimal4(line.adjustmentE4)],
          ["total_amount", formatDecimal4(line.totalE4)],
          ["file_item_nbr", next()],
        ],
      ],
    );
    const expenseNodes = expenses.map(
      (line): Node => [
        "expense",
        [
          ["charge_date", line.date],
          ["tk_id", line.timekeeperId],
          ["charge_desc", line.description],
          ["acca_expense", line.expenseCode],
          ["units", formatDecimal4(line.unitsE4)],
          ["rate", formatDecimal4(line.unitCostE4)],
          ["base_amount", formatDecimal4(base(line))],
          ["discount_amount", formatDecimal4(line.adjustmentE4)],
          ["total_amount", formatDecimal4(line.totalE4)],
          ["file_item_nbr", next()],
        ],
      ],
    );
    return [
      "matter",
      [
        ["cl_matter_id", first.clientMatterId],
        ["lf_matter_id", first.lawFirmMatterId],
        ["matter_name", first.matterName],
        ["account_type", "O"],
        ["matter_final_bill", "N"],
        ["matter_total_detail_fees", formatDecimal4(sum(fees, base))],
        ["matter_total_detail_exp", formatDecimal4(sum(expenses, base))],
        ["matter_disc_credit_fees", formatDecimal4(sum(fees, (line) => line.adjustmentE4))],
        ["matter_disc_credit_exp", formatDecimal4(sum(expenses, (line) => line.adjustmentE4))],
        ["matter_net_fees", formatDecimal4(sum(fees, (line) => line.totalE4))],
        ["matter_net_exp", formatDecimal4(sum(expenses, (line) => line.totalE4))],
        ["matter_total_due", formatDecimal4(sum(lines, (line) => line.totalE4))],
        ["file_item_nbr", matterNumber],
        ...timekeepers,
        ...feeNodes,
        ...expenseNodes,
      ],
    ];
  });
  const tree: Node[] = [
    [
      "firm",
      [
        ["lf_vendor_id", invoice.lawFirmId],
        ["lf_id", invoice.lawFirmId],
        ["lf_name", invoice.lawFirmName],
        ["source_app", SOURCE_APP],
        ["app_version", APP_VERSION],
        ["file_item_nbr", firmNumber],
        [
          "client",
          [
            ["cl_id", invoice.clientId],
            ["cl_lf_id", invoice.clientId],
            ["cl_name", invoice.clientName],
            ["file_item_nbr", clientNumber],
            [
              "invoice",
              [
                ["inv_id", invoice.invoiceNumber],
                ["inv_date", invoice.invoiceDate],
                ["inv_due_date", invoice.dueDate],
                ["inv_currency", invoice.currency.toUpperCase()],
                ["inv_start_date", invoice.billingStartDate],
                ["inv_end_date", invoice.billingEndDate],
                ["inv_desc", invoice.description],
                ["inv_total_net_due", formatDecimal4(invoice.totalE4)],
                ["file_item_nbr", invoiceNumber],
                ...matters,
              ],
            ],
          ],
        ],
      ],
    ],
  ];
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', `<${LEDES_XML21_ROOT} xmlns="${LEDES_XML21_NAMESPACE}">`];
  render(tree, 1, out);
  out.push(`</${LEDES_XML21_ROOT}>`);
  return `${out.join("\n")}\n`;
}

/** Lines grouped by matter in the order each matter first appears (a LEDES XML invoice lists each matter once). */
function groupByMatter(lines: LedesLine[]): LedesLine[][] {
  const groups = new Map<string, LedesLine[]>();
  for (const line of lines) {
    const key = `${line.lawFirmMatterId}\u0000${line.clientMatterId}`;
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  return [...groups.values()];
}

type XmlElement = Record<string, unknown>;
const ARRAYS = new Set(["firm", "client", "invoice", "matter", "tksum", "fee", "expense"]);
const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => ARRAYS.has(name),
});

const textOf = (element: XmlElement, name: string): string => {
  const value = element[name];
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
};
const childrenOf = (element: XmlElement, name: string): XmlElement[] => {
  const value = element[name];
  return Array.isArray(value) ? value.filter((child): child is XmlElement => typeof child === "object" && child !== null) : [];
};

/**
 * Reads a LEDES XML 2.1 file into the same records a 1998B file gives (one per fee or expense,
 * with the 1998B field names), so one validator checks both formats. Dates stay YYYY-MM-DD.
 * Matter and invoice sums that only XML states are returned as `totals` for their own checks.
 */
export function readLedesXml21(text: string): {
  records: LedesRecord[];
  problems: LedesStructureProblem[];
  totals: { location: string; field: string; stated: string; lineTotals: string[] }[];
} {
  const problems: LedesStructureProblem[] = [];
  const records: LedesRecord[] = [];
  const totals: { location: string; field: string; stated: string; lineTotals: string[] }[] = [];
  let document: XmlElement;
  try {
    document = parser.parse(text, true) as XmlElement;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      records,
      problems: [{ location: "File", rule: "xml", message: `The file is not well-formed XML: ${reason}` }],
      totals,
    };
  }
  const root = document[LEDES_XML21_ROOT];
  if (typeof root !== "object" || root === null) {
    problems.push({ location: "File", rule: "header", message: `The file's root element must be <${LEDES_XML21_ROOT}>` });
    return { records, problems, totals };
  }
  for (const firm of childrenOf(root as XmlElement, "firm")) {
    for (const client of childrenOf(firm, "client")) {
      for (const invoice of childrenOf(client, "invoice")) {
        const header: Partial<Record<LedesField, string>> = {
          INVOICE_DATE: textOf(invoice, "inv_date"),
          INVOICE_NUMBER: textOf(invoice, "inv_id"),
          CLIENT_ID: textOf(client, "cl_id"),
          INVOICE_TOTAL: textOf(invoice, "inv_total_net_due"),
          BILLING_START_DATE: textOf(invoice, "inv_start_date"),
          BILLING_END_DATE: textOf(invoice, "inv_end_date"),
          INVOICE_DESCRIPTION: textOf(invoice, "inv_desc"),
          LAW_FIRM_ID: textOf(firm, "lf_id"),
        };
        let lineNumber = 0;
        const invoiceLineTotals: string[] = [];
        for (const matter of childrenOf(invoice, "matter")) {
          const names = new Map(
            childrenOf(matter, "tksum").map((tk) => [
              textOf(tk, "tk_id"),
              `${textOf(tk, "tk_fname")} ${textOf(tk, "tk_lname")}`.trim(),
            ]),
          );
          const matterFields = {
            LAW_FIRM_MATTER_ID: textOf(matter, "lf_matter_id"),
            CLIENT_MATTER_ID: textOf(matter, "cl_matter_id"),
          };
          const matterLineTotals: string[] = [];
          const items = [
            ...childrenOf(matter, "fee").map((item) => ({ item, type: "F" })),
            ...childrenOf(matter, "expense").map((item) => ({ item, type: "E" })),
          ];
          for (const { item, type } of items) {
            lineNumber += 1;
            const total = textOf(item, "total_amount");
            matterLineTotals.push(total);
            invoiceLineTotals.push(total);
            records.push({
              location: `${type === "F" ? "Fee" : "Expense"} ${lineNumber}`,
              fields: {
                ...header,
                ...matterFields,
                LINE_ITEM_NUMBER: String(lineNumber),
                "EXP/FEE/INV_ADJ_TYPE": type,
                LINE_ITEM_NUMBER_OF_UNITS: textOf(item, "units"),
                LINE_ITEM_ADJUSTMENT_AMOUNT: textOf(item, "discount_amount"),
                LINE_ITEM_TOTAL: total,
                LINE_ITEM_DATE: textOf(item, "charge_date"),
                LINE_ITEM_TASK_CODE: textOf(item, "acca_task"),
                LINE_ITEM_EXPENSE_CODE: textOf(item, "acca_expense"),
                LINE_ITEM_ACTIVITY_CODE: textOf(item, "acca_activity"),
                TIMEKEEPER_ID: textOf(item, "tk_id"),
                LINE_ITEM_DESCRIPTION: textOf(item, "charge_desc"),
                LINE_ITEM_UNIT_COST: textOf(item, "rate"),
                TIMEKEEPER_NAME: type === "F" ? (names.get(textOf(item, "tk_id")) ?? "") : "",
                TIMEKEEPER_CLASSIFICATION: textOf(item, "tk_level"),
              },
            });
          }
          totals.push({
            location: `Matter ${matterFields.LAW_FIRM_MATTER_ID || "(no number)"}`,
            field: "matter_total_due",
            stated: textOf(matter, "matter_total_due"),
            lineTotals: matterLineTotals,
          });
        }
        if (lineNumber === 0)
          problems.push({
            location: `Invoice ${header.INVOICE_NUMBER}`,
            rule: "no-lines",
            message: "The invoice has no fees or expenses",
          });
        totals.push({
          location: `Invoice ${header.INVOICE_NUMBER}`,
          field: "inv_total_net_due",
          stated: header.INVOICE_TOTAL ?? "",
          lineTotals: invoiceLineTotals,
        });
      }
    }
  }
  if (records.length === 0 && problems.length === 0)
    problems.push({ location: "File", rule: "no-lines", message: "The file has no invoice lines" });
  return { records, problems, totals };
}
