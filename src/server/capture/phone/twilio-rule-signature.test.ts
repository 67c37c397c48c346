import { createHmac } from "node:crypto";
import twilio from "twilio";
import { describe, expect, it } from "vitest";
import { isValidRuleSignature, parseSignatureSettings, ruleSignature, signedString } from "./twilio-rule-signature.js";

/** Twilio's published vector (docs/capture-pipeline.md): the string it signs, whatever the algorithm. */
const URL_AS_CONFIGURED = "https://mycompany.com/myapp.php?foo=1&bar=2";
const PARAMS = {
  CallSid: "CA1234567890ABCDE",
  Caller: "+12349013030",
  Digits: "1234",
  From: "+12349013030",
  To: "+18005551212",
};

describe("Twilio Webhook Rules signatures (HMAC-SHA256 with a shared key)", () => {
  it("signs the same string as the SDK: with HMAC_SHA1 and the token it reproduces the published vector", () => {
    expect(ruleSignature("12345", "HMAC_SHA1", URL_AS_CONFIGURED, PARAMS)).toBe("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
    expect(ruleSignature("12345", "HMAC_SHA1", URL_AS_CONFIGURED, PARAMS)).toBe(
      twilio.getExpectedTwilioSignature("12345", URL_AS_CONFIGURED, PARAMS),
    );
  });

  it("HMAC_SHA256 is base64 HMAC-SHA256 over that string", () => {
    const expected = createHmac("sha256", "shared-secret")
      .update(`${URL_AS_CONFIGURED}CallSidCA1234567890ABCDECaller+12349013030Digits1234From+12349013030To+18005551212`)
      .digest("base64");
    expect(signedString(URL_AS_CONFIGURED, PARAMS)).toBe(
      `${URL_AS_CONFIGURED}CallSidCA1234567890ABCDECaller+12349013030Digits1234From+12349013030To+18005551212`,
    );
    expect(ruleSignature("shared-secret", "HMAC_SHA256", URL_AS_CONFIGURED, PARAMS)).toBe(expected);
    expect(expected).toHaveLength(44);
  });

  it("verifies with the shared key only, over the URL as configured (with or without the default port)", () => {
    const signature = ruleSignature("shared-secret", "HMAC_SHA256", URL_AS_CONFIGURED, PARAMS);
    const check = (overrides: Partial<Parameters<typeof isValidRuleSignature>[0]>) =>
      isValidRuleSignature({
        secret: "shared-secret",
        algorithm: "HMAC_SHA256",
        signature,
        url: URL_AS_CONFIGURED,
        params: PARAMS,
        ...overrides,
      });
    expect(check({})).toBe(true);
    expect(check({ url: "https://mycompany.com:443/myapp.php?foo=1&bar=2" })).toBe(true);
    expect(check({ secret: "12345" })).toBe(false);
    expect(check({ params: { ...PARAMS, Digits: "1235" } })).toBe(false);
    expect(check({ url: "https://mycompany.com/myapp.php?foo=1&bar=3" })).toBe(false);
    expect(check({ algorithm: "HMAC_SHA1" })).toBe(false);
    expect(check({ algorithm: "HMAC_MD5" })).toBe(false);
  });

  it("reads the settings header", () => {
    expect(parseSignatureSettings("key=KS0123,algorithm=HMAC_SHA256")).toEqual({ key: "KS0123", algorithm: "HMAC_SHA256" });
    expect(parseSignatureSettings(" key = KS9 , algorithm = hmac_sha256 ")).toEqual({ key: "KS9", algorithm: "HMAC_SHA256" });
    expect(parseSignatureSettings("key=,algorithm=HMAC_SHA256")).toEqual({ key: null, algorithm: "HMAC_SHA256" });
    expect(parseSignatureSettings(undefined)).toBeNull();
    expect(parseSignatureSettings("  ")).toBeNull();
  });
});
