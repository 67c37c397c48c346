import { randomBytes } from "node:crypto";
import { type IntegrationRow, readIntegrationSecret } from "../../integrations/integration-store.js";
import type { SecretBox } from "../../http/secrets.js";

/**
 * The encrypted part of a landline row: Twilio's auth token (SignalWire's signing key), which signs
 * their callbacks, or the generic webhook's signing secret. Never in any answer but the one that
 * created a signing secret.
 */
export type LandlineSecret = {
  authToken?: string;
  signingSecret?: string;
  /** Twilio: a Webhooks Rule's SharedKey secret, when the account signs with one (HMAC-SHA256). */
  webhookSharedKey?: string;
  /** SignalWire: an API token of the project, for reading its call list (reconciliation). */
  apiToken?: string;
};

/** The row's secret, or {} when it has none or it cannot be opened (another key, tampered). */
export function landlineSecretOf(box: SecretBox, row: IntegrationRow | null | undefined): LandlineSecret {
  if (!row) return {};
  try {
    return readIntegrationSecret<LandlineSecret>(box, row) ?? {};
  } catch {
    return {};
  }
}

/** A new signing secret for the generic webhook: 256 random bits, prefixed so a leaked one is recognisable. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}
