import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { accountIdColumn } from "./accounts.js";
import { billingRuleChecks, roundingScopeCheck } from "./billing-rule-checks.js";
import { id, instant, timestamps } from "./columns.js";

/**
 * A client of the practice. Rate, type, minimum and rounding are nullable overrides of the
 * account's defaults (docs/decisions.md D8). A client with invoices is archived, never erased (docs/decisions.md D10).
 */
export const clients = pgTable(
  "clients",
  {
    id: id(),
    accountId: accountIdColumn(),
    name: text().notNull(),
    email: text(),
    phone: text(),
    company: text(),
    caseType: text("case_type"),
    address: text(),
    notes: text(),
    billingRateCents: integer("billing_rate_cents"),
    billingType: text("billing_type"),
    minimumBillingMinutes: integer("minimum_billing_minutes"),
    roundingIncrementMinutes: integer("rounding_increment_minutes"),
    /** entry | day | invoice, or null for the account's (core/pricing/rounding-scope.ts). */
    roundingScope: text("rounding_scope"),
    archivedAt: instant("archived_at"),
    ...timestamps,
  },
  (t) => [
    index("clients_account_idx").on(t.accountId, t.name),
    ...billingRuleChecks("clients", t),
    roundingScopeCheck("clients", t.roundingScope),
  ],
);
