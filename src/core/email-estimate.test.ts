import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ROUNDING_INCREMENTS } from "./pricing/rules.js";
import {
  calculateEmailBilling,
  DEFAULT_EMAIL_BILLING_RULES,
  DEFAULT_EMAIL_RATE_CENTS,
  emailComplexity,
  estimateEmailTimes,
  estimateReadMinutes,
  estimateWriteMinutes,
  MEDIUM_BELOW_WORDS,
  MIN_READ_MINUTES,
  MIN_WRITE_MINUTES,
  READING_WORDS_PER_MINUTE,
  REPLY_MINUTES,
  SIMPLE_BELOW_WORDS,
  summarizeEmailBilling,
  WRITING_WORDS_PER_MINUTE,
} from "./email-estimate.js";

describe("constants", () => {
  it("states the model's figures", () => {
    expect(DEFAULT_EMAIL_RATE_CENTS).toBe(15000);
    expect(DEFAULT_EMAIL_BILLING_RULES).toEqual({ rateCents: 15000, minimumBillingMinutes: 0, roundingIncrementMinutes: 1 });
    expect([READING_WORDS_PER_MINUTE, MIN_READ_MINUTES, MIN_WRITE_MINUTES]).toEqual([200, 1, 2]);
    expect([SIMPLE_BELOW_WORDS, MEDIUM_BELOW_WORDS]).toEqual([100, 300]);
    expect(WRITING_WORDS_PER_MINUTE).toEqual({ simple: 40, medium: 30, complex: 20 });
    expect(REPLY_MINUTES).toEqual({ simple: 3, medium: 8, complex: 15 });
  });
});

describe("emailComplexity", () => {
  it.each([
    [0, "simple"],
    [99, "simple"],
    [100, "medium"],
    [299, "medium"],
    [300, "complex"],
    [50_000, "complex"],
  ])("%i words → %s", (words, complexity) => {
    expect(emailComplexity(words)).toBe(complexity);
  });

  it.each([-1, 1.5, Number.NaN])("rejects a word count of %s", (words) => {
    expect(() => emailComplexity(words)).toThrow(RangeError);
  });
});

describe("estimateReadMinutes", () => {
  it.each([
    [0, 1],
    [1, 1],
    [200, 1],
    [201, 2],
    [400, 2],
    [1000, 5],
  ])("%i words → %i min", (words, minutes) => {
    expect(estimateReadMinutes(words)).toBe(minutes);
  });

  it("rejects a negative word count", () => {
    expect(() => estimateReadMinutes(-5)).toThrow(RangeError);
  });
});

describe("estimateWriteMinutes", () => {
  it.each([
    [0, 2],
    [40, 2],
    [99, 3], // simple, 40 words/min
    [100, 4], // medium, 30 words/min
    [299, 10],
    [300, 15], // complex, 20 words/min
    [1000, 50],
  ])("%i words → %i min", (words, minutes) => {
    expect(estimateWriteMinutes(words)).toBe(minutes);
  });

  it("never decreases as an email grows, across the complexity thresholds too", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), (words) => {
        expect(estimateWriteMinutes(words + 1)).toBeGreaterThanOrEqual(estimateWriteMinutes(words));
        expect(estimateReadMinutes(words + 1)).toBeGreaterThanOrEqual(estimateReadMinutes(words));
      }),
    );
  });
});

describe("estimateEmailTimes", () => {
  it("gives an inbound email its reading time and a reply forecast", () => {
    expect(estimateEmailTimes({ wordCount: 250, isInbound: true })).toEqual({
      complexity: "medium",
      estimatedReadTime: 2,
      estimatedReplyTime: 8,
    });
  });

  it("gives an outbound email its writing time and no reading", () => {
    expect(estimateEmailTimes({ wordCount: 250, isInbound: false })).toEqual({
      complexity: "medium",
      estimatedReadTime: 0,
      estimatedReplyTime: 9,
    });
  });
});

