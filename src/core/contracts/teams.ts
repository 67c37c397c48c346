import { z } from "zod";
import { optionalEmailAddress, text } from "./common.js";
import { instant } from "./response-fields.js";

/**
 * Settings → Integrations → Teams: an Entra ID app
 * (tenant ID, client ID and the client secret the client-credentials flow needs), its test against
 * Microsoft's identity platform, and the Graph subscription to call records that captures meetings.
 * Shared by the server's routes and the browser's form.
 */

/** Word for word as the product specifies it: the save and the test both need the tenant ID and the client ID. */
export const TEAMS_MISSING_INFORMATION = "Missing Information: Please provide both Tenant ID and Client ID.";
/** Without a secret (entered now or stored before) no token can be asked for. */
export const TEAMS_SECRET_REQUIRED =
  "Please provide the Client Secret (Certificates & secrets in your Entra ID app): the client-credentials flow needs it";
/** The toasts' titles. */
export const TEAMS_SETUP_FAILED = "Setup Failed";
export const TEAMS_TEST_FAILED = "Test Failed";

/** Application permissions the app needs, with admin consent. */
export const TEAMS_PERMISSIONS = [
  "CallRecords.Read.All",
  "OnlineMeetings.Read.All",
  "Calendars.Read",
  "User.ReadBasic.All",
] as const;

/** Webhook URL path: one per account, by a random token (integrations.webhook_token). */
export const TEAMS_WEBHOOK_PATH = "/api/webhooks/teams";

/**
 * connected: Microsoft issued a token and Graph created the subscription after validating our
 * webhook URL (a real round trip through the provider); error: the last attempt failed (lastError
 * says Microsoft's words); not connected: not set up, disabled, or never verified.
 */
export const TEAMS_STATUSES = ["connected", "not connected", "error"] as const;
export type TeamsStatus = (typeof TEAMS_STATUSES)[number];

/** An Entra ID identifier: a GUID, or for the tenant also a domain ("contoso.onmicrosoft.com"). */
const identifier = (label: string) =>
  text({ error: TEAMS_MISSING_INFORMATION })
    .trim()
    .min(1, TEAMS_MISSING_INFORMATION)
    .max(200, `${label} is too long (at most 200 characters)`)
    .regex(/^[A-Za-z0-9][A-Za-z0-9.-]*$/, `${label} must be a GUID or a domain like contoso.onmicrosoft.com`);

const clientSecret = text({ error: "clientSecret must be text" })
  .trim()
  .max(500, "Client Secret is too long (at most 500 characters)")
  .optional()
  .nullable()
  .transform((value) => value || null);

/**
 * POST /api/integrations/teams: tenantId, clientId and enabled, plus the client secret
 * (optional when one is stored: leaving the field empty keeps it).
 */
export const teamsSettingsRequest = z
  .object({
    tenantId: identifier("Tenant ID"),
    clientId: identifier("Client ID"),
    clientSecret,
    enabled: z.boolean({ error: "enabled must be true or false" }).optional().default(true),
    /** The user's Microsoft sign-in name when it is not their Minutely email (empty: the Minutely email). */
    microsoftUser: optionalEmailAddress,
  })
  .strict();
export type TeamsSettingsInput = z.input<typeof teamsSettingsRequest>;
export type TeamsSettingsRequest = z.infer<typeof teamsSettingsRequest>;

/** POST /api/integrations/teams/test: tenantId and clientId; the secret falls back to the stored one. */
export const teamsTestRequest = z
  .object({
    tenantId: identifier("Tenant ID"),
    clientId: identifier("Client ID"),
    clientSecret,
    /** The form sends its whole state; the test ignores it. */
    enabled: z.boolean({ error: "enabled must be true or false" }).optional(),
  })
  .strict();
export type TeamsTestInput = z.input<typeof teamsTestRequest>;
export type TeamsTestRequest = z.infer<typeof teamsTestRequest>;

/** The test's answer: success and, on failure, Microsoft's own error text (AADSTS…). */
export const teamsTestResponse = z.object({ success: z.boolean(), message: text() });
export type TeamsTestResponse = z.infer<typeof teamsTestResponse>;

/** GET /api/integrations/teams: never a secret, only whether one is stored. */
export const teamsIntegrationJson = z.object({
  configured: z.boolean(),
  enabled: z.boolean(),
  status: z.enum(TEAMS_STATUSES),
  tenantId: text().nullable(),
  clientId: text().nullable(),
  hasClientSecret: z.boolean(),
  /** Where Graph posts call-record notifications (the app's own path with the account's token). */
  webhookUrl: text().nullable(),
  /** When Graph's subscription ends unless renewed (a job renews it well before). */
  subscriptionExpiresAt: instant.nullable(),
  /** When a verified notification last arrived. */
  lastEventAt: instant.nullable(),
  /** Microsoft's words from the last failed token, subscription or call-record request. */
  lastError: text().nullable(),
  permissions: z.array(z.enum(TEAMS_PERMISSIONS)),
  /** The Microsoft sign-in the owner was looked up by, whether Entra ID knew it (their object id is stored), and why not. */
  microsoftUser: text().nullable(),
  ownerRecognised: z.boolean(),
  ownerNote: text().nullable(),
});
export type TeamsIntegrationJson = z.infer<typeof teamsIntegrationJson>;

/** POST /api/integrations/teams's answer (Integration Created / Integration Updated on screen). */
export const teamsSaveResponse = z.object({
  success: z.literal(true),
  created: z.boolean(),
  message: text(),
  integration: teamsIntegrationJson,
});
export type TeamsSaveResponse = z.infer<typeof teamsSaveResponse>;

/** The webhook URL's token: what newWebhookToken makes (base64url). Anything else names no account. */
export const teamsWebhookParams = z.object({
  token: text().regex(/^[A-Za-z0-9_-]{16,128}$/, "Unknown webhook URL"),
});

/** Graph's validation handshake: `?validationToken=…` (decoded by the query parser). */
export const teamsWebhookQuery = z.object({
  validationToken: text().max(1024, "validationToken is too long").optional(),
});

/** A notification delivery's answer (202): how many items were queued. */
export const teamsWebhookResponse = z.object({ accepted: z.number().int().nonnegative() });
