import { z } from "zod";
import type { BillingType } from "../billing/rules.js";
import { text } from "./common.js";
import { billingTypeField, decimalRate, minimumMinutesField, roundingIncrementField } from "./settings.js";

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
  /** The spec also shows `phoneNumber`; accepted as an alias of `phone`. */
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
};

/**
 * The Add/Edit Client form and POST /api/clients (spec 000 §5, §7.2). Name is required; every
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

/** Billing type a new client gets when it has its own rate and none is chosen (spec 000 §5). */
export const DEFAULT_CLIENT_BILLING_TYPE: BillingType = "hour";

/** One client as every client endpoint answers it. */
export type ClientResponse = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  caseType: string | null;
  address: string | null;
  notes: string | null;
  /** The client's own rate ("150.00") or null when it uses the account's default rate. */
  billingRate: string | null;
  /** The unit of the client's own rate; null exactly when billingRate is null. */
  billingType: BillingType | null;
  minimumBillingMinutes: number | null;
  roundingIncrementMinutes: number | null;
  /** The rules in force after resolving the overrides with the account's defaults (DECISIONS.md 8). */
  effectiveBillingRate: string;
  effectiveBillingType: BillingType;
  effectiveMinimumBillingMinutes: number;
  effectiveRoundingIncrementMinutes: number;
  archived: boolean;
  archivedAt: string | null;
  createdAt: string;
};

/** GET /api/clients/{id}: the client and the totals of its detail page. */
export type ClientDetailResponse = ClientResponse & {
  summary: {
    totalCalls: number;
    totalDurationSeconds: number;
    callRevenue: string;
    emailRevenue: string;
    /** Calls plus emails (spec 000 §2.8). */
    totalRevenue: string;
    totalEmails: number;
    totalInvoices: number;
  };
};

/** DELETE /api/clients/{id} (DECISIONS.md 10). */
export type DeleteClientResponse = {
  id: number;
  /** "archived": the client has invoices and is hidden but kept; "deleted": erased. */
  outcome: "archived" | "deleted";
  /** Calls kept without a client when an erased client had any. */
  detachedCalls: number;
  /** Tracked emails removed with an erased client (an email cannot exist without its client). */
  removedEmails: number;
  message: string;
};

/**
 * GET /api/clients/{id}/calls, /emails and /invoices answer lists in the same shapes as the
 * calls, emails and invoices endpoints, so one component can show either.
 */
export type { CallJson as ClientCallJson, ClientEmailJson } from "./calls.js";
export type { InvoiceJson as ClientInvoiceJson } from "./invoices.js";
