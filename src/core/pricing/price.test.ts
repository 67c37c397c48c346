import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { billedSecondsFor, divideHalfUp, priceDuration } from "./price.js";
import { type BillingRules, ROUNDING_INCREMENTS } from "./rules.js";

const perMinute: BillingRules = { rateCents: 400, billingType: "minute", minimumBillingMinutes: 0, roundingIncrementMinutes: 1 };
const hourly: BillingRules = { rateCents: 15000, billingType: "hour", minimumBillingMinutes: 0, roundingIncrementMinutes: 1 };
const flat: BillingRules = { rateCents: 5000, billingType: "call", minimumBillingMinutes: 0, roundingIncrementMinutes: 1 };

describe("priceDuration: per minute", () => {
  it("rounds a started minute up", () => {
    expect(priceDuration(61, perMinute)).toEqual({ billedSeconds: 120, amountCents: 800 });
    expect(priceDuration(1, perMinute)).toEqual({ billedSeconds: 60, amountCents: 400 });
  });

  it("does not round an exact increment further", () => {
    expect(priceDuration(360, { ...perMinute, roundingIncrementMinutes: 6 })).toEqual({ billedSeconds: 360, amountCents: 2400 });
    expect(priceDuration(361, { ...perMinute, roundingIncrementMinutes: 6 })).toEqual({ billedSeconds: 720, amountCents: 4800 });
  });

  it("rounds up to 15 and 30 minute increments", () => {
    expect(priceDuration(16 * 60, { ...perMinute, roundingIncrementMinutes: 15 })).toEqual({ billedSeconds: 1800, amountCents: 12000 });
    expect(priceDuration(31 * 60, { ...perMinute, roundingIncrementMinutes: 30 })).toEqual({ billedSeconds: 3600, amountCents: 24000 });
  });

  it("applies the minimum when the rounded time is shorter", () => {
    const rules = { ...perMinute, minimumBillingMinutes: 15, roundingIncrementMinutes: 6 } as const;
    expect(priceDuration(1, rules)).toEqual({ billedSeconds: 900, amountCents: 6000 });
    // 16 min rounds up to 18 min, above the minimum
    expect(priceDuration(16 * 60, rules)).toEqual({ billedSeconds: 1080, amountCents: 7200 });
  });

  it("bills 0 seconds as 0 without a minimum and as the minimum with one", () => {
    expect(priceDuration(0, perMinute)).toEqual({ billedSeconds: 0, amountCents: 0 });
    expect(priceDuration(0, { ...perMinute, minimumBillingMinutes: 15 })).toEqual({ billedSeconds: 900, amountCents: 6000 });
  });

  it("prices a free rate at 0 but still reports billed time", () => {
    expect(priceDuration(90, { ...perMinute, rateCents: 0 })).toEqual({ billedSeconds: 120, amountCents: 0 });
  });
});

describe("priceDuration: hourly", () => {
  it("prices billed minutes at a sixtieth of the hourly rate", () => {
    expect(priceDuration(1, { ...hourly, roundingIncrementMinutes: 6 })).toEqual({ billedSeconds: 360, amountCents: 1500 });
    expect(priceDuration(3600, hourly)).toEqual({ billedSeconds: 3600, amountCents: 15000 });
    expect(priceDuration(5400, hourly)).toEqual({ billedSeconds: 5400, amountCents: 22500 });
  });

  it("rounds to the cent half up, not to even", () => {
    expect(priceDuration(60, { ...hourly, rateCents: 30 }).amountCents).toBe(1); // 0.5 → 1
    expect(priceDuration(60, { ...hourly, rateCents: 150 }).amountCents).toBe(3); // 2.5 → 3 (banker's would give 2)
    expect(priceDuration(60, { ...hourly, rateCents: 29 }).amountCents).toBe(0); // 0.483… → 0
    expect(priceDuration(60, { ...hourly, rateCents: 10001 }).amountCents).toBe(167); // 166.68… → 167
    expect(priceDuration(60, { ...hourly, rateCents: 10010 }).amountCents).toBe(167); // 166.83… → 167
  });

  it("prices ten years of talking exactly", () => {
    const tenYears = 10 * 365 * 24 * 3600;
    expect(priceDuration(tenYears, hourly)).toEqual({ billedSeconds: tenYears, amountCents: 10 * 365 * 24 * 15000 });
  });
});

