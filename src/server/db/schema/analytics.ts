import { bigint, date, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { accountIdColumn } from "./accounts.js";

/**
 * Billed work per month (the month the work was done): the sum of the live invoice lines (not released;
 * a voided invoice's lines are released in the voiding transaction, invoices/void-invoice.ts). The
 * Analytics forecast reads 15 of these rows instead of every invoice line of 15 months (docs/analytics.md,
 * issue 27). Kept by statement triggers on invoice_items (migration 0019) in the transaction of each
 * change, so it can never disagree with the lines it sums; no route writes it.
 */
export const billedWorkMonths = pgTable(
  "billed_work_months",
  {
    accountId: accountIdColumn(),
    /** First day of the month. */
    month: date({ mode: "string" }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    lines: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.month] })],
);
