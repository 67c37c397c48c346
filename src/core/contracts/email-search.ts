import { z } from "zod";
import { EMAIL_COMPLEXITIES } from "../email-estimate.js";
import { idText, isoInstant, rowId, text } from "./common.js";
import { providerField } from "./mailbox.js";
import { count, instant, money } from "./response-fields.js";
import { decimalRate } from "./settings.js";

/** Searching the mailbox and pricing the chosen emails. Messages are written for people and shown as they are. */

export const MAX_SEARCH_RESULTS = 50;

export const SEARCH_QUERY_REQUIRED = "Search Query Required: Please enter an email subject to search for";
export const EMAIL_INTEGRATION_REQUIRED = "Email Integration Required: Please connect your email account in Settings first";
export const NO_EMAILS_SELECTED = "No Emails Selected: Please select at least one email to calculate billing";
export const NO_BILLING_CALCULATIONS = "No Billing Calculations: Please calculate billing before saving";
export const CLIENT_REQUIRED_FOR_SYNC = "Client Required: Please select a client before syncing to accounting";
export const CLIENT_REQUIRED_FOR_SAVE = "Client Required: Please select a client before saving billing records";

/** POST /api/emails/search. */
export const searchEmailsRequest = z.object({
  subjectQuery: text({ error: SEARCH_QUERY_REQUIRED })
    .trim()
    .min(1, SEARCH_QUERY_REQUIRED)
    .max(200, "Search text must be at most 200 characters"),
  provider: providerField.optional(),
  maxResults: z
    .number({ error: `maxResults must be a whole number from 1 to ${MAX_SEARCH_RESULTS}` })
    .int(`maxResults must be a whole number from 1 to ${MAX_SEARCH_RESULTS}`)
    .min(1, `maxResults must be a whole number from 1 to ${MAX_SEARCH_RESULTS}`)
    .max(MAX_SEARCH_RESULTS, `maxResults must be a whole number from 1 to ${MAX_SEARCH_RESULTS}`)
    .default(MAX_SEARCH_RESULTS),
});
export type SearchEmailsInput = z.input<typeof searchEmailsRequest>;

/** One email found in the mailbox. Times in minutes. */
export const searchedEmail = z.object({
  id: text().describe("Stable across searches: the Message-ID, else folder + UIDVALIDITY + UID"),
  subject: text(),
  sender: text(),
  recipient: text(),
  timestamp: instant,
  wordCount: count,
  isInbound: z.boolean(),
  estimatedReadTime: count,
  estimatedReplyTime: count,
  folder: text(),
});
export type SearchedEmail = z.infer<typeof searchedEmail>;

export const searchEmailsResponse = z.object({
  success: z.literal(true),
  results: z.array(searchedEmail),
  count,
  query: text(),
  message: text(),
});
export type SearchEmailsResponse = z.infer<typeof searchEmailsResponse>;

/** The fields of a searched email the server uses; figures such as estimated times are recomputed, never read. */
export const emailInput = z.object({
  id: text({ error: "Email id is required" }).trim().min(1, "Email id is required").max(1000, "Email id is too long"),
  subject: text({ error: "Subject must be text" }).max(1000, "Subject is too long").default(""),
  sender: text({ error: "Sender must be text" }).max(1000, "Sender is too long").nullish(),
  recipient: text({ error: "Recipient must be text" }).max(2000, "Recipient is too long").nullish(),
  timestamp: isoInstant("timestamp must be an ISO 8601 date and time").nullish(),
  wordCount: z
    .number({ error: "wordCount must be a whole number" })
    .int("wordCount must be a whole number")
    .min(0, "wordCount must not be negative")
    .max(1_000_000, "wordCount is too large"),
  isInbound: z.boolean({ error: "isInbound must be true or false" }),
});
export type EmailInput = z.output<typeof emailInput>;

const CLIENT_ID_MESSAGE = "clientId must be a client's id";
/** A client id as a number or as a select's text ("" = none). */
const optionalClientId = z
  .union([z.null(), z.literal(""), rowId("clientId", { all: CLIENT_ID_MESSAGE }), idText("clientId", CLIENT_ID_MESSAGE)], {
    error: CLIENT_ID_MESSAGE,
  })
  .optional()
  .transform((value) => (value === "" || value === null || value === undefined ? null : value));

/** Per hour; 150.00 when absent. */
export const billingRateField = decimalRate("Billing rate").optional();

/** POST /api/emails/calculate-billing. */
export const calculateBillingRequest = z.object({
  emails: z
    .array(emailInput, { error: NO_EMAILS_SELECTED })
    .min(1, NO_EMAILS_SELECTED)
    .max(MAX_SEARCH_RESULTS, `Select at most ${MAX_SEARCH_RESULTS} emails`),
  billingRate: billingRateField,
  clientId: optionalClientId,
});
export type CalculateBillingInput = z.input<typeof calculateBillingRequest>;

export const emailBillingLine = z.object({
  emailId: text(),
  subject: text(),
  complexity: z.enum(EMAIL_COMPLEXITIES),
  wordCount: count,
  isInbound: z.boolean(),
  readTimeMinutes: count,
  replyTimeMinutes: count,
  totalTimeMinutes: count,
  billedMinutes: count.describe("After the minimum and rounding; what the amount is priced on"),
  billingRate: money.describe("Per hour"),
  totalAmount: money,
});
export type EmailBillingLine = z.infer<typeof emailBillingLine>;

export const calculateBillingResponse = z.object({
  success: z.literal(true),
  calculations: z.array(emailBillingLine),
  summary: z.object({ totalAmount: money, totalEmails: count, totalTimeHours: z.number().nonnegative() }),
  message: text(),
});
export type CalculateBillingResponse = z.infer<typeof calculateBillingResponse>;
