import { parseDecimal4 } from "./decimal.js";
import { type LedesRecord, readLedes1998b } from "./ledes-1998b.js";
import { readLedesXml21 } from "./ledes-xml21.js";
import type { LedesFormat } from "./model.js";

/** A file's numbers read back: what a portal would import (used to prove a round trip exact). */
export type LedesFigures = {
  invoiceNumber: string;
  invoiceTotalE4: bigint | null;
  lines: {
    lineItemNumber: string;
    date: string;
    unitsE4: bigint | null;
    unitCostE4: bigint | null;
    adjustmentE4: bigint | null;
    totalE4: bigint | null;
    taskCode: string;
    activityCode: string;
    timekeeperId: string;
    clientMatterId: string;
    lawFirmMatterId: string;
  }[];
};

/** Reads a file of either format into its first invoice's figures; dates come back as YYYY-MM-DD. */
export function readLedesFigures(format: LedesFormat, text: string): LedesFigures {
  const { records } = format === "ledes1998b" ? readLedes1998b(text) : readLedesXml21(text);
  const day = (value: string) =>
    format === "ledes1998b" ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}` : value;
  const first: LedesRecord | undefined = records[0];
  return {
    invoiceNumber: first?.fields.INVOICE_NUMBER ?? "",
    invoiceTotalE4: first ? parseDecimal4(first.fields.INVOICE_TOTAL ?? "") : null,
    lines: records.map(({ fields }) => ({
      lineItemNumber: fields.LINE_ITEM_NUMBER ?? "",
      date: day(fields.LINE_ITEM_DATE ?? ""),
      unitsE4: parseDecimal4(fields.LINE_ITEM_NUMBER_OF_UNITS ?? ""),
      unitCostE4: parseDecimal4(fields.LINE_ITEM_UNIT_COST ?? ""),
      adjustmentE4: parseDecimal4(fields.LINE_ITEM_ADJUSTMENT_AMOUNT || "0"),
      totalE4: parseDecimal4(fields.LINE_ITEM_TOTAL ?? ""),
      taskCode: fields.LINE_ITEM_TASK_CODE ?? "",
      activityCode: fields.LINE_ITEM_ACTIVITY_CODE ?? "",
      timekeeperId: fields.TIMEKEEPER_ID ?? "",
      clientMatterId: fields.CLIENT_MATTER_ID ?? "",
      lawFirmMatterId: fields.LAW_FIRM_MATTER_ID ?? "",
    })),
  };
}
