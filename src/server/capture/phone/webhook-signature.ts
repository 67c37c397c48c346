import { PHONE_WEBHOOK_TOLERANCE_SECONDS } from "../../../core/contracts/phone-webhook.js";
import {
  signTimestampedHmac,
  type TimestampedHmacScheme,
  verifyTimestampedHmac,
} from "../../integrations/webhook-verification.js";

/** `v1=` + hex HMAC-SHA256(secret, "{timestamp}.{raw body}"): docs/capture-webhook.md. */
const PHONE_SCHEME: TimestampedHmacScheme = {
  prefix: "v1=",
  signedText: (timestamp, rawBody) => `${timestamp}.${rawBody}`,
  toleranceSeconds: PHONE_WEBHOOK_TOLERANCE_SECONDS,
};

export function signPhoneWebhook(secret: string, timestamp: number | string, rawBody: string): string {
  return signTimestampedHmac(PHONE_SCHEME, secret, String(timestamp), rawBody);
}

export type SignatureCheck = { ok: true } | { ok: false; message: string };

/**
 * Verifies the generic phone webhook before anything reads its body (the integrations kit's
 * timestamped-HMAC verifier, integrations/webhook-verification.ts): the timestamp must be whole unix
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
  const signatures = options.signature ? options.signature.split(",").map((part) => part.trim()) : undefined;
  const verdict = verifyTimestampedHmac(PHONE_SCHEME, { ...options, signatures });
  if (verdict.ok) return verdict;
  switch (verdict.reason) {
    case "missing":
      return { ok: false, message: "Missing X-Minutely-Timestamp or X-Minutely-Signature header: the request is not signed" };
    case "malformed":
      return { ok: false, message: "X-Minutely-Timestamp must be the signing time in whole unix seconds" };
    case "stale":
      return {
        ok: false,
        message: `X-Minutely-Timestamp is ${verdict.skewSeconds} seconds away from the server's clock (at most ${PHONE_WEBHOOK_TOLERANCE_SECONDS} allowed): sign each request when sending it`,
      };
    case "mismatch":
      return { ok: false, message: "X-Minutely-Signature does not match the request: check the signing secret" };
  }
}
