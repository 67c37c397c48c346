import { z } from "zod";
import { INVOICE_STATUSES, INVOICE_TEMPLATES } from "../invoices.js";
import { isCalendarDate } from "../period.js";
import { memberFilter } from "./calls.js";
import { CANONICAL_ID, DATE_OUT_OF_RANGE, idText, isDateInRange, optionalEmailAddress, rowId, text } from "./common.js";
import { pageOf, pageParams } from "./paging.js";
import { pricedFields } from "./priced-fields.js";
import { count, day, id, instant, money } from "./response-fields.js";

export { INVOICE_STATUSES, INVOICE_TEMPLATES, type InvoiceStatus, type InvoiceTemplate } from "../invoices.js";

/**
 * Invoices (docs/decisions.md D9–D10). Money in responses is a decimal
 * string ("150.00"), durations integer seconds, periods calendar days "yyyy-MM-dd".
 */

export const DATE_RANGE_REQUIRED = "Please select date range";
export const AT_LEAST_ONE_CALL = "Please select at least one call";
/** The most calls one "generate" request may bill. */
export const MAX_CALLS_PER_INVOICE = 5000;

/** A required day of the period; empty or missing gives the generator's own message. */
const periodDay = text({ error: DATE_RANGE_REQUIRED })
  .trim()
  .min(1, DATE_RANGE_REQUIRED)
  .refine(isCalendarDate, "Use a real date like 2026-01-31")
  .refine(isDateInRange, DATE_OUT_OF_RANGE);

const templateField = z.enum(INVOICE_TEMPLATES, { error: "Template must be professional, modern or minimal" });

const endNotBeforeStart = (body: { dateFrom?: string | null; dateTo?: string | null }) =>
  !body.dateFrom || !body.dateTo || body.dateTo >= body.dateFrom;
const END_BEFORE_START = { message: "The end date must be on or after the start date", path: ["dateTo"] };

/** POST /api/invoices: bill every unbilled ended call and email of one client (or all: null) in the period. */
export const createInvoicesRequest = z
  .object({
    dateFrom: periodDay,
    dateTo: periodDay,
    clientId: rowId("clientId").nullable().default(null),
    template: templateField.default("professional"),
  })
  .refine(endNotBeforeStart, END_BEFORE_START);
export type CreateInvoicesRequest = z.output<typeof createInvoicesRequest>;

/**
 * The invoices page's generator form: the selects give strings ("all" or a client id), the
 * dates may be empty until chosen. `toCreateInvoicesRequest` turns it into the API body.
 */
export const invoiceGeneratorForm = z
  .object({
    dateFrom: periodDay,
    dateTo: periodDay,
    clientId: text().regex(new RegExp(`^all$|${CANONICAL_ID.source}`), "Choose a client or All Clients"),
    template: templateField,
  })
  .refine(endNotBeforeStart, END_BEFORE_START);
export type InvoiceGeneratorForm = z.input<typeof invoiceGeneratorForm>;

/** "all" → null, otherwise the integer id. */
export function toCreateInvoicesRequest(form: z.output<typeof invoiceGeneratorForm>): z.input<typeof createInvoicesRequest> {
  return {
    dateFrom: form.dateFrom,
    dateTo: form.dateTo,
    clientId: form.clientId === "all" ? null : Number(form.clientId),
    template: form.template,
  };
}

const realDay = text().trim().refine(isCalendarDate, "Use a real date like 2026-01-31").refine(isDateInRange, DATE_OUT_OF_RANGE);
const optionalDay = z
  .union([z.literal(""), z.null(), realDay], { error: "Use a real date like 2026-01-31" })
  .optional()
  .transform((value) => (value ? value : null));

export const TOO_MANY_CALLS = `At most ${MAX_CALLS_PER_INVOICE} calls fit on one invoice`;
export const PERIOD_SELECTION_NEEDS = "Billing the unbilled calls of a period needs clientId, dateFrom and dateTo";

/**
 * POST /api/invoices/generate: an invoice for selected calls (client log, notification overlay).
 * Either `callIds`, or `unbilledCallsInPeriod: true` with clientId, dateFrom and dateTo:
 * the server takes every ended, unbilled call of that client in those days, so a busy period is billed
 * without the browser holding every call of it.
 */
export const generateInvoiceRequest = z
  .object({
    clientId: rowId("clientId").nullable().optional(),
    callIds: z
      .array(rowId("callIds item"), { error: AT_LEAST_ONE_CALL })
      .min(1, AT_LEAST_ONE_CALL)
      .max(MAX_CALLS_PER_INVOICE, TOO_MANY_CALLS)
      .optional(),
    unbilledCallsInPeriod: z.literal(true, { error: "unbilledCallsInPeriod must be true or left out" }).optional(),
    dateFrom: optionalDay,
    dateTo: optionalDay,
    template: templateField.optional(),
  })
  .refine(endNotBeforeStart, END_BEFORE_START)
  .refine((body) => body.unbilledCallsInPeriod === true || body.callIds !== undefined, {
    message: AT_LEAST_ONE_CALL,
    path: ["callIds"],
  })
  .refine((body) => body.unbilledCallsInPeriod !== true || body.callIds === undefined, {
    message: "Send callIds or unbilledCallsInPeriod, not both",
    path: ["unbilledCallsInPeriod"],
  })
  .refine((body) => body.unbilledCallsInPeriod !== true || (!!body.clientId && !!body.dateFrom && !!body.dateTo), {
    message: PERIOD_SELECTION_NEEDS,
    path: ["unbilledCallsInPeriod"],
  });
