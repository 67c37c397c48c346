import { describe, expect, it } from "vitest";
import { verifyZoomSignature, ZOOM_FRESHNESS_SECONDS, zoomEncryptedToken, zoomSignature } from "./zoom-signature.js";

/** A known vector of Zoom's documented signature: HMAC-SHA256 over "v0:{timestamp}:{body}". */
const SECRET = "test_secret";
const TIMESTAMP = "1700000000";
const BODY =
  '{"event":"meeting.started","event_ts":1700000000123,"payload":{"account_id":"A1","object":{"id":"85746065432","uuid":"4444AAAiAAAAAiAiAiiAii==","host_id":"h1","topic":"Call","type":2,"start_time":"2023-11-14T22:13:20Z","duration":30,"timezone":"UTC"}}}';
const SIGNATURE = "v0=224e563eeaa7505eecf4f95ec85062cc54386e9123c2edb0010b538e013943fe";
const AT_TIMESTAMP = new Date(1700000000 * 1000);

describe("Zoom's webhook signature", () => {
  it("matches the reference vector", () => {
    expect(zoomSignature(SECRET, TIMESTAMP, BODY)).toBe(SIGNATURE);
  });

  it("answers URL validation with the reference encryptedToken", () => {
    expect(zoomEncryptedToken(SECRET, "qgg8vlvZRS6UYooatFL8Aw")).toBe(
      "af2b71c039092798acffde4bc073be46286db03f4d82bfac9008822d0fac2449",
    );
  });

  const verify = (overrides: Partial<Parameters<typeof verifyZoomSignature>[0]>) =>
    verifyZoomSignature({
      secretToken: SECRET,
      signature: SIGNATURE,
      timestamp: TIMESTAMP,
      rawBody: BODY,
      now: AT_TIMESTAMP,
      ...overrides,
    });

  it("accepts the vector within the freshness window, either side", () => {
    expect(verify({})).toEqual({ ok: true });
    expect(verify({ now: new Date((1700000000 + ZOOM_FRESHNESS_SECONDS) * 1000) })).toEqual({ ok: true });
    expect(verify({ now: new Date((1700000000 - ZOOM_FRESHNESS_SECONDS) * 1000) })).toEqual({ ok: true });
  });

  it("refuses a stale or future timestamp", () => {
    expect(verify({ now: new Date((1700000000 + ZOOM_FRESHNESS_SECONDS + 1) * 1000) })).toMatchObject({
      ok: false,
      reason: "stale",
    });
    expect(verify({ now: new Date((1700000000 - ZOOM_FRESHNESS_SECONDS - 1) * 1000) })).toMatchObject({
      ok: false,
      reason: "stale",
    });
  });

  it("refuses a changed body, another secret, another timestamp", () => {
    expect(verify({ rawBody: BODY.replace('"Call"', '"Cal1"') })).toMatchObject({ ok: false, reason: "mismatch" });
    expect(verify({ secretToken: "other_secret" })).toMatchObject({ ok: false, reason: "mismatch" });
    expect(verify({ timestamp: "1700000001" })).toMatchObject({ ok: false, reason: "mismatch" });
  });

  it("refuses missing and malformed headers without comparing", () => {
    expect(verify({ signature: undefined })).toMatchObject({ ok: false, reason: "missing" });
    expect(verify({ timestamp: undefined })).toMatchObject({ ok: false, reason: "missing" });
    expect(verify({ signature: SIGNATURE.toUpperCase() })).toMatchObject({ ok: false, reason: "malformed" });
    expect(verify({ signature: SIGNATURE.slice(0, -1) })).toMatchObject({ ok: false, reason: "malformed" });
    expect(verify({ signature: `v1=${SIGNATURE.slice(3)}` })).toMatchObject({ ok: false, reason: "malformed" });
    expect(verify({ timestamp: "17e8" })).toMatchObject({ ok: false, reason: "malformed" });
  });
});
