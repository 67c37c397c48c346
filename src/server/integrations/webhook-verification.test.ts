import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  hmacOf,
  sameSecret,
  signTimestampedHmac,
  type TimestampedHmacScheme,
  verifyTimestampedHmac,
} from "./webhook-verification.js";

describe("sameSecret, the kit's one constant-time compare", () => {
  it("is true only for the same bytes", () => {
    expect(sameSecret("s3cret-value", "s3cret-value")).toBe(true);
    expect(sameSecret(Buffer.from("s3cret-value"), "s3cret-value")).toBe(true);
    expect(sameSecret("s3cret-valuf", "s3cret-value")).toBe(false);
    expect(sameSecret("S3cret-value", "s3cret-value")).toBe(false);
  });

  it("is false for a wrong length either way, without throwing (timingSafeEqual alone would throw)", () => {
    expect(sameSecret("s3cret", "s3cret-value")).toBe(false);
    expect(sameSecret("s3cret-value-and-more", "s3cret-value")).toBe(false);
    expect(sameSecret("x".repeat(10_000), "s3cret-value")).toBe(false);
  });

  it("never matches a missing or empty side, even against another missing or empty one", () => {
    expect(sameSecret(undefined, "s3cret")).toBe(false);
    expect(sameSecret(null, "s3cret")).toBe(false);
    expect(sameSecret("", "s3cret")).toBe(false);
    expect(sameSecret("s3cret", undefined)).toBe(false);
    expect(sameSecret("", "")).toBe(false);
    expect(sameSecret(undefined, null)).toBe(false);
  });
});

describe("verifyTimestampedHmac, the kit's one timestamped-HMAC verifier", () => {
  const scheme: TimestampedHmacScheme = {
    prefix: "v9=",
    signedText: (timestamp, rawBody) => `${timestamp}|${rawBody}`,
    toleranceSeconds: 300,
  };
  const secret = "whsec_kit";
  const rawBody = '{"id":"evt_1","amount_minor":1250}';
  const at = 1_780_000_000;
  const now = new Date(at * 1000 + 400); // mid-second: skew counts whole seconds of our clock
  const signed = (timestamp: number | string, body = rawBody, key = secret) =>
    signTimestampedHmac(scheme, key, String(timestamp), body);
  const verify = (overrides: Partial<Parameters<typeof verifyTimestampedHmac>[1]> = {}) =>
    verifyTimestampedHmac(scheme, { secret, timestamp: String(at), signatures: [signed(at)], rawBody, now, ...overrides });

  it("signs prefix + HMAC over the scheme's text (hex SHA-256 unless the scheme says otherwise)", () => {
    const expected = createHmac("sha256", secret).update(`${at}|${rawBody}`).digest("hex");
    expect(signed(at)).toBe(`v9=${expected}`);
    const base64Sha1 = { ...scheme, hash: "sha1", encoding: "base64" } as const;
    expect(signTimestampedHmac(base64Sha1, secret, String(at), rawBody)).toBe(
      `v9=${createHmac("sha1", secret).update(`${at}|${rawBody}`).digest("base64")}`,
    );
    expect(hmacOf("k", "text")).toBe(createHmac("sha256", "k").update("text").digest("hex"));
  });

  it("accepts a fresh, untouched delivery, also when its signature is one of several (a secret being rotated)", () => {
    expect(verify()).toEqual({ ok: true });
    expect(verify({ signatures: [signed(at, rawBody, "old_secret"), signed(at)] })).toEqual({ ok: true });
  });

  it("refuses a missing timestamp or signature before anything else", () => {
    expect(verify({ timestamp: undefined })).toEqual({ ok: false, reason: "missing" });
    expect(verify({ timestamp: "" })).toEqual({ ok: false, reason: "missing" });
    expect(verify({ signatures: undefined })).toEqual({ ok: false, reason: "missing" });
    expect(verify({ signatures: [] })).toEqual({ ok: false, reason: "missing" });
  });

  it("refuses a timestamp that is not whole unix seconds (milliseconds, decimals, exponents, signs)", () => {
    for (const timestamp of [String(at * 1000), `${at}.5`, "17e8", `-${at}`, ` ${at}`])
      expect(verify({ timestamp, signatures: [signed(timestamp)] })).toEqual({ ok: false, reason: "malformed" });
  });

  it("refuses a signature of the wrong length, tampered with, with another secret or over another body", () => {
    const good = signed(at);
    expect(verify({ signatures: [good.slice(0, -1)] })).toEqual({ ok: false, reason: "mismatch" });
    expect(verify({ signatures: [`${good}0`] })).toEqual({ ok: false, reason: "mismatch" });
    expect(verify({ signatures: [""] })).toEqual({ ok: false, reason: "mismatch" });
    const flipped = good.slice(0, -1) + (good.endsWith("0") ? "1" : "0");
    expect(verify({ signatures: [flipped] })).toEqual({ ok: false, reason: "mismatch" });
    expect(verify({ signatures: [good.toUpperCase()] })).toEqual({ ok: false, reason: "mismatch" });
    expect(verify({ signatures: [signed(at, rawBody, "other_secret")] })).toEqual({ ok: false, reason: "mismatch" });
    expect(verify({ rawBody: rawBody.replace("1250", "1251") })).toEqual({ ok: false, reason: "mismatch" });
    expect(verify({ rawBody: `${rawBody} ` })).toEqual({ ok: false, reason: "mismatch" });
  });

  it("binds the timestamp: a genuine signature moved to another timestamp is refused", () => {
    expect(verify({ timestamp: String(at + 1) })).toEqual({ ok: false, reason: "mismatch" });
  });

  it("replay window: accepted up to the tolerance either side, refused one second past it, with the skew", () => {
    for (const offset of [-300, 300, 0]) {
      const timestamp = String(at + offset);
      expect(verify({ timestamp, signatures: [signed(timestamp)] })).toEqual({ ok: true });
    }
    for (const offset of [-301, 301]) {
      const timestamp = String(at + offset);
      expect(verify({ timestamp, signatures: [signed(timestamp)] })).toEqual({ ok: false, reason: "stale", skewSeconds: 301 });
    }
    // A captured delivery replayed a day later, byte for byte, is stale.
    expect(verify({ now: new Date((at + 86_400) * 1000) })).toEqual({ ok: false, reason: "stale", skewSeconds: 86_400 });
  });

  it("checks freshness before the signature: a stale forgery is 'stale', not a hint about the signature", () => {
    const timestamp = String(at - 3600);
    expect(verify({ timestamp, signatures: ["v9=forged"] })).toEqual({ ok: false, reason: "stale", skewSeconds: 3600 });
  });
});
