import { sql } from "drizzle-orm";
import { type AnyPgColumn, check } from "drizzle-orm/pg-core";
import { ROUNDING_SCOPES } from "../../../core/pricing/rounding-scope.js";
import { BILLING_TYPES, ROUNDING_INCREMENTS } from "../../../core/pricing/rules.js";
import { MAX_MINIMUM_MINUTES } from "../../../core/contracts/settings.js";

/**
 * CHECK constraints for the billing-rule columns an account, a client and a priced call carry,
 * built from the lists core prices with, so the database refuses a value the billing engine does
 * not know instead of the code guessing one (a NULL, a client's "use the account's", passes a
 * CHECK). Changing a list needs a new migration (npm run db:generate).
 */
export function billingRuleChecks(
  table: string,
  columns: { billingType: AnyPgColumn; minimumBillingMinutes: AnyPgColumn; roundingIncrementMinutes: AnyPgColumn },
) {
  const types = sql.raw(BILLING_TYPES.map((type) => `'${type}'`).join(", "));
  const increments = sql.raw(ROUNDING_INCREMENTS.join(", "));
  return [
    check(`${table}_billing_type_check`, sql`${columns.billingType} in (${types})`),
    check(
      `${table}_minimum_billing_minutes_check`,
      sql`${columns.minimumBillingMinutes} between 0 and ${sql.raw(String(MAX_MINIMUM_MINUTES))}`,
    ),
    check(`${table}_rounding_increment_minutes_check`, sql`${columns.roundingIncrementMinutes} in (${increments})`),
  ];
}

/** The rounding scope an account or client may store (core/pricing/rounding-scope.ts); NULL on a client means the account's. */
export function roundingScopeCheck(table: string, column: AnyPgColumn) {
  const scopes = sql.raw(ROUNDING_SCOPES.map((scope) => `'${scope}'`).join(", "));
  return check(`${table}_rounding_scope_check`, sql`${column} in (${scopes})`);
}
