import { describe, expect, it } from "vitest";
import { signPhoneWebhook, verifyPhoneWebhook } from "./webhook-signature.js";

const secret = "whsec_test";
const rawBody = '{"eventId":"e1","callId":"c1","event":"call.started","occurredAt":"2026-03-03T10:00:00Z"}';
const now = new Date("2026-03-03T10:00:00Z");
const ts = String(now.getTime() / 1000);

describe("the generic phone webhook's signature", () => {
  it("is v1= hex HMAC-SHA256 over {timestamp}.{raw body} (the documented vector)", () => {
    // docs/capture-webhook.md: printf '%s' "1772532000.$BODY" | openssl dgst -sha256 -hmac whsec_test
    expect(signPhoneWebhook(secret, 1772532000, rawBody)).toBe(
      "v1=f3b916e7999571f5d3afaf7b5d1597c36e683df582e3b5c82f1891579008b809",
    );
    expect(signPhoneWebhook(secret, 1772532000, rawBody)).toMatch(/^v1=[0-9a-f]{64}$/);
  });

  it("matches the example in docs/capture-webhook.md", () => {
    const body =
      '{"eventId":"evt_1001","callId":"pbx-7788","event":"call.ended","occurredAt":"2026-03-03T14:15:00Z","from":"+12125550199","to":"+18005550100","direction":"inbound","durationSeconds":720}';
    expect(signPhoneWebhook("whsec_example", 1772547300, body)).toBe(
      "v1=11fbc16c1723d702c6b8acc6e0a325daabd57c624c54c07341c24baf8bde9c35",
    );
  });

  it("accepts a fresh, correct signature (also among several)", () => {
    const signature = signPhoneWebhook(secret, ts, rawBody);
    expect(verifyPhoneWebhook({ secret, timestamp: ts, signature, rawBody, now })).toEqual({ ok: true });
    expect(verifyPhoneWebhook({ secret, timestamp: ts, signature: `v1=${"0".repeat(64)}, ${signature}`, rawBody, now })).toEqual({
      ok: true,
    });
  });

  it("refuses missing headers, a wrong secret, a changed body, stale and future timestamps", () => {
    const signature = signPhoneWebhook(secret, ts, rawBody);
    expect(verifyPhoneWebhook({ secret, timestamp: undefined, signature, rawBody, now })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Missing/),
    });
    expect(verifyPhoneWebhook({ secret, timestamp: ts, signature: undefined, rawBody, now }).ok).toBe(false);
    expect(verifyPhoneWebhook({ secret: "other", timestamp: ts, signature, rawBody, now })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/does not match/),
    });
    expect(verifyPhoneWebhook({ secret, timestamp: ts, signature, rawBody: `${rawBody} `, now }).ok).toBe(false);
    expect(verifyPhoneWebhook({ secret, timestamp: "12.5", signature, rawBody, now })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/whole unix seconds/),
    });
    for (const offset of [-301, 301]) {
      const when = String(Number(ts) + offset);
      const check = verifyPhoneWebhook({
        secret,
        timestamp: when,
        signature: signPhoneWebhook(secret, when, rawBody),
        rawBody,
        now,
      });
      expect(check).toMatchObject({ ok: false, message: expect.stringMatching(/301 seconds away/) });
    }
    const edge = String(Number(ts) - 300);
    expect(
      verifyPhoneWebhook({ secret, timestamp: edge, signature: signPhoneWebhook(secret, edge, rawBody), rawBody, now }).ok,
    ).toBe(true);
  });
});
