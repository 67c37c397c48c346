import { z } from "zod";
import { EMAIL_COMPLEXITIES } from "../email-estimate.js";
import { idText, rowId, text } from "./common.js";
import { billingRateField, CLIENT_REQUIRED_FOR_SAVE, emailInput } from "./email-search.js";
import { pageOf } from "./paging.js";
import { count, id, instant, money, rateField } from "./response-fields.js";

/** Tracked emails: saving a priced email for a client, the lists, accounting sync. */

export const RECENT_EMAILS_LIMIT = 10;
export const EMAIL_TYPES = ["inbound", "outbound"] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

/** POST /api/emails/track. Only the rate is read from billingCalculation; time and amount are recomputed. */
export const trackEmailRequest = z.object({
  emailData: emailInput,
  clientId: z.union([rowId("clientId", { all: CLIENT_REQUIRED_FOR_SAVE }), idText("clientId", CLIENT_REQUIRED_FOR_SAVE)], {
    error: CLIENT_REQUIRED_FOR_SAVE,
  }),
  billingCalculation: z.object({ billingRate: billingRateField }, { error: "billingCalculation must be an object" }).optional(),
});
export type TrackEmailInput = z.input<typeof trackEmailRequest>;

/** A tracked email as every list answers it (the client log's emails too). */
export const trackedEmailResponse = z.object({
  id,
  subject: text(),
  emailType: z.enum(EMAIL_TYPES),
  complexity: z.enum(EMAIL_COMPLEXITIES),
  estimatedHours: money.describe('Billed hours, 2 decimals: "0.25"'),
  billedSeconds: count.describe("Billed time in seconds, exact: add these, not estimatedHours"),
  amount: rateField(money),
  wordCount: count,
  billingRate: rateField(money.describe("Per hour")),
  createdAt: instant,
  clientId: id,
  clientName: text().nullable(),
  totalTime: count.describe("Raw minutes (reading + writing) before the minimum and rounding"),
  billedMinutes: count,
  readTimeMinutes: count,
  replyTimeMinutes: count,
  sender: text().nullable(),
  recipient: text().nullable(),
  sentAt: instant.nullable(),
  messageKey: text(),
  invoiceId: id.nullable(),
});
export type TrackedEmailResponse = z.infer<typeof trackedEmailResponse>;

/** GET /api/emails/page (docs/paging.md): tracked emails newest first, one keyset page at a time. */
export const trackedEmailsPage = pageOf(trackedEmailResponse);
export type TrackedEmailsPage = z.infer<typeof trackedEmailsPage>;

export const trackEmailResponse = z.object({
  success: z.literal(true),
  billing: z.object({ totalAmount: money, billedMinutes: z.number().nonnegative() }),
  message: text(),
  email: trackedEmailResponse,
});
export type TrackEmailResponse = z.infer<typeof trackEmailResponse>;

/** GET /api/emails?limit=10 */
export const listEmailsQuery = z.object({
  limit: text()
    .trim()
    .regex(/^\d+$/, "limit must be a whole number from 1 to 100")
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(1, "limit must be a whole number from 1 to 100")
        .max(100, "limit must be a whole number from 1 to 100"),
    )
    .default(RECENT_EMAILS_LIMIT),
});

/** POST /api/emails/{id}/sync-accounting (the screen always sends quickbooks). */
export const syncAccountingRequest = z.object({
  integrationId: text({ error: "integrationId must be an accounting provider such as quickbooks" })
    .trim()
    .min(1, "integrationId must be an accounting provider such as quickbooks")
    .max(50, "integrationId must be an accounting provider such as quickbooks")
    .default("quickbooks"),
});

/** POST /api/emails/{id}/sync-accounting: 200 when sent, 409 (with `error` and `requestId`) when it could not be. */
export const syncAccountingResponse = z.object({
  success: z.boolean(),
  message: text(),
  error: text().optional(),
  requestId: text().optional(),
});
