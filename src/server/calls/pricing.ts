import { isRoundingIncrement, resolveRules, type BillingRules, type BillingType, type ClientBillingOverrides } from "../../core/billing/rules.js";
import { priceDuration } from "../../core/billing/price.js";
import type { AccountRow } from "../auth/sessions.js";
import type { clients } from "../db/schema/index.js";

type ClientRow = typeof clients.$inferSelect;

/** The account's default rules as stored on its row (DECISIONS.md 8). */
export function accountRules(account: Pick<AccountRow, "defaultRateCents" | "billingType" | "minimumBillingMinutes" | "roundingIncrementMinutes">): BillingRules {
  return {
    rateCents: account.defaultRateCents,
    billingType: account.billingType as BillingType,
    minimumBillingMinutes: account.minimumBillingMinutes,
    roundingIncrementMinutes: isRoundingIncrement(account.roundingIncrementMinutes) ? account.roundingIncrementMinutes : 1,
  };
}

/**
 * A client's overrides: null columns fall back to the account's defaults. A billing type
 * without the client's own rate is ignored (rate and unit go together, as the client screens show).
 */
export function clientOverrides(
  client: Pick<ClientRow, "billingRateCents" | "billingType" | "minimumBillingMinutes" | "roundingIncrementMinutes"> | null | undefined,
): ClientBillingOverrides {
  if (!client) return {};
  return {
    rateCents: client.billingRateCents,
    billingType: client.billingRateCents === null ? null : (client.billingType as BillingType | null),
    minimumBillingMinutes: client.minimumBillingMinutes,
    roundingIncrementMinutes: isRoundingIncrement(client.roundingIncrementMinutes) ? client.roundingIncrementMinutes : null,
  };
}

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

/** Prices a raw duration with the given rules and returns every column to write. */
export function priceCallColumns(durationSeconds: number, rules: BillingRules): CallPriceColumns {
  const { billedSeconds, amountCents } = priceDuration(durationSeconds, rules);
  return {
    durationSeconds,
    billedSeconds,
    amountCents,
    rateCents: rules.rateCents,
    billingType: rules.billingType,
    minimumBillingMinutes: rules.minimumBillingMinutes,
    roundingIncrementMinutes: rules.roundingIncrementMinutes,
  };
}

/** The rules a call was priced with, read back from its row (an edit of the duration keeps them). */
export function storedRules(call: { rateCents: number; billingType: string; minimumBillingMinutes: number; roundingIncrementMinutes: number }): BillingRules {
  return resolveRules({
    rateCents: call.rateCents,
    billingType: call.billingType as BillingType,
    minimumBillingMinutes: call.minimumBillingMinutes,
    roundingIncrementMinutes: isRoundingIncrement(call.roundingIncrementMinutes) ? call.roundingIncrementMinutes : 1,
  });
}

/** Whole seconds between two instants, never negative (a clock step backwards ends a call at 0). */
export function elapsedSeconds(startedAt: Date, endedAt: Date): number {
  return Math.max(0, Math.floor((endedAt.getTime() - startedAt.getTime()) / 1000));
}
