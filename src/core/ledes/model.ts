/**
 * One invoice as a LEDES file says it, whatever the format (1998B or XML 2.1): the header every
 * line repeats and the lines. Money and units are exact ten-thousandths (decimal.ts); dates are
 * calendar days "YYYY-MM-DD" (each format writes them its own way).
 */
export type LedesLineType = "F" | "E" | "IF" | "IE";

export type LedesLine = {
  /** The line's number in the file: 1, 2, … in file order (lines of one matter stand together). */
  lineItemNumber: string;
  /** The invoice line it states (its position on the invoice); not written to the file. */
  sourcePosition: number;
  type: LedesLineType;
  date: string;
  unitsE4: bigint;
  unitCostE4: bigint;
  adjustmentE4: bigint;
  totalE4: bigint;
  taskCode: string;
  expenseCode: string;
  activityCode: string;
  timekeeperId: string;
  timekeeperName: string;
  timekeeperClassification: string;
  description: string;
  lawFirmMatterId: string;
  clientMatterId: string;
  matterName: string;
};

export type LedesInvoice = {
  invoiceNumber: string;
  invoiceDate: string;
  dueDate: string;
  currency: string;
  clientId: string;
  clientName: string;
  lawFirmId: string;
  lawFirmName: string;
  billingStartDate: string;
  billingEndDate: string;
  description: string;
  totalE4: bigint;
  lines: LedesLine[];
};

/** The 24 fields of a LEDES 1998B line, in file order. */
export const LEDES_1998B_FIELDS = [
  "INVOICE_DATE",
  "INVOICE_NUMBER",
  "CLIENT_ID",
  "LAW_FIRM_MATTER_ID",
  "INVOICE_TOTAL",
  "BILLING_START_DATE",
  "BILLING_END_DATE",
  "INVOICE_DESCRIPTION",
  "LINE_ITEM_NUMBER",
  "EXP/FEE/INV_ADJ_TYPE",
  "LINE_ITEM_NUMBER_OF_UNITS",
  "LINE_ITEM_ADJUSTMENT_AMOUNT",
  "LINE_ITEM_TOTAL",
  "LINE_ITEM_DATE",
  "LINE_ITEM_TASK_CODE",
  "LINE_ITEM_EXPENSE_CODE",
  "LINE_ITEM_ACTIVITY_CODE",
  "TIMEKEEPER_ID",
  "LINE_ITEM_DESCRIPTION",
  "LAW_FIRM_ID",
  "LINE_ITEM_UNIT_COST",
  "TIMEKEEPER_NAME",
  "TIMEKEEPER_CLASSIFICATION",
  "CLIENT_MATTER_ID",
] as const;
export type LedesField = (typeof LEDES_1998B_FIELDS)[number];

/** What a lawyer calls each field, shown beside its LEDES name. */
export const LEDES_FIELD_LABELS: Record<LedesField, string> = {
  INVOICE_DATE: "Invoice date",
  INVOICE_NUMBER: "Invoice number",
  CLIENT_ID: "Client's e-billing ID",
  LAW_FIRM_MATTER_ID: "Your matter number",
  INVOICE_TOTAL: "Invoice total",
  BILLING_START_DATE: "Billing period start",
  BILLING_END_DATE: "Billing period end",
  INVOICE_DESCRIPTION: "Invoice description",
  LINE_ITEM_NUMBER: "Line number",
  "EXP/FEE/INV_ADJ_TYPE": "Fee or expense",
  LINE_ITEM_NUMBER_OF_UNITS: "Hours (units)",
  LINE_ITEM_ADJUSTMENT_AMOUNT: "Adjustment",
  LINE_ITEM_TOTAL: "Line total",
  LINE_ITEM_DATE: "Date of the work",
  LINE_ITEM_TASK_CODE: "Task code",
  LINE_ITEM_EXPENSE_CODE: "Expense code",
  LINE_ITEM_ACTIVITY_CODE: "Activity code",
  TIMEKEEPER_ID: "Timekeeper ID",
  LINE_ITEM_DESCRIPTION: "Description",
  LAW_FIRM_ID: "Law firm ID",
  LINE_ITEM_UNIT_COST: "Rate (unit cost)",
  TIMEKEEPER_NAME: "Timekeeper name",
  TIMEKEEPER_CLASSIFICATION: "Timekeeper classification",
  CLIENT_MATTER_ID: "Client's matter number",
};

/** The two formats Minutely exports. */
export const LEDES_FORMATS = ["ledes1998b", "ledesxml21"] as const;
export type LedesFormat = (typeof LEDES_FORMATS)[number];
export const LEDES_FORMAT_NAMES: Record<LedesFormat, string> = { ledes1998b: "LEDES 1998B", ledesxml21: "LEDES XML 2.1" };