describe("calculateEmailBilling", () => {
  it("bills an inbound email's reading only, at 150.00/hour by default", () => {
    expect(calculateEmailBilling({ wordCount: 250, isInbound: true })).toEqual({
      complexity: "medium",
      wordCount: 250,
      readTimeMinutes: 2,
      replyTimeMinutes: 0,
      totalTimeMinutes: 2,
      rateCents: 15000,
      billedSeconds: 120,
      amountCents: 500,
    });
  });

  it("bills an outbound email's writing only", () => {
    expect(calculateEmailBilling({ wordCount: 300, isInbound: false })).toEqual({
      complexity: "complex",
      wordCount: 300,
      readTimeMinutes: 0,
      replyTimeMinutes: 15,
      totalTimeMinutes: 15,
      rateCents: 15000,
      billedSeconds: 900,
      amountCents: 3750,
    });
  });

  it("applies the account's rounding and minimum", () => {
    const rounded = calculateEmailBilling({ wordCount: 50, isInbound: true }, { roundingIncrementMinutes: 6 });
    expect([rounded.totalTimeMinutes, rounded.billedSeconds, rounded.amountCents]).toEqual([1, 360, 1500]);
    const minimum = calculateEmailBilling({ wordCount: 50, isInbound: true }, { minimumBillingMinutes: 15, roundingIncrementMinutes: 6 });
    expect([minimum.billedSeconds, minimum.amountCents]).toEqual([900, 3750]);
  });

  it("uses the given hourly rate and rounds the cent half up", () => {
    const calc = calculateEmailBilling({ wordCount: 10, isInbound: true }, { rateCents: 150 });
    expect([calc.rateCents, calc.amountCents]).toEqual([150, 3]); // 1 min at 1.50/h = 2.5 cents → 3
  });

  it("treats a missing or zero rate correctly", () => {
    expect(calculateEmailBilling({ wordCount: 10, isInbound: true }, { rateCents: 0 }).amountCents).toBe(0);
  });

  it("rejects bad word counts and bad rules", () => {
    expect(() => calculateEmailBilling({ wordCount: -1, isInbound: true })).toThrow(RangeError);
    expect(() => calculateEmailBilling({ wordCount: 10, isInbound: true }, { rateCents: -100 })).toThrow(RangeError);
  });

  it("always prices whole cents, never below the minimum, and total = read + reply", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 120 }),
        fc.constantFrom(...ROUNDING_INCREMENTS),
        (wordCount, isInbound, rateCents, minimumBillingMinutes, roundingIncrementMinutes) => {
          const calc = calculateEmailBilling({ wordCount, isInbound }, { rateCents, minimumBillingMinutes, roundingIncrementMinutes });
          expect(Number.isSafeInteger(calc.amountCents)).toBe(true);
          expect(calc.totalTimeMinutes).toBe(calc.readTimeMinutes + calc.replyTimeMinutes);
          expect(calc.billedSeconds).toBeGreaterThanOrEqual(Math.max(calc.totalTimeMinutes, minimumBillingMinutes) * 60);
          expect(isInbound ? calc.replyTimeMinutes : calc.readTimeMinutes).toBe(0);
        },
      ),
    );
  });
});

describe("summarizeEmailBilling", () => {
  it("sums integer cents and reports billed hours to 2 decimals", () => {
    const calcs = [
      calculateEmailBilling({ wordCount: 250, isInbound: true }), // 2 min, 500
      calculateEmailBilling({ wordCount: 300, isInbound: false }), // 15 min, 3750
      calculateEmailBilling({ wordCount: 10, isInbound: true }), // 1 min, 250
    ];
    expect(summarizeEmailBilling(calcs)).toEqual({ totalAmountCents: 4500, totalEmails: 3, totalTimeHours: 0.3 });
  });

  it("rounds hours half up", () => {
    // 1 min = 0.01666… h → 0.02; 30 s = 0.00833… h → 0.01; 18 s = 0.005 h → 0.01
    expect(summarizeEmailBilling([{ amountCents: 1, billedSeconds: 60 }]).totalTimeHours).toBe(0.02);
    expect(summarizeEmailBilling([{ amountCents: 1, billedSeconds: 18 }]).totalTimeHours).toBe(0.01);
    expect(summarizeEmailBilling([{ amountCents: 1, billedSeconds: 17 }]).totalTimeHours).toBe(0);
  });

  it("is all zeros for no emails", () => {
    expect(summarizeEmailBilling([])).toEqual({ totalAmountCents: 0, totalEmails: 0, totalTimeHours: 0 });
  });
});
