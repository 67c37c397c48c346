import { z } from "zod";
import { text } from "./common.js";
import { instant } from "./response-fields.js";

/**
 * Settings → Integrations → Meet: a Google Cloud
 * OAuth client (client ID and secret), the user's consent for their Google account (a refresh token),
 * a Calendar push channel, and the Meet conference records that become calls. Shared by the server's
 * routes and the browser's form.
 */

/** Both are required for Meet, worded like the Teams message. */
export const MEET_MISSING_INFORMATION = "Missing Information: Please provide both Client ID and Client Secret.";
/** The toasts' titles. */
export const MEET_SETUP_FAILED = "Setup Failed";
export const MEET_TEST_FAILED = "Test Failed";
/** What the screen says when Google refused the stored refresh token (revoked, expired, password changed). */
export const MEET_RECONNECT_MESSAGE =
  "Google no longer accepts Minutely's access to your calendar. Reconnect your Google account to resume capturing Meet calls.";

/** The scopes asked for at consent: read the calendar (the push channel and its events) and Meet's conference records. */
export const MEET_SCOPES = [
  "https://www.googleapis.com/auth/calendar.readonly",
  "https://www.googleapis.com/auth/calendar.events.readonly",
  "https://www.googleapis.com/auth/meetings.space.readonly",
] as const;

export const MEET_CONNECT_PATH = "/api/integrations/meet/connect";
/** The redirect URI to register in Google Cloud (origin + this path). */
export const MEET_CALLBACK_PATH = "/api/integrations/meet/callback";
/** Calendar push notifications: one URL per account, by a random token (integrations.webhook_token). */
export const MEET_WEBHOOK_PATH = "/api/webhooks/google-calendar";
/** Where the consent flow ends: the Meet sub-tab, with `meet=connected|error` and a message. */
export const MEET_RETURN_PATH = "/settings?tab=integrations&sub=meet";

/**
 * connected: Google issued a refresh token and a Calendar call with it succeeded; reconnect: Google
 * refused the refresh token since (invalid_grant); not connected: not set up, or no consent yet.
 */
export const MEET_STATUSES = ["connected", "not connected", "reconnect"] as const;
export type MeetStatus = (typeof MEET_STATUSES)[number];

const clientId = text({ error: MEET_MISSING_INFORMATION })
  .trim()
  .min(1, MEET_MISSING_INFORMATION)
  .max(300, "Client ID is too long (at most 300 characters)")
  .regex(/^[\x21-\x7e]+$/, "Client ID has no spaces: copy it from Google Cloud → APIs & Services → Credentials");

/** Optional in the body: empty keeps the stored secret; with none stored the server answers MEET_MISSING_INFORMATION. */
const clientSecret = text({ error: "clientSecret must be text" })
  .trim()
  .max(500, "Client Secret is too long (at most 500 characters)")
  .optional()
  .nullable()
  .transform((value) => value || null);

/** POST /api/integrations/meet: clientId, clientSecret and enabled. */
export const meetSettingsRequest = z
  .object({
    clientId,
    clientSecret,
    enabled: z.boolean({ error: "enabled must be true or false" }).optional().default(true),
  })
  .strict();
export type MeetSettingsInput = z.input<typeof meetSettingsRequest>;
export type MeetSettingsRequest = z.infer<typeof meetSettingsRequest>;

/** POST /api/integrations/meet/test: clientId and clientSecret (the secret falls back to the stored one). */
export const meetTestRequest = z.object({ clientId, clientSecret }).strict();
export type MeetTestInput = z.input<typeof meetTestRequest>;

/** The test's answer: success and, on failure, Google's own error (error and error_description). */
export const meetTestResponse = z.object({ success: z.boolean(), message: text() });
export type MeetTestResponse = z.infer<typeof meetTestResponse>;

/** GET /api/integrations/meet: never a secret or token, only whether the secret is stored. */
export const meetIntegrationJson = z.object({
  configured: z.boolean(),
  enabled: z.boolean(),
  status: z.enum(MEET_STATUSES),
  clientId: text().nullable(),
  hasClientSecret: z.boolean(),
  /** The Google account that consented (its primary calendar's address), once connected. */
  googleAccount: text().nullable(),
  /** The redirect URI to register on the OAuth client in Google Cloud. */
  redirectUri: text(),
  /** When the Calendar push channel expires (a job renews it a day before). */
  channelExpiresAt: instant.nullable(),
  /** When a verified Calendar notification last arrived. */
  lastEventAt: instant.nullable(),
  /** Google's words from the last failure (token refresh, watch, sync), null once things work. */
  lastError: text().nullable(),
});
export type MeetIntegrationJson = z.infer<typeof meetIntegrationJson>;

export const meetSaveResponse = z.object({ success: z.literal(true), message: text(), data: meetIntegrationJson });
export type MeetSaveResponse = z.infer<typeof meetSaveResponse>;

/** Google's redirect back to the callback: a code and the state, or an error (access_denied …). */
export const meetCallbackQuery = z
  .object({
    code: text().max(2000).optional(),
    state: text().max(2000).optional(),
    scope: text().max(2000).optional(),
    error: text().max(200).optional(),
    error_description: text().max(1000).optional(),
  })
  .loose();

/** The push URL's token: what newWebhookToken makes (base64url). Anything else cannot name an account. */
export const meetWebhookParams = z.object({
  token: text().regex(/^[A-Za-z0-9_-]{16,128}$/, "Unknown webhook URL"),
});

export const meetWebhookResponse = z.object({ received: z.boolean(), ignored: z.boolean().optional() });
