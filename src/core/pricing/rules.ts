import { BILLING_TYPES, type BillingType } from "../contracts/auth.js";

export { BILLING_TYPES, type BillingType };

/** Rounding steps an account may choose (docs/decisions.md D8); raw time is always rounded UP to one of these. */
export const ROUNDING_INCREMENTS = [1, 6, 15, 30] as const;
export type RoundingIncrement = (typeof ROUNDING_INCREMENTS)[number];

/**
 * The rules one call or email is priced with. `rateCents` is per minute, per hour or per call
 * according to `billingType`; a call keeps a copy of these so a later rate change never re-prices it.
 */
export type BillingRules = {
  rateCents: number;
  billingType: BillingType;
  minimumBillingMinutes: number;
  roundingIncrementMinutes: RoundingIncrement;
};

/** A client's own settings: `null` (or absent) means "use the account's default". */
export type ClientBillingOverrides = {
  [K in keyof BillingRules]?: BillingRules[K] | null;
};

/** Narrows a number read from the database or a form to a rounding increment. */
export function isRoundingIncrement(value: unknown): value is RoundingIncrement {
  return ROUNDING_INCREMENTS.some((increment) => increment === value);
}

/**
 * A rounding increment read from a stored row. The database's CHECK constraints allow only
 * ROUNDING_INCREMENTS, so anything else is a bug: it throws rather than pricing at a guessed step.
 */
export function toRoundingIncrement(value: number): RoundingIncrement {
  if (!isRoundingIncrement(value)) throw new RangeError(`roundingIncrementMinutes must be one of ${ROUNDING_INCREMENTS.join(", ")}, got ${value}`);
  return value;
}

/** A billing type read from a stored row; like toRoundingIncrement, an unknown one throws. */
export function toBillingType(value: string): BillingType {
  const type = BILLING_TYPES.find((known) => known === value);
  if (type === undefined) throw new RangeError(`unknown billingType ${value}`);
  return type;
}

/**
 * The rules that apply to one client: each of rate, type, minimum and rounding comes from the
 * client where it is set, else from the account (docs/decisions.md D8). A rate of 0 is a real override.
 */
export function resolveRules(accountDefaults: BillingRules, clientOverrides: ClientBillingOverrides = {}): BillingRules {
  return {
    rateCents: clientOverrides.rateCents ?? accountDefaults.rateCents,
    billingType: clientOverrides.billingType ?? accountDefaults.billingType,
    minimumBillingMinutes: clientOverrides.minimumBillingMinutes ?? accountDefaults.minimumBillingMinutes,
    roundingIncrementMinutes: clientOverrides.roundingIncrementMinutes ?? accountDefaults.roundingIncrementMinutes,
  };
}

/**
 * Throws a RangeError for rules no screen should be able to save (negative or fractional cents,
 * a negative minimum, an unknown increment), so a bad row fails loudly instead of pricing wrongly.
 */
export function assertValidRules(rules: BillingRules): void {
  if (!Number.isSafeInteger(rules.rateCents) || rules.rateCents < 0) {
    throw new RangeError(`rateCents must be a non-negative integer, got ${rules.rateCents}`);
  }
  if (!Number.isSafeInteger(rules.minimumBillingMinutes) || rules.minimumBillingMinutes < 0) {
    throw new RangeError(`minimumBillingMinutes must be a non-negative integer, got ${rules.minimumBillingMinutes}`);
  }
  if (!isRoundingIncrement(rules.roundingIncrementMinutes)) {
    throw new RangeError(`roundingIncrementMinutes must be one of ${ROUNDING_INCREMENTS.join(", ")}`);
  }
  if (!BILLING_TYPES.includes(rules.billingType)) {
    throw new RangeError(`unknown billingType ${String(rules.billingType)}`);
  }
}
