import type Twilio from "twilio";
import { onFirstUse } from "../../http/on-first-use.js";

/** Twilio's own signature check, from the SDK loaded at the first delivery (http/on-first-use.ts). */
export const twilioSdk = onFirstUse<typeof Twilio>("twilio");
import { isTwilioCompatible } from "../../../core/contracts/phone.js";
import { AppError } from "../../../core/errors.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import { secretBoxFor } from "../../http/secrets.js";
import { recordCaptureEvent } from "../record-capture-event.js";
import { afterVerifiedEvent } from "./after-verified-event.js";
import { handleSms } from "./handle-sms.js";
import { missingAuthTokenMessage } from "./landline-settings.js";
import { loadPhoneContext, normalisedNumber } from "./phone-context.js";
import { type LandlineToken, landlineOfToken, UNKNOWN_WEBHOOK } from "./webhook-landline.js";
import { landlineSecretOf } from "./phone-secrets.js";
import { detectTestCall } from "./call-test.js";
import {
  isSupportedAlgorithm,
  isValidRuleSignature,
  parseSignatureSettings,
  type SignatureSettings,
} from "./twilio-rule-signature.js";
import { parseVoiceStatus, type TwilioParams } from "./twilio-voice.js";

/** One Twilio-compatible delivery as it arrived. `url` is the URL as configured (PUBLIC_URL or origin, + path and query). */
export type TwilioDelivery = LandlineToken & {
  signature: string | undefined;
  /** X-Twilio-Webhooks-Signature-Settings: present when a Twilio Webhooks Rule signed with a shared key. */
  signatureSettings?: string | undefined;
  url: string;
  rawBody: string;
  now: Date;
};

export const CAPTURE_OFF_REPLY = "Call capture is turned off for this number in Minutely.";

/**
 * Finds the landline row the token names and checks X-Twilio-Signature with Twilio's SDK over the URL
 * as configured and every form parameter (SignalWire signs the same way with its signing key). No
 * freshness check exists in this scheme: replays are stopped by the pipeline's idempotency keys.
 */
async function verifyTwilio(
  db: Db,
  config: Config,
  delivery: TwilioDelivery,
): Promise<{ row: IntegrationRow; params: TwilioParams }> {
  const row = await landlineOfToken(db, delivery);
  if (!row || !isTwilioCompatible(row.provider)) throw new AppError("not_found", UNKNOWN_WEBHOOK);
  const secret = landlineSecretOf(secretBoxFor(config), row);
  if (!delivery.signature) throw new AppError("forbidden", "Missing X-Twilio-Signature header: the request is not signed");
  const params: TwilioParams = {};
  for (const [name, value] of new URLSearchParams(delivery.rawBody)) params[name] = value;
  const settings = parseSignatureSettings(delivery.signatureSettings);
  if (settings) {
    verifyRuleSignature(row.provider, secret.webhookSharedKey, settings, { ...delivery, params });
    return { row, params };
  }
  if (!secret.authToken)
    throw new AppError("forbidden", `This line cannot verify events yet. ${missingAuthTokenMessage(row.provider)}`);
  if (!twilioSdk().validateRequest(secret.authToken, delivery.signature, delivery.url, params))
    throw new AppError("forbidden", "X-Twilio-Signature does not match this request: check the auth token and the webhook URL");
  return { row, params };
}

/**
 * A delivery signed by a Twilio Webhooks Rule (twilio-rule-signature.ts): checked with the stored
 * shared key and the algorithm the header names; without a stored key it is refused with what to do.
 */
function verifyRuleSignature(
  provider: string,
  sharedKey: string | undefined,
  settings: SignatureSettings,
  request: { signature: string | undefined; url: string; params: TwilioParams },
): void {
  const named = settings.key ? ` ${settings.key}` : "";
  if (provider !== "twilio" || !sharedKey)
    throw new AppError(
      "forbidden",
      `This request is signed by a Twilio Webhooks Rule with the shared key${named}: add that key's secret under Webhook shared key in Settings → Landline/Office`,
    );
  if (!isSupportedAlgorithm(settings.algorithm))
    throw new AppError(
      "forbidden",
      `X-Twilio-Webhooks-Signature-Settings names the algorithm "${settings.algorithm.slice(0, 40)}": Minutely accepts HMAC_SHA256 and HMAC_SHA1`,
    );
  const valid = isValidRuleSignature({
    secret: sharedKey,
    algorithm: settings.algorithm,
    signature: request.signature ?? "",
    url: request.url,
    params: request.params,
  });
  if (!valid)
    throw new AppError(
      "forbidden",
      `X-Twilio-Signature does not match this request: check the Webhook shared key${named} and the webhook URL`,
    );
}

/** A voice status callback: verified, turned into a capture event, recorded. */
export async function receiveTwilioVoice(
  db: Db,
  config: Config,
  delivery: TwilioDelivery,
): Promise<{ accountId: number | null }> {
  const { row, params } = await verifyTwilio(db, config, delivery);
  if (!row.enabled) return { accountId: null };
  const { now } = delivery;
  const context = await loadPhoneContext(db, row);
  const parsed = parseVoiceStatus(params, context, row, now);
  const outcome = parsed.event ? await recordCaptureEvent(db, parsed.event, now) : null;
  if (outcome?.result !== "duplicate")
    await afterVerifiedEvent(db, {
      context,
      integration: row,
      numbers: parsed.numbers,
      source: parsed.event?.source ?? row.provider,
      durationSeconds: parsed.durationSeconds,
      now,
    });
  return { accountId: row.accountId };
}

/** An incoming SMS: verified, then CALL_START / CALL_END from a user's own number; answers the reply text. */
export async function receiveTwilioSms(
  db: Db,
  config: Config,
  delivery: TwilioDelivery,
): Promise<{ accountId: number | null; reply: string }> {
  const { row, params } = await verifyTwilio(db, config, delivery);
  if (!row.enabled) return { accountId: null, reply: CAPTURE_OFF_REPLY };
  const { now } = delivery;
  const context = await loadPhoneContext(db, row);
  const result = await handleSms(db, { context, integrationUserId: row.userId, params, now });
  const numbers = [result.from, normalisedNumber(context, params.To)].filter((n): n is string => Boolean(n));
  if (result.fromUser && !result.duplicate)
    await afterVerifiedEvent(db, { context, integration: row, numbers, source: "sms", durationSeconds: null, now });
  // A stranger's text changes nothing but an open call test of the number it was sent to.
  else if (!result.fromUser)
    await detectTestCall(db, { accountId: row.accountId, numbers, source: "sms", durationSeconds: null, at: now });
  return { accountId: row.accountId, reply: result.reply };
}
