import { randomBytes } from "node:crypto";
import { phoneWebhookEvent } from "../../../core/contracts/phone-webhook.js";
import { isTwilioCompatible } from "../../../core/contracts/phone.js";
import { AppError } from "../../../core/errors.js";
import type { CaptureEvent } from "../../capture/capture-event.js";
import { genericCaptureEvent } from "../../capture/phone/generic-event.js";
import { landlineStatus, missingAuthTokenMessage } from "../../capture/phone/landline-settings.js";
import { loadPhoneContext, phoneConfigOf } from "../../capture/phone/phone-context.js";
import { landlineSecretOf } from "../../capture/phone/phone-secrets.js";
import { twilioSdk } from "../../capture/phone/receive-twilio.js";
import { parseVoiceStatus } from "../../capture/phone/twilio-voice.js";
import { verifyPhoneWebhook, signPhoneWebhook } from "../../capture/phone/webhook-signature.js";
import { phoneWebhookUrls } from "../../capture/phone/webhook-urls.js";
import type { Db } from "../../db/client.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import type { SecretBox } from "../../http/secrets.js";
import { parseInput } from "../../http/validate.js";
import { findTestGuest, TEST_CALL_SECONDS, testMeetingTimes } from "./test-meeting.js";

/** A number no one has (the North American fictional 555-01xx range), for a test call when no client has one. */
const FICTIONAL_CALLER = "+12025550123";

/**
 * A test call to the practice's line, as its provider would report it: a Twilio/SignalWire
 * "completed" voice status callback signed with the stored auth token (X-Twilio-Signature, checked
 * by Twilio's SDK over the webhook URL), or a generic-webhook call.ended signed with the line's
 * signing secret (docs/capture-webhook.md). The line's "last event" is not touched (D12).
 */
export async function playPhone(
  db: Db,
  box: SecretBox,
  row: IntegrationRow,
  options: { origin: string; now: Date },
): Promise<CaptureEvent[]> {
  const { now } = options;
  const secret = landlineSecretOf(box, row);
  const status = landlineStatus(row, secret);
  if (isTwilioCompatible(row.provider) && !secret.authToken)
    throw new AppError("conflict", missingAuthTokenMessage(row.provider));
  const context = await loadPhoneContext(db, row);
  const guest = await findTestGuest(db, row.accountId, "phone");
  const line = phoneConfigOf(row).phoneNumber ?? null;
  const { start, end, id } = testMeetingTimes(now);
  const urls = phoneWebhookUrls(options.origin, row);

  if (isTwilioCompatible(row.provider)) {
    const url = urls.voiceWebhookUrl;
    if (!url || !secret.authToken) throw new AppError("conflict", status.lastError ?? "Save the phone line again in Settings");
    const params: Record<string, string> = {
      CallSid: `CA${randomBytes(16).toString("hex")}`,
      AccountSid: phoneConfigOf(row).accountSid ?? `AC${"0".repeat(32)}`,
      From: guest.phone ?? FICTIONAL_CALLER,
      To: line ?? "",
      Direction: "inbound",
      CallStatus: "completed",
      CallDuration: String(TEST_CALL_SECONDS),
      Timestamp: end.toUTCString(),
    };
    const signature = twilioSdk().getExpectedTwilioSignature(secret.authToken, url, params);
    if (!twilioSdk().validateRequest(secret.authToken, signature, url, params))
      throw new AppError("internal_error", "The test call's signature did not verify");
    const parsed = parseVoiceStatus(params, context, row, now);
    return parsed.event ? [parsed.event] : [];
  }

  if (!secret.signingSecret) throw new AppError("conflict", "This line has no signing secret: save it again under Landline/Office");
  const rawBody = JSON.stringify({
    eventId: `${id}:ended`,
    callId: id,
    event: "call.ended",
    occurredAt: end.toISOString(),
    startedAt: start.toISOString(),
    durationSeconds: TEST_CALL_SECONDS,
    from: guest.phone ?? FICTIONAL_CALLER,
    to: line,
    direction: "inbound",
  });
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const signature = signPhoneWebhook(secret.signingSecret, timestamp, rawBody);
  const check = verifyPhoneWebhook({ secret: secret.signingSecret, timestamp, signature, rawBody, now });
  if (!check.ok) throw new AppError("internal_error", check.message);
  const body = parseInput(phoneWebhookEvent, JSON.parse(rawBody));
  return [genericCaptureEvent(body, context, row).event];
}
