import {
  type BillingRules,
  type ClientBillingOverrides,
  resolveRules,
  toBillingType,
  toRoundingIncrement,
} from "../../core/pricing/rules.js";
import { type RoundingScope, toRoundingScope } from "../../core/pricing/rounding-scope.js";
import { DEFAULT_EMAIL_RATE_CENTS, type EmailBillingRules } from "../../core/email-estimate.js";
import type { AccountRow } from "../auth/sessions.js";
import type { calls, clients } from "../db/schema/index.js";

/**
 * The one place stored rows become billing rules (docs/decisions.md D8): an account's defaults, a
 * client's overrides, the rules a priced call kept, and an email's rules. A value outside what the
 * engine knows cannot be stored (CHECK constraints, migration 0004_billing_rule_checks); should
 * one appear anyway it throws here or in priceDuration instead of being billed at a guessed step.
 */

type AccountRuleColumns = Pick<
  AccountRow,
  "defaultRateCents" | "billingType" | "minimumBillingMinutes" | "roundingIncrementMinutes"
>;
type ClientRuleColumns = Pick<
  typeof clients.$inferSelect,
  "billingRateCents" | "billingType" | "minimumBillingMinutes" | "roundingIncrementMinutes"
>;
type CallRuleColumns = Pick<
  typeof calls.$inferSelect,
  "rateCents" | "billingType" | "minimumBillingMinutes" | "roundingIncrementMinutes"
>;

/** The account's default rules as stored on its row. */
export function accountRules(account: AccountRuleColumns): BillingRules {
  return {
    rateCents: account.defaultRateCents,
    billingType: toBillingType(account.billingType),
    minimumBillingMinutes: account.minimumBillingMinutes,
    roundingIncrementMinutes: toRoundingIncrement(account.roundingIncrementMinutes),
  };
}

/** A client's own rule columns; null means "the account's default". */
export type ClientOwnRules = { [K in keyof BillingRules]: BillingRules[K] | null };

/**
 * A client's own rules as stored on its row. A billing type without the client's own rate is
 * ignored (rate and unit go together, as the client screens show).
 */
export function clientOwnRules(client: ClientRuleColumns): ClientOwnRules {
  return {
    rateCents: client.billingRateCents,
    billingType: client.billingRateCents === null || client.billingType === null ? null : toBillingType(client.billingType),
    minimumBillingMinutes: client.minimumBillingMinutes,
    roundingIncrementMinutes:
      client.roundingIncrementMinutes === null ? null : toRoundingIncrement(client.roundingIncrementMinutes),
  };
}

/** What a client (or no client) overrides of the account's defaults. */
export function clientOverrides(client: ClientRuleColumns | null | undefined): ClientBillingOverrides {
  return client ? clientOwnRules(client) : {};
}

/** The rules in force for a client of the account (or for no client): its overrides over the defaults. */
export function rulesFor(account: AccountRuleColumns, client: ClientRuleColumns | null | undefined): BillingRules {
  return resolveRules(accountRules(account), clientOverrides(client));
}

/** Where rounding applies for a client: its own scope, else the account's (core/pricing/rounding-scope.ts). */
export function roundingScopeFor(
  account: Pick<AccountRow, "roundingScope">,
  client: Pick<typeof clients.$inferSelect, "roundingScope"> | null | undefined,
): RoundingScope {
  return toRoundingScope(client?.roundingScope ?? account.roundingScope);
}

/** The rules a call was priced with, read back from its row (an edit of the duration keeps them). */
export function storedCallRules(call: CallRuleColumns): BillingRules {
  return {
    rateCents: call.rateCents,
    billingType: toBillingType(call.billingType),
    minimumBillingMinutes: call.minimumBillingMinutes,
    roundingIncrementMinutes: toRoundingIncrement(call.roundingIncrementMinutes),
  };
}

/**
 * The rules an email is priced with: always hourly at the rate chosen on the screen (150.00 by
 * default); minimum and rounding are the client's where it overrides them, else the account's.
 */
export function emailRules(
  account: AccountRuleColumns,
  client: ClientRuleColumns | null,
  rateCents: number | undefined,
): EmailBillingRules {
  const { minimumBillingMinutes, roundingIncrementMinutes } = rulesFor(account, client);
  return { rateCents: rateCents ?? DEFAULT_EMAIL_RATE_CENTS, minimumBillingMinutes, roundingIncrementMinutes };
}
