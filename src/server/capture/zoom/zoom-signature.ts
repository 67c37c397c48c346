import {
  hmacOf,
  signTimestampedHmac,
  type TimestampedHmacScheme,
  verifyTimestampedHmac,
} from "../../integrations/webhook-verification.js";

/**
 * Zoom's webhook signature (docs/capture-pipeline.md): `x-zm-signature` is `v0=` + hex
 * HMAC-SHA256(secret token, `v0:{x-zm-request-timestamp}:{raw body}`). Checked over the exact bytes
 * received, before anything parses them, in constant time, within a freshness window so a captured
 * delivery cannot be replayed later: the integrations kit's timestamped-HMAC verifier
 * (integrations/webhook-verification.ts); only the header shapes and Zoom's words are here.
 */

/** How far a delivery's timestamp may lie from our clock, either way (Zoom retries carry a new one). */
export const ZOOM_FRESHNESS_SECONDS = 5 * 60;

export type ZoomVerdict = { ok: true } | { ok: false; reason: "missing" | "malformed" | "stale" | "mismatch"; message: string };

/** Zoom's scheme: `v0=` + hex HMAC-SHA256 over `v0:{timestamp}:{raw body}`. */
const ZOOM_SCHEME: TimestampedHmacScheme = {
  prefix: "v0=",
  signedText: (timestamp, rawBody) => `v0:${timestamp}:${rawBody}`,
  toleranceSeconds: ZOOM_FRESHNESS_SECONDS,
};

/** The header value Zoom would send for this body at this timestamp (tests and the bench sign with it). */
export function zoomSignature(secretToken: string, timestamp: string, rawBody: string): string {
  return signTimestampedHmac(ZOOM_SCHEME, secretToken, timestamp, rawBody);
}

/** The URL-validation answer's `encryptedToken`: hex HMAC-SHA256(secret token, plainToken). */
export function zoomEncryptedToken(secretToken: string, plainToken: string): string {
  return hmacOf(secretToken, plainToken);
}

const SIGNATURE_SHAPE = /^v0=[0-9a-f]{64}$/;
/** Verifies one delivery. `now` is the app's clock (tests move it). Never says what the right signature was. */
export function verifyZoomSignature(options: {
  secretToken: string;
  signature: string | undefined;
  timestamp: string | undefined;
  rawBody: string;
  now: Date;
}): ZoomVerdict {
  const { signature, timestamp } = options;
  if (!signature || !timestamp)
    return { ok: false, reason: "missing", message: "Unsigned request: x-zm-signature and x-zm-request-timestamp are required" };
  const malformed = {
    ok: false,
    reason: "malformed",
    message: "The x-zm-signature or x-zm-request-timestamp header is malformed",
  } as const;
  if (!SIGNATURE_SHAPE.test(signature)) return malformed;
  const verdict = verifyTimestampedHmac(ZOOM_SCHEME, {
    secret: options.secretToken,
    timestamp,
    signatures: [signature],
    rawBody: options.rawBody,
    now: options.now,
  });
  if (verdict.ok) return verdict;
  switch (verdict.reason) {
    case "missing":
    case "malformed":
      return malformed;
    case "stale":
      return {
        ok: false,
        reason: "stale",
        message: `Stale request: x-zm-request-timestamp is more than ${ZOOM_FRESHNESS_SECONDS / 60} minutes from the server's clock`,
      };
    case "mismatch":
      return {
        ok: false,
        reason: "mismatch",
        message: "Invalid signature: x-zm-signature does not match this webhook's Secret Token",
      };
  }
}
