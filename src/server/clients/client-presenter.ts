import { resolveRules } from "../../core/pricing/rules.js";
import { toRoundingScope } from "../../core/pricing/rounding-scope.js";
import type { ClientResponse } from "../../core/contracts/clients.js";
import { centsToDecimal } from "../../core/money.js";
import type { AccountRow } from "../auth/sessions.js";
import { accountRules, clientOwnRules, roundingScopeFor } from "../pricing/rules-from-rows.js";
import type { clients } from "../db/schema/index.js";

export type ClientRow = typeof clients.$inferSelect;

/** Row → API JSON: the client's own settings and, beside them, the rules in force (docs/decisions.md D6, D8). */
export function presentClient(
  row: ClientRow,
  account: Parameters<typeof accountRules>[0] & Pick<AccountRow, "roundingScope">,
): ClientResponse {
  const own = clientOwnRules(row);
  const effective = resolveRules(accountRules(account), own);
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
    roundingScope: row.roundingScope === null ? null : toRoundingScope(row.roundingScope),
    effectiveRoundingScope: roundingScopeFor(account, row),
    archived: row.archivedAt !== null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
