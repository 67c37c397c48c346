import { describe, expect, it } from "vitest";
import { accountRules, clientOverrides, elapsedSeconds, priceCallColumns, storedRules } from "./pricing.js";
import { resolveRules } from "../../core/billing/rules.js";

const account = { defaultRateCents: 15000, billingType: "hour", minimumBillingMinutes: 0, roundingIncrementMinutes: 6 };

describe("call pricing columns", () => {
  it("prices with the account's defaults when the client overrides nothing", () => {
    const rules = resolveRules(accountRules(account), clientOverrides({ billingRateCents: null, billingType: null, minimumBillingMinutes: null, roundingIncrementMinutes: null }));
    // 7 min → 12 min billed at $150/h = $30.00
    expect(priceCallColumns(420, rules)).toEqual({
      durationSeconds: 420,
      billedSeconds: 720,
      amountCents: 3000,
      rateCents: 15000,
      billingType: "hour",
      minimumBillingMinutes: 0,
      roundingIncrementMinutes: 6,
    });
  });

  it("takes each override from the client, a rate of 0 included", () => {
    const rules = resolveRules(accountRules(account), clientOverrides({ billingRateCents: 0, billingType: "minute", minimumBillingMinutes: 10, roundingIncrementMinutes: null }));
    expect(rules).toEqual({ rateCents: 0, billingType: "minute", minimumBillingMinutes: 10, roundingIncrementMinutes: 6 });
  });

  it("ignores a client's billing type without the client's own rate", () => {
    expect(clientOverrides({ billingRateCents: null, billingType: "call", minimumBillingMinutes: null, roundingIncrementMinutes: null }).billingType).toBeNull();
  });

  it("falls back to a 1-minute increment when a stored increment is not one of the allowed steps", () => {
    expect(accountRules({ ...account, roundingIncrementMinutes: 7 }).roundingIncrementMinutes).toBe(1);
    expect(clientOverrides({ billingRateCents: null, billingType: null, minimumBillingMinutes: null, roundingIncrementMinutes: 7 }).roundingIncrementMinutes).toBeNull();
  });

  it("re-prices a new duration with the rules stored on the call", () => {
    const stored = priceCallColumns(60, { rateCents: 400, billingType: "minute", minimumBillingMinutes: 5, roundingIncrementMinutes: 1 });
    expect(stored.amountCents).toBe(2000);
    expect(priceCallColumns(601, storedRules(stored)).amountCents).toBe(4400);
  });

  it("counts whole elapsed seconds and never goes negative", () => {
    expect(elapsedSeconds(new Date("2026-01-01T00:00:00.000Z"), new Date("2026-01-01T00:01:05.999Z"))).toBe(65);
    expect(elapsedSeconds(new Date("2026-01-01T00:00:10Z"), new Date("2026-01-01T00:00:00Z"))).toBe(0);
  });
});
