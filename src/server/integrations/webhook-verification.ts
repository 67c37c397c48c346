import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/**
 * Webhook verification, written once for every integration (webhook intake's first
 * step): one constant-time compare and one timestamped-HMAC verifier. A provider keeps only its own
 * header names, the text it signs and its words for a refusal.
 */

/**
 * Constant-time equality of two secrets or signatures of any length. Both sides are hashed first
 * (SHA-256), so the compare always runs over 32 equal-length bytes: neither a wrong length nor the
 * position of the first differing byte shows in the time taken. A missing or empty side never matches.
 */
export function sameSecret(given: string | Buffer | null | undefined, expected: string | Buffer | null | undefined): boolean {
  if (!given || !expected || given.length === 0 || expected.length === 0) return false;
  return timingSafeEqual(createHash("sha256").update(given).digest(), createHash("sha256").update(expected).digest());
}

export type HmacHash = "sha1" | "sha256";
export type HmacEncoding = "hex" | "base64";

/** HMAC of `text` with `secret`, in the encoding the provider sends. */
export function hmacOf(secret: string, text: string | Buffer, hash: HmacHash = "sha256", encoding: HmacEncoding = "hex"): string {
  return createHmac(hash, secret).update(text).digest(encoding);
}

/**
 * How one provider signs a delivery with a timestamp: header value = `prefix` + HMAC(secret,
 * signedText(timestamp, rawBody)), with the timestamp in whole unix seconds and accepted within
 * `toleranceSeconds` of our clock either way (a captured delivery cannot be replayed later).
 */
export type TimestampedHmacScheme = {
  prefix: string;
  signedText: (timestamp: string, rawBody: string) => string;
  toleranceSeconds: number;
  hash?: HmacHash;
  encoding?: HmacEncoding;
};

/** The header value the provider would send for this body at this timestamp (tests, stand-ins and test events sign with it). */
export function signTimestampedHmac(scheme: TimestampedHmacScheme, secret: string, timestamp: string, rawBody: string): string {
  return scheme.prefix + hmacOf(secret, scheme.signedText(timestamp, rawBody), scheme.hash, scheme.encoding);
}

export type HmacVerdict =
  | { ok: true }
  | { ok: false; reason: "missing" | "malformed" }
  | { ok: false; reason: "stale"; skewSeconds: number }
  | { ok: false; reason: "mismatch" };

/** Whole unix seconds, at most 12 digits (a millisecond timestamp is malformed, not merely stale). */
const UNIX_SECONDS = /^\d{1,12}$/;

/**
 * Verifies one delivery over the exact bytes received, before anything parses them. In order:
 * both headers present, the timestamp whole seconds, within the tolerance (`skewSeconds` is how far,
 * in whole seconds, for the provider's message), then any one of `signatures` (several while a secret
 * is rotated) equal to ours in constant time. Never says what the right signature was.
 */
export function verifyTimestampedHmac(
  scheme: TimestampedHmacScheme,
  delivery: {
    secret: string;
    timestamp: string | undefined;
    signatures: readonly string[] | undefined;
    rawBody: string;
    now: Date;
  },
): HmacVerdict {
  const { timestamp, signatures } = delivery;
  if (!timestamp || !signatures || signatures.length === 0) return { ok: false, reason: "missing" };
  if (!UNIX_SECONDS.test(timestamp)) return { ok: false, reason: "malformed" };
  const skewSeconds = Math.abs(Math.floor(delivery.now.getTime() / 1000) - Number(timestamp));
  if (skewSeconds > scheme.toleranceSeconds) return { ok: false, reason: "stale", skewSeconds };
  const expected = signTimestampedHmac(scheme, delivery.secret, timestamp, delivery.rawBody);
  return signatures.some((given) => sameSecret(given, expected)) ? { ok: true } : { ok: false, reason: "mismatch" };
}
