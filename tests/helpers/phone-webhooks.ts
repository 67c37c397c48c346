import twilio from "twilio";
import { signPhoneWebhook } from "../../src/server/capture/phone/webhook-signature.js";
import type { ApiClient, ApiResponse } from "./api-client.js";
import type { TestAccount } from "./factories.js";

/**
 * What Twilio (or SignalWire) would post: form parameters signed with X-Twilio-Signature over the URL
 * as configured (`configuredOrigin` + path). `authToken` null sends it unsigned; `signature` forces one.
 */
export function postTwilio(
  caller: ApiClient,
  path: string,
  params: Record<string, string>,
  options: { authToken: string | null; configuredOrigin: string; signature?: string },
): Promise<ApiResponse> {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  const signature =
    options.signature ??
    (options.authToken === null
      ? undefined
      : twilio.getExpectedTwilioSignature(options.authToken, options.configuredOrigin + path, params));
  if (signature) headers["x-twilio-signature"] = signature;
  return caller.request("POST", path, { rawBody: new URLSearchParams(params).toString(), headers, marker: false });
}

/** What a phone system posts to the generic webhook: JSON signed at `timestamp` (unix seconds); secret null: unsigned. */
export function postGeneric(
  caller: ApiClient,
  path: string,
  body: unknown,
  options: { secret: string | null; timestamp: number; signature?: string },
): Promise<ApiResponse> {
  const rawBody = typeof body === "string" ? body : JSON.stringify(body);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.secret !== null || options.signature) {
    headers["x-minutely-timestamp"] = String(options.timestamp);
    headers["x-minutely-signature"] = options.signature ?? signPhoneWebhook(options.secret ?? "", options.timestamp, rawBody);
  }
  return caller.request("POST", path, { rawBody, headers, marker: false });
}

/** Saves a Twilio landline for the account and answers its webhook paths (relative) and the auth token. */
export async function connectTwilioLandline(
  who: Pick<TestAccount, "c">,
  options: { phoneNumber?: string; authToken?: string; provider?: "twilio" | "signalwire" } = {},
): Promise<{ voicePath: string; smsPath: string; authToken: string }> {
  const authToken = options.authToken ?? `token-${Math.random().toString(36).slice(2)}`;
  const saved = await who.c.post("/api/integrations/landline", {
    provider: options.provider ?? "twilio",
    phoneNumber: options.phoneNumber ?? "+18005551212",
    accountSid: "AC00000000000000000000000000000001",
    authToken,
  });
  if (saved.status !== 200) throw new Error(`landline save failed: ${saved.status} ${saved.text}`);
  const path = (url: string) => new URL(url).pathname;
  return { voicePath: path(saved.body.data.voiceWebhookUrl), smsPath: path(saved.body.data.smsWebhookUrl), authToken };
}

/** Saves a landline of a provider without a Twilio-compatible API: answers the generic webhook path and its signing secret. */
export async function connectGenericLandline(
  who: Pick<TestAccount, "c">,
  options: { phoneNumber?: string; provider?: string } = {},
): Promise<{ path: string; secret: string }> {
  const saved = await who.c.post("/api/integrations/landline", {
    provider: options.provider ?? "ringcentral",
    phoneNumber: options.phoneNumber ?? "+18005550100",
  });
  if (saved.status !== 200) throw new Error(`landline save failed: ${saved.status} ${saved.text}`);
  return { path: new URL(saved.body.data.genericWebhookUrl).pathname, secret: saved.body.data.signingSecret };
}
