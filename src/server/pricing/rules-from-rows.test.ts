import { describe, expect, it } from "vitest";
import { priceCallColumns } from "../calls/pricing.js";
import { accountRules, clientOverrides, emailRules, rulesFor, storedCallRules } from "./rules-from-rows.js";

const account = { defaultRateCents: 15000, billingType: "hour", minimumBillingMinutes: 0, roundingIncrementMinutes: 6 };
const noOverrides = { billingRateCents: null, billingType: null, minimumBillingMinutes: null, roundingIncrementMinutes: null };

describe("billing rules from rows", () => {
  it("takes the account's defaults when the client overrides nothing", () => {
    expect(rulesFor(account, noOverrides)).toEqual({
      rateCents: 15000,
      billingType: "hour",
      minimumBillingMinutes: 0,
      roundingIncrementMinutes: 6,
    });
    expect(rulesFor(account, null)).toEqual(accountRules(account));
  });

  it("takes each override from the client, a rate of 0 included", () => {
    const client = { billingRateCents: 0, billingType: "minute", minimumBillingMinutes: 10, roundingIncrementMinutes: null };
    expect(rulesFor(account, client)).toEqual({
      rateCents: 0,
      billingType: "minute",
      minimumBillingMinutes: 10,
      roundingIncrementMinutes: 6,
    });
  });

  it("ignores a client's billing type without the client's own rate", () => {
    expect(clientOverrides({ ...noOverrides, billingType: "call" }).billingType).toBeNull();
  });

  it("throws for a stored value the engine does not know instead of billing at a guessed step", () => {
    expect(() => accountRules({ ...account, roundingIncrementMinutes: 7 })).toThrow(
      "roundingIncrementMinutes must be one of 1, 6, 15, 30, got 7",
    );
    expect(() => accountRules({ ...account, billingType: "day" })).toThrow("unknown billingType day");
    expect(() => clientOverrides({ ...noOverrides, roundingIncrementMinutes: 7 })).toThrow(RangeError);
    expect(() => clientOverrides({ ...noOverrides, billingRateCents: 100, billingType: "sent" })).toThrow(RangeError);
    expect(() =>
      storedCallRules({ rateCents: 100, billingType: "hour", minimumBillingMinutes: 0, roundingIncrementMinutes: 0 }),
    ).toThrow(RangeError);
    expect(() => emailRules({ ...account, roundingIncrementMinutes: 5 }, null, undefined)).toThrow(RangeError);
  });

  it("re-prices a new duration with the rules stored on the call", () => {
    const stored = priceCallColumns(60, {
      rateCents: 400,
      billingType: "minute",
      minimumBillingMinutes: 5,
      roundingIncrementMinutes: 1,
    });
    expect(stored.amountCents).toBe(2000);
    expect(priceCallColumns(601, storedCallRules(stored)).amountCents).toBe(4400);
  });

  it("prices emails hourly at the screen's rate with the client's minimum and rounding over the account's", () => {
    const client = { billingRateCents: 9000, billingType: "call", minimumBillingMinutes: 15, roundingIncrementMinutes: null };
    expect(emailRules(account, client, undefined)).toEqual({
      rateCents: 15000,
      minimumBillingMinutes: 15,
      roundingIncrementMinutes: 6,
    });
    expect(emailRules(account, null, 20000)).toEqual({ rateCents: 20000, minimumBillingMinutes: 0, roundingIncrementMinutes: 6 });
  });
});
