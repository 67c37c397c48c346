import { type PhoneWebhookResponse, phoneWebhookEvent } from "../../../core/contracts/phone-webhook.js";
import { isTwilioCompatible } from "../../../core/contracts/phone.js";
import { AppError } from "../../../core/errors.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { secretBoxFor } from "../../http/secrets.js";
import { parseInput } from "../../http/validate.js";
import { recordCaptureEvent } from "../record-capture-event.js";
import { afterVerifiedEvent } from "./after-verified-event.js";
import { genericCaptureEvent } from "./generic-event.js";
import { loadPhoneContext } from "./phone-context.js";
import { landlineSecretOf } from "./phone-secrets.js";
import { type LandlineToken, landlineOfToken, UNKNOWN_WEBHOOK } from "./webhook-landline.js";
import { verifyPhoneWebhook } from "./webhook-signature.js";

export type GenericDelivery = LandlineToken & {
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: string;
  now: Date;
};

/**
 * POST /api/webhooks/phone/{token} (docs/capture-webhook.md): the token picks the account's landline row,
 * its signing secret verifies timestamp and raw body, and only then is the body read and validated.
 */
export async function receiveGenericWebhook(
  db: Db,
  config: Config,
  delivery: GenericDelivery,
): Promise<{ accountId: number | null; answer: PhoneWebhookResponse }> {
  const row = await landlineOfToken(db, delivery);
  if (!row || isTwilioCompatible(row.provider)) throw new AppError("not_found", UNKNOWN_WEBHOOK);
  const secret = landlineSecretOf(secretBoxFor(config), row).signingSecret;
  if (!secret) throw new AppError("forbidden", "This line has no signing secret: save it again under Landline/Office");
  const check = verifyPhoneWebhook({ secret, ...delivery });
  if (!check.ok) throw new AppError("forbidden", check.message);
  let json: unknown;
  try {
    json = JSON.parse(delivery.rawBody);
  } catch {
    throw new AppError("bad_request", "The body is not valid JSON");
  }
  const body = parseInput(phoneWebhookEvent, json);
  if (!row.enabled) return { accountId: null, answer: { received: true, duplicate: false, callId: null } };
  const { now } = delivery;
  const context = await loadPhoneContext(db, row);
  const { event, numbers } = genericCaptureEvent(body, context, row);
  const outcome = await recordCaptureEvent(db, event, now);
  const duplicate = outcome.result === "duplicate";
  if (!duplicate)
    await afterVerifiedEvent(db, {
      context,
      integration: row,
      numbers,
      source: "webhook",
      durationSeconds: event.kind === "ended" ? (event.durationSeconds ?? null) : null,
      now,
    });
  return { accountId: row.accountId, answer: { received: true, duplicate, callId: outcome.callId } };
}
