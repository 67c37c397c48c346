import { describe, expect, it } from "vitest";
import { elapsedSeconds, priceCallColumns } from "./pricing.js";

describe("call pricing columns", () => {
  it("stores the result beside the rules it came from", () => {
    // 7 min → 12 min billed at $150/h = $30.00
    expect(priceCallColumns(420, { rateCents: 15000, billingType: "hour", minimumBillingMinutes: 0, roundingIncrementMinutes: 6 })).toEqual({
      durationSeconds: 420,
      billedSeconds: 720,
      amountCents: 3000,
      rateCents: 15000,
      billingType: "hour",
      minimumBillingMinutes: 0,
      roundingIncrementMinutes: 6,
    });
  });

  it("counts whole elapsed seconds and never goes negative", () => {
    expect(elapsedSeconds(new Date("2026-01-01T00:00:00.000Z"), new Date("2026-01-01T00:01:05.999Z"))).toBe(65);
    expect(elapsedSeconds(new Date("2026-01-01T00:00:10Z"), new Date("2026-01-01T00:00:00Z"))).toBe(0);
  });
});
