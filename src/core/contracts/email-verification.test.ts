import { describe, expect, it } from "vitest";
import { VERIFY_LINK_REFUSALS, verifyLinkRefusalOf, verifyLinkRefusalText } from "./email-verification.js";

describe("a refused verification link's reason", () => {
  it("travels as a code and comes back as the same sentence", () => {
    for (const [code, sentence] of Object.entries(VERIFY_LINK_REFUSALS)) {
      expect(verifyLinkRefusalOf(sentence)).toBe(code);
      expect(verifyLinkRefusalText(code)).toBe(sentence);
    }
  });

  it("never repeats words it does not know, whether a thrown message or an address-bar reason", () => {
    expect(verifyLinkRefusalOf("something else went wrong")).toBe("invalid");
    const bait = "Your account is locked. Call +1 555 0100 now.";
    expect(verifyLinkRefusalText(bait)).not.toContain("locked");
    expect(verifyLinkRefusalText(null)).toBe("The link could not be used. Send a new one from Settings → Profile.");
    expect(verifyLinkRefusalText("toString")).toBe("The link could not be used. Send a new one from Settings → Profile.");
  });
});
