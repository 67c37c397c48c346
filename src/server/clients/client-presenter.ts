import { type BillingRules, type BillingType, isRoundingIncrement, resolveRules } from "../../core/billing/rules.js";
import type { ClientResponse } from "../../core/contracts/clients.js";
import { centsToDecimal } from "../../core/money.js";
import type { clients } from "../db/schema/index.js";

export type ClientRow = typeof clients.$inferSelect;

/**
 * The client's own overrides (null = the account's default). A type without the client's own
 * rate is ignored: rate and unit go together (see client-values.ts).
 */
function ownRules(row: ClientRow) {
  return {
    rateCents: row.billingRateCents,
    billingType: row.billingRateCents === null ? null : (row.billingType as BillingType | null),
    minimumBillingMinutes: row.minimumBillingMinutes,
    roundingIncrementMinutes: isRoundingIncrement(row.roundingIncrementMinutes) ? row.roundingIncrementMinutes : null,
  };
}

/** Row → API JSON: the client's own settings and, beside them, the rules in force (DECISIONS.md 6, 8). */
export function presentClient(row: ClientRow, accountRules: BillingRules): ClientResponse {
  const own = ownRules(row);
  const effective = resolveRules(accountRules, own);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    caseType: row.caseType,
    address: row.address,
    notes: row.notes,
    billingRate: own.rateCents === null ? null : centsToDecimal(own.rateCents),
    billingType: own.billingType,
    minimumBillingMinutes: own.minimumBillingMinutes,
    roundingIncrementMinutes: own.roundingIncrementMinutes,
    effectiveBillingRate: centsToDecimal(effective.rateCents),
    effectiveBillingType: effective.billingType,
    effectiveMinimumBillingMinutes: effective.minimumBillingMinutes,
    effectiveRoundingIncrementMinutes: effective.roundingIncrementMinutes,
    archived: row.archivedAt !== null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
