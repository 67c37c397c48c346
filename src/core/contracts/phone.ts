import { z } from "zod";
import { clearSecretsList, type SecretFieldInfo } from "./clear-secrets.js";
import { text } from "./common.js";
import { instant } from "./response-fields.js";

/**
 * Phone capture settings and screens (Settings → Mobile/iPhone and Landline/Office,
 * /phone-integration: validation and calls): shared by the server's routes and the browser's forms.
 */

/** Word for word as the product specifies it. */
export const PHONE_NUMBER_REQUIRED = "Phone Number Required";
export const INVALID_PHONE_NUMBER =
  "Invalid Phone Number: Please enter a valid phone number with country code (e.g., +1 555-123-4567)";
/** /phone-integration: saving without a number, and starting a test without one configured. */
export const ENTER_PHONE_NUMBER = "Please enter a phone number";
export const CONFIGURE_PHONE_FIRST = "Please configure phone number first";

/** After stripping spaces, hyphens and parentheses, an optional plus, a digit 1-9, then 1 to 14 digits. */
export const PHONE_NUMBER_PATTERN = /^\+?[1-9]\d{1,14}$/;

/** The number as the validation rule reads it: spaces, hyphens and parentheses removed. */
export function compactPhoneNumber(value: string): string {
  return value.replace(/[\s()-]/g, "");
}

export function isValidPhoneNumber(value: string): boolean {
  return PHONE_NUMBER_PATTERN.test(compactPhoneNumber(value));
}