export type GenerateInvoiceRequest = z.output<typeof generateInvoiceRequest>;

/** POST /api/invoices/{id}/send: to the client's own address unless `to` is given. */
export const sendInvoiceRequest = z.object({ to: optionalEmailAddress }).strict();
export type SendInvoiceRequest = z.output<typeof sendInvoiceRequest>;

/** GET /api/invoices/{id}/pdf?download=1 → attachment instead of inline. */
export const invoicePdfQuery = z.object({
  download: z.enum(["0", "1", "true", "false"], { error: "download must be 1 or 0" }).optional(),
});

/** One line of an invoice: a snapshot of the billed call or email. */
export const invoiceItemJson = z.object({
  id,
  position: count,
  kind: z.enum(["call", "email"]),
  callId: id.nullable().describe("The billed call's id while the item holds it (null once released by voiding)"),
  emailId: id.nullable(),
  sourceId: id.nullable(),
  date: day,
  description: text(),
  ...pricedFields,
  released: z.boolean(),
  userId: id.nullable().describe("The line's timekeeper: the member whose call or email it bills, recorded when invoiced"),
  timekeeper: text().nullable().describe("That member's name (null for a line recorded with no member)"),
});
export type InvoiceItemJson = z.infer<typeof invoiceItemJson>;

/** An invoice as GET /api/invoices lists it, with its client, currency and dates. */
export const invoiceJson = z.object({
  id,
  invoiceNumber: text(),
  clientId: id,
  clientName: text(),
  clientEmail: text().nullable(),
  dateFrom: day,
  dateTo: day,
  status: z.enum(INVOICE_STATUSES),
  template: z.enum(INVOICE_TEMPLATES),
  totalCalls: count,
  totalEmails: count,
  totalDuration: count.describe("Raw seconds of every line"),
  subtotal: money,
  total: money,
  currency: text(),
  issueDate: day,
  dueDate: day,
  sentTo: text().nullable(),
  sentAt: instant.nullable(),
  paidAt: instant.nullable(),
  voidedAt: instant.nullable(),
  createdAt: instant,
});
export type InvoiceJson = z.infer<typeof invoiceJson>;

/**
 * An invoice in the lists (GET /api/invoices, /page) with the members its lines name: empty when it names
 * nobody (a solo practice: core/invoice-timekeepers.ts).
 */
export const invoiceListItemJson = invoiceJson.extend({ timekeepers: z.array(text()) });
export type InvoiceListItemJson = z.infer<typeof invoiceListItemJson>;

/** GET /api/invoices?userId=: the invoices with at least one line by that member (issue 26 §2). */
export const invoicesListQuery = z.object({ ...memberFilter });

/**
 * GET /api/invoices/page (docs/paging.md): invoices newest first, one keyset page at a time, optionally one
 * client's and/or those with a line by one member (`userId`).
 */
export const invoicesPageQuery = z.object({ clientId: idText("clientId").optional(), ...memberFilter, ...pageParams });
export type InvoicesPageQuery = z.output<typeof invoicesPageQuery>;
export const invoicesPage = pageOf(invoiceListItemJson);
export type InvoicesPage = z.infer<typeof invoicesPage>;

export const invoiceDetailJson = invoiceJson.extend({
  items: z.array(invoiceItemJson),
  showsTimekeepers: z.boolean().describe("Whether the screen and PDF name each line's member (core/invoice-timekeepers.ts)"),
});
export type InvoiceDetailJson = z.infer<typeof invoiceDetailJson>;

/** POST /api/invoices answer: one invoice per client that had something to bill. */
export const createInvoicesResponse = z.object({ invoices: z.array(invoiceJson), message: text() });
export type CreateInvoicesResponse = z.infer<typeof createInvoicesResponse>;

/** POST /api/invoices/generate answer (invoiceNumber, total). */
export const generateInvoiceResponse = z.object({ invoiceNumber: text(), total: money, invoice: invoiceJson });
export type GenerateInvoiceResponse = z.infer<typeof generateInvoiceResponse>;

/** send, mark-paid, void answers. */
export const invoiceActionResponse = z.object({ invoice: invoiceJson, message: text() });
export type InvoiceActionResponse = z.infer<typeof invoiceActionResponse>;

/** DELETE /api/invoices/{id}: a draft is deleted and its lines can be invoiced again. */
export const deleteInvoiceResponse = z.object({
  id,
  invoiceNumber: text(),
  releasedCalls: count,
  releasedEmails: count,
  message: text(),
});
export type DeleteInvoiceResponse = z.infer<typeof deleteInvoiceResponse>;
