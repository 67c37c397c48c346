import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsToDecimal, formatDecimalMoney, formatMoney, parseDecimalToCents } from "./money";

describe("money", () => {
  it("turns decimal strings into cents and back without drift", () => {
    expect(parseDecimalToCents("12.5")).toBe(1250);
    expect(parseDecimalToCents("0.01")).toBe(1);
    expect(parseDecimalToCents("abc")).toBeNull();
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (cents) => parseDecimalToCents(centsToDecimal(cents)) === cents));
  });

  it("formats cents in the account's currency", () => {
    expect(formatMoney(123456)).toBe("$1,234.56");
    expect(formatMoney(1500, "eur")).toBe("€15.00");
  });

  it("formats the API's decimal strings, null and empty as zero", () => {
    expect(formatDecimalMoney("12.50")).toBe("$12.50");
    expect(formatDecimalMoney("150", "gbp")).toBe("£150.00");
    expect(formatDecimalMoney(null)).toBe("$0.00");
    expect(formatDecimalMoney("")).toBe("$0.00");
  });
});
