import { isTwilioCompatible } from "../../../core/contracts/phone.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";

/** The paths providers post to; the token picks the account (and so the secret that verifies). */
export const twilioVoicePath = (token: string) => `/api/webhooks/twilio/${token}/voice`;
export const twilioSmsPath = (token: string) => `/api/webhooks/twilio/${token}/sms`;
export const genericWebhookPath = (token: string) => `/api/webhooks/phone/${token}`;

export type PhoneWebhookUrls = {
  voiceWebhookUrl: string | null;
  smsWebhookUrl: string | null;
  genericWebhookUrl: string | null;
};

/** The absolute URLs to paste into the provider's console for this landline row (by its provider). */
export function phoneWebhookUrls(origin: string, row: IntegrationRow | null): PhoneWebhookUrls {
  const token = row?.webhookToken;
  if (!row || !token) return { voiceWebhookUrl: null, smsWebhookUrl: null, genericWebhookUrl: null };
  if (isTwilioCompatible(row.provider))
    return {
      voiceWebhookUrl: origin + twilioVoicePath(token),
      smsWebhookUrl: origin + twilioSmsPath(token),
      genericWebhookUrl: null,
    };
  return { voiceWebhookUrl: null, smsWebhookUrl: null, genericWebhookUrl: origin + genericWebhookPath(token) };
}