describe("priceDuration: flat per call", () => {
  it("costs the rate whatever the length, a 0-second call included", () => {
    expect(priceDuration(0, flat)).toEqual({ billedSeconds: 0, amountCents: 5000 });
    expect(priceDuration(59, flat)).toEqual({ billedSeconds: 60, amountCents: 5000 });
    expect(priceDuration(3 * 3600 + 1, flat)).toEqual({ billedSeconds: 3 * 3600 + 60, amountCents: 5000 });
  });

  it("still shows the minimum as billed time", () => {
    expect(priceDuration(10, { ...flat, minimumBillingMinutes: 15 })).toEqual({ billedSeconds: 900, amountCents: 5000 });
  });
});

describe("priceDuration: bad input", () => {
  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 2])("rejects duration %s", (seconds) => {
    expect(() => priceDuration(seconds, perMinute)).toThrow(RangeError);
  });

  it("rejects a duration whose rounding leaves the safe integers", () => {
    expect(() => priceDuration(Number.MAX_SAFE_INTEGER, perMinute)).toThrow(RangeError);
  });

  it("rejects an amount too large to be exact instead of returning a wrong one", () => {
    expect(() => priceDuration(9_000_000_000_000_000, hourly)).toThrow(RangeError);
  });

  it("rejects invalid rules", () => {
    expect(() => priceDuration(60, { ...perMinute, rateCents: -400 })).toThrow(RangeError);
    expect(() => priceDuration(60, { ...perMinute, roundingIncrementMinutes: 7 } as unknown as BillingRules)).toThrow(RangeError);
  });
});

describe("billedSecondsFor", () => {
  it("is the larger of the minimum and the rounded time", () => {
    expect(billedSecondsFor(0, { minimumBillingMinutes: 0, roundingIncrementMinutes: 15 })).toBe(0);
    expect(billedSecondsFor(1, { minimumBillingMinutes: 0, roundingIncrementMinutes: 15 })).toBe(900);
    expect(billedSecondsFor(1, { minimumBillingMinutes: 10, roundingIncrementMinutes: 6 })).toBe(600);
    expect(billedSecondsFor(601, { minimumBillingMinutes: 10, roundingIncrementMinutes: 6 })).toBe(720);
  });
});

describe("divideHalfUp", () => {
  it.each([
    [0, 5, 0],
    [4, 10, 0],
    [5, 10, 1],
    [15, 10, 2],
    [25, 10, 3],
    [7, 1, 7],
    [Number.MAX_SAFE_INTEGER, 1, Number.MAX_SAFE_INTEGER],
  ])("%i / %i → %i", (numerator, denominator, expected) => {
    expect(divideHalfUp(numerator, denominator)).toBe(expected);
  });

  it("rejects negative, fractional and zero-denominator input", () => {
    expect(() => divideHalfUp(-1, 2)).toThrow(RangeError);
    expect(() => divideHalfUp(1.5, 2)).toThrow(RangeError);
    expect(() => divideHalfUp(1, 0)).toThrow(RangeError);
  });

  it("matches exact BigInt half-up division on any safe integer", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 1, max: 1_000_000 }), (n, d) => {
        const exact = (2n * BigInt(n) + BigInt(d)) / (2n * BigInt(d));
        expect(divideHalfUp(n, d)).toBe(Number(exact));
      }),
    );
  });
});

