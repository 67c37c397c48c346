import { describe, expect, it } from "vitest";
import { priceDuration } from "../pricing/price.js";
import { formatDecimal4, parseDecimal4 } from "./decimal.js";
import { hoursE4, ledesLineAmounts } from "./line-amounts.js";

const text = (amounts: ReturnType<typeof ledesLineAmounts>) => ({
  units: formatDecimal4(amounts.unitsE4),
  cost: formatDecimal4(amounts.unitCostE4),
  adjustment: formatDecimal4(amounts.adjustmentE4),
  total: formatDecimal4(amounts.totalE4),
});

describe("LEDES line amounts", () => {
  it("states 7 minutes at 150.00/hour as 0.1167 h and carries the rounding cent as an adjustment", () => {
    const priced = priceDuration(7 * 60, {
      rateCents: 15_000,
      billingType: "hour",
      minimumBillingMinutes: 0,
      roundingIncrementMinutes: 1,
    });
    expect(priced.amountCents).toBe(1_750);
    expect(text(ledesLineAmounts({ ...priced, rateCents: 15_000, billingType: "hour" }))).toEqual({
      units: "0.1167",
      cost: "150.00",
      adjustment: "-0.01",
      total: "17.50",
    });
  });

  it("needs no adjustment where the hours are exact (6-minute increments)", () => {
    expect(
      text(ledesLineAmounts({ billedSeconds: 18 * 60, rateCents: 25_000, billingType: "hour", amountCents: 7_500 })),
    ).toEqual({
      units: "0.30",
      cost: "250.00",
      adjustment: "0.00",
      total: "75.00",
    });
  });

  it("turns a per-minute rate into an hourly unit cost", () => {
    expect(text(ledesLineAmounts({ billedSeconds: 10 * 60, rateCents: 400, billingType: "minute", amountCents: 4_000 }))).toEqual(
      {
        units: "0.1667",
        cost: "240.00",
        adjustment: "-0.01",
        total: "40.00",
      },
    );
  });

  it("bills a flat call fee as one unit at the fee", () => {
    expect(text(ledesLineAmounts({ billedSeconds: 3_600, rateCents: 5_000, billingType: "call", amountCents: 5_000 }))).toEqual({
      units: "1.00",
      cost: "50.00",
      adjustment: "0.00",
      total: "50.00",
    });
  });

  it("keeps a discount the pricing engine gave as the adjustment", () => {
    expect(
      text(ledesLineAmounts({ billedSeconds: 3_600, rateCents: 20_000, billingType: "hour", amountCents: 15_000 })).adjustment,
    ).toBe("-50.00");
  });

  it("rounds hours half up to 4 decimals", () => {
    expect(formatDecimal4(hoursE4(60))).toBe("0.0167");
    expect(formatDecimal4(hoursE4(0))).toBe("0.00");
    expect(formatDecimal4(hoursE4(90 * 60))).toBe("1.50");
  });

  it("parses only plain decimals with at most 4 places", () => {
    expect(parseDecimal4("1250.5")).toBe(12_505_000n);
    expect(parseDecimal4("-0.01")).toBe(-100n);
    for (const bad of ["1,250.00", "$12.00", "12.00001", "", "1e3", " 12"]) expect(parseDecimal4(bad)).toBeNull();
  });
});
