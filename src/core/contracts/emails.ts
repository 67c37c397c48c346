import { z } from "zod";
import type { EmailComplexity } from "../email-estimate.js";
import { idText, isoInstant, rowId, text } from "./common.js";
import { decimalRate } from "./settings.js";

/**
 * Email time tracking (spec 001 §2, §3, §5, §7): the mailbox connection, search, billing
 * calculation and tracked emails. Validation messages are the specification's, verbatim.
 */

export const EMAIL_PROVIDERS = ["gmail", "outlook", "yahoo", "imap"] as const;
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];
export const EMAIL_PROVIDER_LABELS: Record<EmailProvider, string> = {
  gmail: "Gmail",
  outlook: "Outlook",
  yahoo: "Yahoo Mail",
  imap: "Other (IMAP)",
};

/** The known servers (port 993, implicit TLS); only `imap` takes a custom host, port and TLS choice. */
export const MAILBOX_PRESETS: Record<Exclude<EmailProvider, "imap">, { host: string; port: number; secure: boolean }> = {
  gmail: { host: "imap.gmail.com", port: 993, secure: true },
  outlook: { host: "outlook.office365.com", port: 993, secure: true },
  yahoo: { host: "imap.mail.yahoo.com", port: 993, secure: true },
};

/** Providers that can also sign in with OAuth 2.0 (XOAUTH2), and the deployment's name for each. */
export const OAUTH_PROVIDERS = { gmail: "google", outlook: "microsoft" } as const;
export type OAuthEmailProvider = keyof typeof OAUTH_PROVIDERS;

export const MAX_SEARCH_RESULTS = 50;
export const RECENT_EMAILS_LIMIT = 10;

export const SEARCH_QUERY_REQUIRED = "Search Query Required: Please enter an email subject to search for";
export const EMAIL_INTEGRATION_REQUIRED = "Email Integration Required: Please connect your email account in Settings first";
export const NO_EMAILS_SELECTED = "No Emails Selected: Please select at least one email to calculate billing";
export const NO_BILLING_CALCULATIONS = "No Billing Calculations: Please calculate billing before saving";
export const CLIENT_REQUIRED_FOR_SYNC = "Client Required: Please select a client before syncing to accounting";
export const CLIENT_REQUIRED_FOR_SAVE = "Client Required: Please select a client before saving billing records";

const providerField = z.enum(EMAIL_PROVIDERS, { error: "Provider must be gmail, outlook, yahoo or imap" });

/** A host name or IP address, no scheme, port or path. */
const hostField = text({ error: "Server host must be text" })
  .trim()
  .min(1, "Server host is required for a custom IMAP server")
  .max(253, "Server host is too long")
  .regex(
    /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$|^\[?[0-9A-Fa-f:.]+\]?$/,
    "Server host must be a host name such as imap.example.com, without https:// or a port",
  );

const PORT_MESSAGE = "Port must be a whole number from 1 to 65535";
/** A port from a number or a form's text; "" and null mean "the default". */
const portField = z
  .union([z.number(), text(), z.null()], { error: PORT_MESSAGE })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return undefined;
    const port = typeof value === "number" ? value : /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      ctx.addIssue({ code: "custom", message: PORT_MESSAGE });
      return z.NEVER;
    }
    return port;
  });

/**
 * PUT /api/integrations/email. For gmail, outlook and yahoo the server's preset is used whatever
 * host, port and secure say. `password` absent keeps the stored one; `address` defaults to the
 * username when that is an email address.
 */
export const mailboxSettingsRequest = z
  .object({
    provider: providerField,
    host: z
      .union([z.literal(""), z.null(), hostField])
      .optional()
      .transform((value) => value || undefined),
    port: portField,
    secure: z.boolean({ error: "TLS must be true or false" }).optional(),
    username: text({ error: "Username is required" }).trim().min(1, "Username is required").max(254, "Username is too long"),
    password: text({ error: "App password must be text" })
      .max(1000, "App password is too long")
      .transform((value) => value.trim())
      .optional(),
    address: z
      .union([
        z.literal(""),
        z.null(),
        text({ error: "Please enter a valid email address" })
          .trim()
          .toLowerCase()
          .max(254)
          .pipe(z.email("Please enter a valid email address")),
      ])
      .optional()
      .transform((value) => (value ? value : undefined)),
    enabled: z.boolean({ error: "Enabled must be true or false" }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.provider === "imap" && !value.host)
      ctx.addIssue({ code: "custom", path: ["host"], message: "Server host is required for a custom IMAP server" });
  });
