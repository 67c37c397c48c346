import { z } from "zod";
import { text } from "./common.js";
import { instant } from "./response-fields.js";

/** The mailbox connection of Settings → Integrations → Email (docs/decisions.md D12). */

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

export const providerField = z.enum(EMAIL_PROVIDERS, { error: "Provider must be gmail, outlook, yahoo or imap" });

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

/**
 * The mailbox's status on its settings tab (core/integration-status.ts's row "mailbox"): not set up or
 * switched off, saved and not yet signed in, signed in, the provider refused the OAuth grant, or the last
 * sign-in failed (its words are `lastTestMessage`).
 */
export const MAILBOX_STATUSES = ["disconnected", "saved", "connected", "reconnect", "error"] as const;
export type MailboxStatus = (typeof MAILBOX_STATUSES)[number];

/** A search or test while the provider refuses the stored OAuth grant: only connecting again helps. */
export const MAILBOX_RECONNECT_MESSAGE =
  "The mail provider refused the stored sign-in. Connect the account again in Settings → Integrations → Email.";

/** GET/PUT /api/integrations/email: the caller's own mailbox, never a password or token. */
export const mailboxSettingsResponse = z.object({
  enabled: z.boolean(),
  status: z.enum(MAILBOX_STATUSES),
  provider: z.enum(EMAIL_PROVIDERS).nullable(),
  host: text().nullable(),
  port: z.number().int().nullable(),
  secure: z.boolean().nullable(),
  username: text().nullable(),
  address: text().nullable().describe("The mailbox's own address: mail from it counts as outbound"),
  authType: z.enum(["password", "oauth2"]).nullable(),
  hasPassword: z.boolean(),
  lastTestedAt: instant.nullable(),
  lastTestMessage: text().nullable(),
  oauthAvailable: z.object({ gmail: z.boolean(), outlook: z.boolean() }).describe("Which OAuth sign-ins this deployment offers"),
});
export type MailboxSettingsResponse = z.infer<typeof mailboxSettingsResponse>;

/** POST /api/integrations/email/test. */
export const mailboxTestResponse = z.object({ success: z.boolean(), message: text(), greeting: text().nullable() });
export type MailboxTestResponse = z.infer<typeof mailboxTestResponse>;

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

/** `:provider` of the OAuth sign-in routes. */
export const oauthProviderParam = z.object({ provider: z.enum(["gmail", "outlook"]) });
