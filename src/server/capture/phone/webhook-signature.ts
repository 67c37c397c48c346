import { createHmac, timingSafeEqual } from "node:crypto";
import { PHONE_WEBHOOK_TOLERANCE_SECONDS } from "../../../core/contracts/phone-webhook.js";

/** `v1=` + hex HMAC-SHA256(secret, "{timestamp}.{raw body}"): docs/capture-webhook.md. */
export function signPhoneWebhook(secret: string, timestamp: number | string, rawBody: string): string {
  return `v1=${createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex")}`;
}

export type SignatureCheck = { ok: true } | { ok: false; message: string };

/**
 * Verifies the generic phone webhook before anything reads its body: the timestamp must be whole unix
 * seconds within five minutes of now (either way), and one of the `v1=` signatures in the header
 * (several, comma-separated, while a secret is being rotated) must match, compared in constant time.
 */
export function verifyPhoneWebhook(options: {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: string;
  now: Date;
}): SignatureCheck {
  const { timestamp, signature } = options;
  if (!timestamp || !signature)
    return { ok: false, message: "Missing X-Minutely-Timestamp or X-Minutely-Signature header: the request is not signed" };
  if (!/^\d{1,12}$/.test(timestamp))
    return { ok: false, message: "X-Minutely-Timestamp must be the signing time in whole unix seconds" };
  const skew = Math.abs(Math.floor(options.now.getTime() / 1000) - Number(timestamp));
  if (skew > PHONE_WEBHOOK_TOLERANCE_SECONDS)
    return {
      ok: false,
      message: `X-Minutely-Timestamp is ${skew} seconds away from the server's clock (at most ${PHONE_WEBHOOK_TOLERANCE_SECONDS} allowed): sign each request when sending it`,
    };
  const expected = Buffer.from(signPhoneWebhook(options.secret, timestamp, options.rawBody));
  const matches = signature
    .split(",")
    .map((part) => Buffer.from(part.trim()))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
  return matches
    ? { ok: true }
    : { ok: false, message: "X-Minutely-Signature does not match the request: check the signing secret" };
}