export type MailboxSettingsInput = z.input<typeof mailboxSettingsRequest>;
export type MailboxSettingsRequest = z.output<typeof mailboxSettingsRequest>;

/** GET/PUT /api/integrations/email: never a password or token. */
export type MailboxSettingsResponse = {
  enabled: boolean;
  provider: EmailProvider | null;
  host: string | null;
  port: number | null;
  secure: boolean | null;
  username: string | null;
  /** The mailbox's own address: mail from it counts as outbound. */
  address: string | null;
  authType: "password" | "oauth2" | null;
  hasPassword: boolean;
  lastTestedAt: string | null;
  lastTestMessage: string | null;
  /** Which OAuth sign-ins this deployment offers ("Connect with Google/Microsoft"). */
  oauthAvailable: { gmail: boolean; outlook: boolean };
};

export type MailboxTestResponse = { success: boolean; message: string; greeting: string | null };

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

/** One email found in the mailbox (spec 001 §3 "Searched email"). Times in minutes. */
export type SearchedEmail = {
  /** Stable across searches: the Message-ID, else folder + UIDVALIDITY + UID. */
  id: string;
  subject: string;
  sender: string;
  recipient: string;
  timestamp: string;
  wordCount: number;
  isInbound: boolean;
  estimatedReadTime: number;
  estimatedReplyTime: number;
  folder: string;
};

export type SearchEmailsResponse = { success: true; results: SearchedEmail[]; count: number; query: string; message: string };

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

/** Per hour; 150.00 when absent (spec 001 §5, §9). */
const billingRateField = decimalRate("Billing rate").optional();

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

export type EmailBillingLine = {
  emailId: string;
  subject: string;
  complexity: EmailComplexity;
  wordCount: number;
  isInbound: boolean;
  readTimeMinutes: number;
  replyTimeMinutes: number;
  totalTimeMinutes: number;
  /** After the minimum and rounding; what the amount is priced on. */
  billedMinutes: number;
  /** Per hour, "150.00". */
  billingRate: string;
  totalAmount: string;
};

export type CalculateBillingResponse = {
  success: true;
  calculations: EmailBillingLine[];
  summary: { totalAmount: string; totalEmails: number; totalTimeHours: number };
  message: string;
};

/** POST /api/emails/track. Only the rate is read from billingCalculation; time and amount are recomputed. */
export const trackEmailRequest = z.object({
  emailData: emailInput,
  clientId: z.union([rowId("clientId", { all: CLIENT_REQUIRED_FOR_SAVE }), idText("clientId", CLIENT_REQUIRED_FOR_SAVE)], {
    error: CLIENT_REQUIRED_FOR_SAVE,
  }),
  billingCalculation: z.object({ billingRate: billingRateField }, { error: "billingCalculation must be an object" }).optional(),
});
export type TrackEmailInput = z.input<typeof trackEmailRequest>;

/** A tracked email as every list answers it (spec 001 §3 "Tracked email"). */
export type TrackedEmailResponse = {
  id: number;
  subject: string;
  emailType: "inbound" | "outbound";
  complexity: EmailComplexity;
  /** Billed hours, 2 decimals: "0.25". */
  estimatedHours: string;
  amount: string;
  wordCount: number;
  /** Per hour: "150.00". */
  billingRate: string;
  createdAt: string;
  clientId: number;
  clientName: string | null;
  /** Raw minutes (reading + writing) before the minimum and rounding. */
  totalTime: number;
  billedMinutes: number;
  readTimeMinutes: number;
  replyTimeMinutes: number;
  sender: string | null;
  recipient: string | null;
  sentAt: string | null;
  messageKey: string;
  invoiceId: number | null;
};

export type TrackEmailResponse = {
  success: true;
  billing: { totalAmount: string; billedMinutes: number };
  message: string;
  email: TrackedEmailResponse;
};

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

/** GET /api/integrations/email/oauth/{provider}/callback: what the provider sends back. */
export const oauthCallbackQuery = z.object({
  code: text().max(4096).optional(),
  state: text().max(4096).optional(),
  error: text().max(500).optional(),
  error_description: text().max(2000).optional(),
});

/** Where the OAuth callback sends the browser back to (the /emails screen shows the outcome and the connected mailbox). */
export const OAUTH_RETURN_PATH = "/emails";
/** Settings → Integrations → Email. */
export const EMAIL_SETTINGS_PATH = "/settings?tab=integrations&sub=email";
