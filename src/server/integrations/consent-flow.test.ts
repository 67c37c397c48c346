import { describe, expect, it } from "vitest";
import { grantedConsent } from "./consent-flow.js";
import { ConsentFailed } from "./oauth-state.js";

const words = {
  denied: (error: string, description: string | undefined) => `Refused: ${description ?? "-"} (${error})`,
  noCode: "No code: connect again",
};

function failure(answer: Parameters<typeof grantedConsent>[0]): ConsentFailed {
  try {
    grantedConsent(answer, words);
  } catch (error) {
    if (error instanceof ConsentFailed) return error;
    throw error;
  }
  throw new Error("no failure");
}

describe("grantedConsent, the provider's answer on every consent callback", () => {
  it("answers the code and state of a granted consent", () => {
    expect(grantedConsent({ code: "c-1", state: "s.sig" }, words)).toEqual({ code: "c-1", state: "s.sig" });
  });

  it("a refusal is 'denied' in the consent's words, even when a code came along", () => {
    const refused = failure({ error: "access_denied", error_description: "The user said no", code: "c-1", state: "s" });
    expect(refused.reason).toBe("denied");
    expect(refused.message).toBe("Refused: The user said no (access_denied)");
    expect(failure({ error: "access_denied", error_description: "" }).message).toBe("Refused: - (access_denied)");
  });

  it("an answer without a code or without a state is 'no_code'", () => {
    for (const answer of [{}, { code: "c-1" }, { state: "s" }, { code: "", state: "s" }]) {
      const missing = failure(answer);
      expect(missing.reason).toBe("no_code");
      expect(missing.message).toBe("No code: connect again");
    }
  });
});
