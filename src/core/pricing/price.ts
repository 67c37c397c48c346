import { assertValidRules, type BillingRules } from "./rules.js";

/** What one call (or email) costs: the billed duration shown beside the raw one, and the price. */
export type PricedDuration = {
  billedSeconds: number;
  amountCents: number;
};

/**
 * The one function that prices a duration (docs/decisions.md D8), so a call, an email, an invoice
 * line and a PDF can never disagree.
 *
 * - Billed time = max(minimum, raw time rounded UP to the increment). A 0-second duration
 *   therefore bills the minimum when there is one, and 0 otherwise.
 * - Per-minute and hourly: billed time × rate, rounded to the cent half up, in integers only.
 * - Flat per call: the rate whatever the length, a 0-second call included (docs/decisions.md D8
 *   "whatever its length"); billedSeconds is still computed for display.
 *
 * Throws RangeError for a negative, fractional or unsafe duration and for invalid rules:
 * durations are integer seconds from the server's own clock, so anything else is a bug.
 */
export function priceDuration(durationSeconds: number, rules: BillingRules): PricedDuration {
  if (!Number.isSafeInteger(durationSeconds) || durationSeconds < 0) {
    throw new RangeError(`durationSeconds must be a non-negative integer, got ${durationSeconds}`);
  }
  assertValidRules(rules);
  const billedSeconds = billedSecondsFor(durationSeconds, rules);
  const billedMinutes = billedSeconds / 60; // whole: increment and minimum are whole minutes
  const amountCents =
    rules.billingType === "call"
      ? rules.rateCents
      : rules.billingType === "minute"
        ? safeProduct(billedMinutes, rules.rateCents)
        : divideHalfUp(safeProduct(billedMinutes, rules.rateCents), 60);
  return { billedSeconds, amountCents };
}

/** Raw seconds rounded up to the increment, then raised to the minimum. Always whole minutes. */
export function billedSecondsFor(durationSeconds: number, rules: Pick<BillingRules, "minimumBillingMinutes" | "roundingIncrementMinutes">): number {
  const incrementSeconds = rules.roundingIncrementMinutes * 60;
  const remainder = durationSeconds % incrementSeconds;
  const rounded = remainder === 0 ? durationSeconds : durationSeconds - remainder + incrementSeconds;
  if (!Number.isSafeInteger(rounded)) throw new RangeError("duration is too large to price exactly");
  return Math.max(rules.minimumBillingMinutes * 60, rounded);
}

/** round(numerator / denominator) half up for non-negative integers, without floating error. */
export function divideHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || numerator < 0 || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError("divideHalfUp needs a non-negative integer numerator and a positive integer denominator");
  }
  // % is exact on integers; dividing the exact multiple that is left is exact too.
  const remainder = numerator % denominator;
  const quotient = (numerator - remainder) / denominator;
  return 2 * remainder >= denominator ? quotient + 1 : quotient;
}

function safeProduct(a: number, b: number): number {
  const product = a * b;
  if (!Number.isSafeInteger(product)) throw new RangeError("amount is too large to price exactly");
  return product;
}