describe("priceDuration laws", () => {
  const rulesArb = fc.record({
    rateCents: fc.integer({ min: 0, max: 1_000_000 }),
    billingType: fc.constantFrom("minute", "hour", "call"),
    minimumBillingMinutes: fc.integer({ min: 0, max: 240 }),
    roundingIncrementMinutes: fc.constantFrom(...ROUNDING_INCREMENTS),
  }) satisfies fc.Arbitrary<BillingRules>;
  const durationArb = fc.integer({ min: 0, max: 10_000_000 });

  it("amount is a non-negative integer", () => {
    fc.assert(
      fc.property(durationArb, rulesArb, (seconds, rules) => {
        const { amountCents } = priceDuration(seconds, rules);
        expect(Number.isSafeInteger(amountCents)).toBe(true);
        expect(amountCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("never bills less time than was spent, nor a full increment more (unless the minimum applies)", () => {
    fc.assert(
      fc.property(durationArb, rulesArb, (seconds, rules) => {
        const { billedSeconds } = priceDuration(seconds, rules);
        expect(billedSeconds).toBeGreaterThanOrEqual(seconds);
        if (billedSeconds > rules.minimumBillingMinutes * 60) {
          expect(billedSeconds - seconds).toBeLessThan(rules.roundingIncrementMinutes * 60);
        }
      }),
    );
  });

  it("billed time is a multiple of the increment, or exactly the minimum", () => {
    fc.assert(
      fc.property(durationArb, rulesArb, (seconds, rules) => {
        const { billedSeconds } = priceDuration(seconds, rules);
        const isMultiple = billedSeconds % (rules.roundingIncrementMinutes * 60) === 0;
        expect(isMultiple || billedSeconds === rules.minimumBillingMinutes * 60).toBe(true);
        expect(billedSeconds % 60).toBe(0);
      }),
    );
  });

  it("never costs less than the minimum alone", () => {
    fc.assert(
      fc.property(durationArb, rulesArb, (seconds, rules) => {
        // A 0-second call bills exactly the minimum, so its price is the minimum's price.
        const minimum = priceDuration(0, rules);
        expect(minimum.billedSeconds).toBe(rules.minimumBillingMinutes * 60);
        expect(priceDuration(seconds, rules).amountCents).toBeGreaterThanOrEqual(minimum.amountCents);
      }),
    );
  });

  it("is monotonic: a longer call never costs less or bills less time", () => {
    fc.assert(
      fc.property(durationArb, durationArb, rulesArb, (a, b, rules) => {
        const [shorter, longer] = a <= b ? [a, b] : [b, a];
        const short = priceDuration(shorter, rules);
        const long = priceDuration(longer, rules);
        expect(long.amountCents).toBeGreaterThanOrEqual(short.amountCents);
        expect(long.billedSeconds).toBeGreaterThanOrEqual(short.billedSeconds);
      }),
    );
  });

  it("flat calls cost their rate whatever the length", () => {
    fc.assert(
      fc.property(durationArb, rulesArb, (seconds, rules) => {
        expect(priceDuration(seconds, { ...rules, billingType: "call" }).amountCents).toBe(rules.rateCents);
      }),
    );
  });

  it("time-based prices equal billed time × rate rounded half up, computed exactly", () => {
    fc.assert(
      fc.property(durationArb, rulesArb, (seconds, rules) => {
        const { billedSeconds, amountCents } = priceDuration(seconds, rules);
        const unitSeconds = rules.billingType === "minute" ? 60n : 3600n;
        const exact = (2n * BigInt(billedSeconds) * BigInt(rules.rateCents) + unitSeconds) / (2n * unitSeconds);
        if (rules.billingType !== "call") expect(amountCents).toBe(Number(exact));
      }),
    );
  });

  it("an hour billed hourly costs the same as 60 minutes billed per minute at a sixtieth of the rate", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 500 }), (perMinuteCents, hours) => {
        const seconds = hours * 3600;
        const byHour = priceDuration(seconds, { ...hourly, rateCents: perMinuteCents * 60 });
        const byMinute = priceDuration(seconds, { ...perMinute, rateCents: perMinuteCents });
        expect(byHour).toEqual(byMinute);
      }),
    );
  });
});
