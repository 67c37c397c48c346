import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Zoom's webhook signature (protocols.md "Zoom webhooks"): `x-zm-signature` is `v0=` + hex
 * HMAC-SHA256(secret token, `v0:{x-zm-request-timestamp}:{raw body}`). Checked over the exact bytes
 * received, before anything parses them, in constant time, within a freshness window so a captured
 * delivery cannot be replayed later.
 */

/** How far a delivery's timestamp may lie from our clock, either way (Zoom retries carry a new one). */
export const ZOOM_FRESHNESS_SECONDS = 5 * 60;

export type ZoomVerdict = { ok: true } | { ok: false; reason: "missing" | "malformed" | "stale" | "mismatch"; message: string };

/** The header value Zoom would send for this body at this timestamp (tests and the bench sign with it). */
export function zoomSignature(secretToken: string, timestamp: string, rawBody: string): string {
  return `v0=${createHmac("sha256", secretToken).update(`v0:${timestamp}:${rawBody}`).digest("hex")}`;
}

/** The URL-validation answer's `encryptedToken`: hex HMAC-SHA256(secret token, plainToken). */
export function zoomEncryptedToken(secretToken: string, plainToken: string): string {
  return createHmac("sha256", secretToken).update(plainToken).digest("hex");
}

const SIGNATURE_SHAPE = /^v0=[0-9a-f]{64}$/;
const TIMESTAMP_SHAPE = /^\d{1,15}$/;

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
  if (!SIGNATURE_SHAPE.test(signature) || !TIMESTAMP_SHAPE.test(timestamp))
    return { ok: false, reason: "malformed", message: "The x-zm-signature or x-zm-request-timestamp header is malformed" };
  const ageSeconds = Math.abs(options.now.getTime() / 1000 - Number(timestamp));
  if (!(ageSeconds <= ZOOM_FRESHNESS_SECONDS))
    return {
      ok: false,
      reason: "stale",
      message: `Stale request: x-zm-request-timestamp is more than ${ZOOM_FRESHNESS_SECONDS / 60} minutes from the server's clock`,
    };
  const expected = Buffer.from(zoomSignature(options.secretToken, timestamp, options.rawBody), "utf8");
  const given = Buffer.from(signature, "utf8");
  // Both are "v0=" + 64 hex characters (checked above), so the lengths are equal and timingSafeEqual applies.
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return {
      ok: false,
      reason: "mismatch",
      message: "Invalid signature: x-zm-signature does not match this webhook's Secret Token",
    };
  return { ok: true };
}
