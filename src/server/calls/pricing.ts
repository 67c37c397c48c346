import { priceDuration } from "../../core/pricing/price.js";
import type { BillingRules, BillingType } from "../../core/pricing/rules.js";

/** The columns a priced call stores: the result and the rules it came from, so it is never re-priced silently. */
export type CallPriceColumns = {
  durationSeconds: number;
  billedSeconds: number;
  amountCents: number;
  rateCents: number;
  billingType: BillingType;
  minimumBillingMinutes: number;
  roundingIncrementMinutes: number;
};

/** The rule columns a call notes, priced or not (a running timer shows the rules it will be priced with). */
export function ruleColumns(
  rules: BillingRules,
): Pick<CallPriceColumns, "rateCents" | "billingType" | "minimumBillingMinutes" | "roundingIncrementMinutes"> {
  return {
    rateCents: rules.rateCents,
    billingType: rules.billingType,
    minimumBillingMinutes: rules.minimumBillingMinutes,
    roundingIncrementMinutes: rules.roundingIncrementMinutes,
  };
}

/** Prices a raw duration with the given rules and returns every column to write. */
export function priceCallColumns(durationSeconds: number, rules: BillingRules): CallPriceColumns {
  const { billedSeconds, amountCents } = priceDuration(durationSeconds, rules);
  return { durationSeconds, billedSeconds, amountCents, ...ruleColumns(rules) };
}

/** Whole seconds between two instants, never negative (a clock step backwards ends a call at 0). */
export function elapsedSeconds(startedAt: Date, endedAt: Date): number {
  return Math.max(0, Math.floor((endedAt.getTime() - startedAt.getTime()) / 1000));
}
