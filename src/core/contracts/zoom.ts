import { z } from "zod";
import { text } from "./common.js";
import { instant } from "./response-fields.js";

/**
 * Settings → Integrations → Zoom: the Marketplace app's
 * credentials, the webhook URL to paste into it and whether Zoom's events have arrived. Shared by the
 * server's routes and the browser's form.
 */

/** Word for word as the product specifies it: either the API key (Client ID) or the API secret (Client Secret) is missing. */
export const ZOOM_KEYS_REQUIRED = "Please provide both API Key and API Secret";
/** The Secret Token signs every event; without it no delivery can be verified. */
export const ZOOM_SECRET_TOKEN_REQUIRED =
  "Please provide the Secret Token (your Zoom app's Features → Access page): Zoom signs every event with it";
/** The setup toast on failure. */
export const ZOOM_SETUP_FAILED = "Error: Failed to setup Zoom integration";

/** Settings → Zoom: the event subscriptions to add to the app, in the order the screen lists them. */
export const ZOOM_EVENTS = ["meeting.started", "meeting.ended", "meeting.participant_joined"] as const;
export type ZoomEventName = (typeof ZOOM_EVENTS)[number];

/** Webhook URL path: one per account, by a random token (integrations.webhook_token). */
export const ZOOM_WEBHOOK_PATH = "/api/webhooks/zoom";

/** connected: a signed event has arrived; awaiting_events: saved, nothing verified yet; disconnected: not set up. */
export const ZOOM_STATUSES = ["connected", "awaiting_events", "disconnected"] as const;
export type ZoomStatus = (typeof ZOOM_STATUSES)[number];

/** Zoom account ids: letters, digits, "-" and "_" (e.g. "lAAAAAAAAAAAAAAAAAAAAAA"). */
export const ZOOM_ACCOUNT_ID = /^[A-Za-z0-9_-]{6,64}$/;
export const ZOOM_ACCOUNT_ID_MESSAGE = "Account ID must be the one on your Zoom app's App Credentials page (letters and digits)";

const credential = (message: string, label: string) =>
  text({ error: message }).trim().min(1, message).max(300, `${label} is too long (at most 300 characters)`);

/**
 * POST /api/integrations/setup-zoom: apiKey, apiSecret and webhookUrl, plus the secret
 * token Zoom signs events with. Labelled by Zoom's Marketplace names today: Client ID, Client Secret,
 * Secret Token. `webhookUrl` is accepted because the web client sends it, and ignored: the server
 * decides the URL (its own path with the account's token).
 */
export const setupZoomRequest = z
  .object({
    apiKey: credential(ZOOM_KEYS_REQUIRED, "Client ID"),
    apiSecret: credential(ZOOM_KEYS_REQUIRED, "Client Secret"),
    webhookSecretToken: credential(ZOOM_SECRET_TOKEN_REQUIRED, "Secret Token"),
    webhookUrl: text({ error: "webhookUrl must be text" }).max(2000, "webhookUrl is too long").optional().nullable(),
    /**
     * The Server-to-Server OAuth app's Account ID: with the Client ID and Secret it reads
     * Zoom's record of past meetings to recover any whose webhook was lost. Optional: Zoom's events
     * name it too, and it is learned from the first verified one.
     */
    accountId: z
      .union([text().trim().regex(ZOOM_ACCOUNT_ID, ZOOM_ACCOUNT_ID_MESSAGE), z.literal(""), z.null()])
      .optional()
      .transform((value) => value || undefined),
  })
  .strict();
export type SetupZoomInput = z.input<typeof setupZoomRequest>;
export type SetupZoomRequest = z.infer<typeof setupZoomRequest>;

export const setupZoomResponse = z.object({
  success: z.literal(true),
  message: text(),
  /** The absolute URL to paste into the Zoom app's Event Subscription. */
  webhookUrl: text(),
});
export type SetupZoomResponse = z.infer<typeof setupZoomResponse>;

/** GET /api/integrations/zoom: never a secret, only whether each is stored. */
export const zoomIntegrationJson = z.object({
  configured: z.boolean(),
  enabled: z.boolean(),
  status: z.enum(ZOOM_STATUSES),
  /** The app's Client ID (the API's apiKey): not secret, shown back so the user knows which app. */
  clientId: text().nullable(),
  hasClientSecret: z.boolean(),
  hasSecretToken: z.boolean(),
  webhookUrl: text().nullable(),
  events: z.array(z.enum(ZOOM_EVENTS)),
  /** When a verified delivery (an event or Zoom's URL validation) last arrived. */
  lastEventAt: instant.nullable(),
  /** The Zoom account whose record reconciliation reads (entered, or learned from a verified event). */
  accountId: text().nullable(),
});
export type ZoomIntegrationJson = z.infer<typeof zoomIntegrationJson>;

/** The webhook URL's token: what newWebhookToken makes (base64url). Anything else cannot name an account. */
export const zoomWebhookParams = z.object({
  token: text().regex(/^[A-Za-z0-9_-]{16,128}$/, "Unknown webhook URL"),
});

/**
 * The webhook's answer: Zoom's URL validation gets `{plainToken, encryptedToken}`; an event gets
 * `{received: true}` (with `ignored: true` when it changed nothing on purpose: an event type not
 * subscribed to, a disabled integration).
 */
export const zoomWebhookResponse = z.object({
  plainToken: text().optional(),
  encryptedToken: text().optional(),
  received: z.boolean().optional(),
  ignored: z.boolean().optional(),
});
export type ZoomWebhookResponse = z.infer<typeof zoomWebhookResponse>;