/** A required phone number under PHONE_NUMBER_PATTERN's rule; the stored value is the compact form ("+15551234567"). */
export function phoneNumberField(requiredMessage = PHONE_NUMBER_REQUIRED) {
  return text({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(40, INVALID_PHONE_NUMBER)
    .refine(isValidPhoneNumber, INVALID_PHONE_NUMBER)
    .transform(compactPhoneNumber);
}

export const EXTENSION_MESSAGE = "Extension must be digits only, at most 10";
/** Optional extension: digits, "" and null mean none. */
export const extensionField = z
  .union(
    [
      text()
        .trim()
        .regex(/^\d{0,10}$/, EXTENSION_MESSAGE),
      z.null(),
    ],
    { error: EXTENSION_MESSAGE },
  )
  .optional()
  .transform((value) => (value ? value : null));

/** "+15551234567" and "12" → "+15551234567 ext. 12" (the display number). */
export function displayPhoneNumber(phoneNumber: string | null | undefined, extension: string | null | undefined): string {
  if (!phoneNumber) return "";
  return extension ? `${phoneNumber} ext. ${extension}` : phoneNumber;
}

/** Settings → Mobile: the carriers. */
export const MOBILE_CARRIERS = ["tmobile", "att", "verizon", "boost", "sprint", "metropcs"] as const;
export type MobileCarrier = (typeof MOBILE_CARRIERS)[number];
export const MOBILE_CARRIER_LABELS: Record<MobileCarrier, string> = {
  tmobile: "T-Mobile",
  att: "AT&T",
  verizon: "Verizon",
  boost: "Boost Mobile",
  sprint: "Sprint",
  metropcs: "Metro by T-Mobile",
};

/**
 * Settings → Landline, plus the phone screen's avaya, cisco and other. twilio and signalwire
 * sign their status callbacks with the account's auth token; every other provider posts the documented
 * HMAC-signed JSON webhook (docs/capture-webhook.md).
 */
export const LANDLINE_PROVIDERS = [
  "twilio",
  "signalwire",
  "vonage",
  "8x8",
  "ringcentral",
  "pbx",
  "sip",
  "avaya",
  "cisco",
  "other",
] as const;
export type LandlineProvider = (typeof LANDLINE_PROVIDERS)[number];
export const LANDLINE_PROVIDER_LABELS: Record<LandlineProvider, string> = {
  twilio: "Twilio",
  signalwire: "SignalWire",
  vonage: "Vonage",
  "8x8": "8x8",
  ringcentral: "RingCentral",
  pbx: "Office PBX",
  sip: "SIP trunk",
  avaya: "Avaya",
  cisco: "Cisco",
  other: "Other",
};
/** Providers whose callbacks carry X-Twilio-Signature (SignalWire's LaML API is Twilio-compatible). */
export const TWILIO_COMPATIBLE_PROVIDERS = ["twilio", "signalwire"] as const satisfies readonly LandlineProvider[];
export function isTwilioCompatible(provider: string): provider is (typeof TWILIO_COMPATIBLE_PROVIDERS)[number] {
  return (TWILIO_COMPATIBLE_PROVIDERS as readonly string[]).includes(provider);
}

/** The providers of the /phone-integration screen, twilio first (the default). */
export const PHONE_SCREEN_PROVIDERS = ["twilio", "vonage", "ringcentral", "8x8", "avaya", "cisco", "other"] as const;
export type PhoneScreenProvider = (typeof PHONE_SCREEN_PROVIDERS)[number];

export const MOBILE_STATUSES = ["connected", "configuring", "partial", "disconnected"] as const;
export const LANDLINE_STATUSES = ["connected", "error", "disconnected"] as const;
export type MobileStatus = (typeof MOBILE_STATUSES)[number];
export type LandlineStatus = (typeof LANDLINE_STATUSES)[number];

/** How calls of a mobile reach us. `success` only once an event of that kind has really arrived. */
export const INTEGRATION_METHODS = ["sms", "voice"] as const;
export const INTEGRATION_METHOD_LABELS: Record<(typeof INTEGRATION_METHODS)[number], string> = {
  sms: "SMS commands (CALL_START / CALL_END)",
  voice: "Calls through your Twilio or SignalWire number",
};
export const integrationMethodJson = z.object({
  method: z.enum(INTEGRATION_METHODS),
  label: text(),
  success: z.boolean(),
  lastEventAt: instant.nullable(),
});

/** POST /api/integrations/mobile. */
export const mobileSettingsRequest = z
  .object({
    phoneNumber: phoneNumberField(),
    extension: extensionField,
    provider: z.enum(MOBILE_CARRIERS, { error: "Choose your carrier" }),
    enabled: z.boolean({ error: "enabled must be true or false" }).default(true),
  })
  .strict();
export type MobileSettingsRequest = z.infer<typeof mobileSettingsRequest>;

/** GET /api/integrations/mobile. */
export const mobileSettingsJson = z.object({
  phoneNumber: text().nullable(),
  extension: text().nullable(),
  provider: z.enum(MOBILE_CARRIERS).nullable(),
  enabled: z.boolean(),
  status: z.enum(MOBILE_STATUSES),
  integrationMethods: z.array(integrationMethodJson),
});
export type MobileSettingsJson = z.infer<typeof mobileSettingsJson>;

export const saveMobileResponse = z.object({
  success: z.literal(true),
  message: text(),
  data: mobileSettingsJson.pick({ status: true, integrationMethods: true }),
});

export const SIGNALWIRE_SPACE_MESSAGE = "Space URL must be your SignalWire space, like example.signalwire.com";
/** A SignalWire space as typed ("https://example.signalwire.com/" too) → its host; only *.signalwire.com is accepted. */
export function signalWireSpaceHost(value: string): string | null {
  const host = value
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/\/+$/, "");
  return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.signalwire\.com$/.test(host) ? host : null;
}
const signalWireSpaceField = text({ error: SIGNALWIRE_SPACE_MESSAGE })
  .max(253, SIGNALWIRE_SPACE_MESSAGE)
  .refine((value) => value.trim() === "" || signalWireSpaceHost(value) !== null, SIGNALWIRE_SPACE_MESSAGE)
  .transform((value) => signalWireSpaceHost(value) ?? "");

/**
 * POST /api/integrations/landline and POST /api/integrations/setup-phone. For twilio and
 * signalwire, `accountSid` and `authToken` (the token signs their callbacks; absent keeps the stored one).
 */
export const landlineSettingsRequest = z
  .object({
    provider: z.enum(LANDLINE_PROVIDERS, { error: "Choose your phone provider" }),
    phoneNumber: phoneNumberField(),
    extension: extensionField,
    enabled: z.boolean({ error: "enabled must be true or false" }).default(true),
    accountSid: text({ error: "Account SID must be text" }).trim().max(100, "Account SID is too long").optional(),
    authToken: text({ error: "Auth token must be text" }).trim().max(200, "Auth token is too long").optional(),
    /** Twilio only: the secret of a Webhooks Rule's SharedKey (HMAC-SHA256 signatures); absent keeps the stored one. */
    webhookSharedKey: text({ error: "Shared key must be text" }).trim().max(200, "Shared key is too long").optional(),
    /** SignalWire only: the space's host ("example.signalwire.com"), for reading its call list. */
    spaceUrl: signalWireSpaceField.optional(),
    /** SignalWire only: an API token of the project, for reading its call list; absent keeps the stored one. */
    apiToken: text({ error: "API token must be text" }).trim().max(200, "API token is too long").optional(),
  })
  .strict();
export type LandlineSettingsRequest = z.infer<typeof landlineSettingsRequest>;

/** GET /api/integrations/landline: never the auth token or signing secret, only whether one is stored. */
export const landlineSettingsJson = z.object({
  provider: z.enum(LANDLINE_PROVIDERS).nullable(),
  phoneNumber: text().nullable(),
  extension: text().nullable(),
  enabled: z.boolean(),
  status: z.enum(LANDLINE_STATUSES),
  accountSid: text().nullable(),
  hasAuthToken: z.boolean(),
  hasSigningSecret: z.boolean(),
  /** Twilio: a Webhooks Rule's shared key is stored (HMAC-SHA256 signatures are accepted). */
  hasWebhookSharedKey: z.boolean(),
  /** SignalWire: the space whose call list reconciliation reads, and whether an API token is stored. */
  spaceUrl: text().nullable(),
  hasApiToken: z.boolean(),
  /** Where the provider must send events (absolute, from PUBLIC_URL or the request's origin). */
  voiceWebhookUrl: text().nullable(),
  smsWebhookUrl: text().nullable(),
  genericWebhookUrl: text().nullable(),
  lastEventAt: instant.nullable(),
  lastError: text().nullable(),
});
export type LandlineSettingsJson = z.infer<typeof landlineSettingsJson>;

export const saveLandlineResponse = z.object({
  success: z.literal(true),
  message: text(),
  data: landlineSettingsJson.extend({
    /** Only in the answer that created or rotated it: the generic webhook's signing secret, shown once. */
    signingSecret: text().optional(),
  }),
});

/**
 * The landline's stored secrets, per provider (what `PUT /api/integrations/landline`'s `clearSecrets`
 * may name): the one that verifies its events is required; clearing it leaves the line not connected.
 */
export function landlineSecretFields(provider: LandlineProvider): SecretFieldInfo[] {
  if (!isTwilioCompatible(provider)) return [{ name: "signingSecret", label: "Signing Secret", secret: true, required: true }];
  const authToken = {
    name: "authToken",
    label: provider === "signalwire" ? "Signing Key" : "Auth Token",
    secret: true,
    required: true,
  };
  return provider === "twilio"
    ? [authToken, { name: "webhookSharedKey", label: "Webhook Shared Key", secret: true, required: false }]
    : [authToken, { name: "apiToken", label: "API Token", secret: true, required: false }];
}

/** PUT /api/integrations/landline: erase stored secrets without replacing them (the tab's "Clear"). */
export const landlineUpdateRequest = z.object({ clearSecrets: clearSecretsList }).strict();
export type LandlineUpdateRequest = z.infer<typeof landlineUpdateRequest>;

/** GET /api/integrations/status. */
export const integrationStatusJson = z.object({ phone: z.boolean(), mobile: z.boolean(), landline: z.boolean() });

/** PUT /api/user/phone-integration. */
export const phoneIntegrationRequest = z
  .object({
    phoneNumber: phoneNumberField(ENTER_PHONE_NUMBER),
    phoneExtension: extensionField,
    /** Derived on the server; accepted because the settings payload carries it. */
    phoneDisplayNumber: text().max(60).optional().nullable(),
    phoneProvider: z.enum(PHONE_SCREEN_PROVIDERS, { error: "Choose a phone provider" }).default("twilio"),
    phoneIntegrationEnabled: z.boolean({ error: "phoneIntegrationEnabled must be true or false" }).default(true),
  })
  .strict();
export type PhoneIntegrationRequest = z.infer<typeof phoneIntegrationRequest>;

/** The user's phone fields and the display number. */
export const phoneIntegrationJson = z.object({
  id: z.number().int().positive(),
  phoneNumber: text().nullable(),
  phoneExtension: text().nullable(),
  phoneProvider: text().nullable(),
  phoneDisplayNumber: text(),
  phoneIntegrationEnabled: z.boolean(),
});
export type PhoneIntegrationJson = z.infer<typeof phoneIntegrationJson>;

/** PUT /api/user/phone-integration's answer. */
export const phoneIntegrationResponse = z.object({
  success: z.literal(true),
  message: text(),
  user: phoneIntegrationJson,
});

/** POST /api/integrations/mobile/test: success only once an event from the mobile has arrived. */
export const mobileTestResponse = z.object({ success: z.boolean(), message: text() });

/** POST /api/calls/test: the web client sends phoneNumber, callType and clientId; only the number counts. */
export const startCallTestRequest = z
  .object({
    phoneNumber: text().max(40).optional().nullable(),
    callType: text().max(60).optional(),
    clientId: z.union([z.number(), text(), z.null()]).optional(),
  })
  .strict();
export const callTestSessionJson = z.object({ sessionId: text(), message: text() });
export const sessionIdParam = z.object({
  sessionId: text().regex(/^[A-Za-z0-9_-]{16,64}$/, "sessionId is not a test session id"),
});
/** POST /api/calls/test/{sessionId}/end. */
export const callTestResultJson = z.object({
  detected: z.boolean(),
  message: text(),
  /** Seconds, when a call was detected and its length is known. */
  duration: z.number().int().nonnegative().nullable(),
});
