import { z } from "zod";
import { ROUNDING_SCOPES } from "../pricing/rounding-scope.js";
import { BILLING_TYPES, type BillingType } from "../pricing/rules.js";
import { text } from "./common.js";
import { count, id, instant, money, rateField } from "./response-fields.js";
import {
  billingTypeField,
  decimalRate,
  minimumMinutesField,
  ROUNDING_SCOPE_MESSAGE,
  roundingIncrementField,
  roundingScopeField,
} from "./settings.js";

/** Optional text: trimmed, "" and null both mean "none" (stored as null). */
const optionalText = (label: string, max: number) =>
  text({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : value === undefined ? undefined : null));

/**
 * "" or null → null (use the account's default); absent → undefined (unchanged on update);
 * anything else must pass `schema`, whose own message is reported.
 */
const orDefault = <T extends z.ZodType>(schema: T, typeMessage: string) =>
  z
    .union([text(), z.number(), z.null()], { error: typeMessage })
    .optional()
    .transform((value, ctx): z.output<T> | null | undefined => {
      if (value === undefined) return undefined;
      if (value === null || (typeof value === "string" && value.trim() === "")) return null;
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    });

const clientFields = {
  name: text({ error: "Name is required" }).trim().min(1, "Name is required").max(200, "Name must be at most 200 characters"),
  email: text({ error: "Please enter a valid email address" })
    .trim()
    .toLowerCase()
    .max(254, "Email address is too long")
    .nullable()
    .optional()
    .transform((value) => (value ? value : value === undefined ? undefined : null))
    .refine((value) => !value || z.email().safeParse(value).success, "Please enter a valid email address"),
  phone: optionalText("Phone", 50),
  /** Older clients send `phoneNumber`; accepted as an alias of `phone`. */
  phoneNumber: optionalText("Phone", 50),
  company: optionalText("Company", 200),
  caseType: optionalText("Case type", 100),
  address: optionalText("Address", 500),
  notes: optionalText("Notes", 5000),
  /** The client's own rate in its billingType's unit; empty means the account's default rate and type. */
  billingRate: orDefault(decimalRate("Billing rate"), "Billing rate must be an amount such as 150.00"),
  billingType: orDefault(billingTypeField, "Billing type must be minute, hour or call"),
  minimumBillingMinutes: orDefault(minimumMinutesField, "Minimum billing minutes must be a whole number from 0 to 1440"),
  roundingIncrementMinutes: orDefault(roundingIncrementField, "Rounding increment must be 1, 6, 15 or 30 minutes"),
  roundingScope: orDefault(roundingScopeField, ROUNDING_SCOPE_MESSAGE),
};

/**
 * The Add/Edit Client form and POST /api/clients. Name is required; every
 * other field is optional. billingRate comes out as integer cents (or null = account default).
 */
export const createClientRequest = z.object(clientFields);
export type ClientFormInput = z.input<typeof createClientRequest>;
export type CreateClientRequest = z.output<typeof createClientRequest>;

/** PUT /api/clients/{id}: the same fields; absent fields keep their value, "" or null clears an optional one. */
export const updateClientRequest = z.object({ ...clientFields, name: clientFields.name.optional() });
export type UpdateClientRequest = z.output<typeof updateClientRequest>;

/** GET /api/clients?includeArchived=true also lists archived clients (invoice filters need them). */
export const listClientsQuery = z.object({
  includeArchived: z
    .enum(["true", "false"], { error: "includeArchived must be true or false" })
    .optional()
    .transform((value) => value === "true"),
});

/** Billing type a new client gets when it has its own rate and none is chosen. */
export const DEFAULT_CLIENT_BILLING_TYPE: BillingType = "hour";

/** One client as every client endpoint answers it. */
export const clientResponse = z.object({
  id,
  name: text(),
  email: text().nullable(),
  phone: text().nullable(),
  company: text().nullable(),
  caseType: text().nullable(),
  address: text().nullable(),
  notes: text().nullable(),
  billingRate: rateField(money.nullable().describe("The client's own rate, or null when it uses the account's default rate")),
  billingType: z
    .enum(BILLING_TYPES)
    .nullable()
    .describe("The unit of the client's own rate; null exactly when billingRate is null"),
  minimumBillingMinutes: count.nullable(),
  roundingIncrementMinutes: count.nullable(),
  effectiveBillingRate: rateField(money.describe("The rules in force after resolving the overrides with the account's defaults")),
  effectiveBillingType: z.enum(BILLING_TYPES),
  effectiveMinimumBillingMinutes: count,
  effectiveRoundingIncrementMinutes: count,
  roundingScope: z.enum(ROUNDING_SCOPES).nullable().describe("The client's own rounding scope, or null for the account's"),
  effectiveRoundingScope: z
    .enum(ROUNDING_SCOPES)
    .describe("Where rounding and the minimum apply: each call, each day's total or each invoice's total"),
  archived: z.boolean(),
  archivedAt: instant.nullable(),
  createdAt: instant,
});
export type ClientResponse = z.infer<typeof clientResponse>;

/** GET /api/clients/{id}: the client and the totals of its detail page. */
export const clientDetailResponse = clientResponse.extend({
  summary: z.object({
    totalCalls: count,
    totalDurationSeconds: count,
    callRevenue: rateField(money),
    emailRevenue: rateField(money),
    totalRevenue: rateField(money.describe("Calls plus emails")),
    totalEmails: count,
    totalInvoices: count,
  }),
});
export type ClientDetailResponse = z.infer<typeof clientDetailResponse>;

/** DELETE /api/clients/{id}: a client with invoices is archived, one without is erased. */
export const deleteClientResponse = z.object({
  id,
  outcome: z.enum(["archived", "deleted"]),
  detachedCalls: count.describe("Calls kept without a client when an erased client had any"),
  removedEmails: count.describe("Tracked emails removed with an erased client"),
  message: text(),
});
export type DeleteClientResponse = z.infer<typeof deleteClientResponse>;

/**
 * GET /api/clients/{id}/calls, /emails and /invoices answer lists in the same shapes as the
 * calls, emails and invoices endpoints (one presenter per entity).
 */
export { type CallJson as ClientCallJson, callJson as clientCallJson } from "./calls.js";
export { type InvoiceJson as ClientInvoiceJson, invoiceJson as clientInvoiceJson } from "./invoices.js";
export { type TrackedEmailResponse as ClientEmailJson, trackedEmailResponse as clientEmailJson } from "./tracked-emails.js";
