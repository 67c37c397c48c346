import { bigint, date, integer, pgTable, primaryKey, text, unique } from "drizzle-orm/pg-core";
import { invoices } from "./invoices.js";
import { accountIdColumn } from "./accounts.js";

/**
 * Billed work per month (the month the work was done): the sum of the live invoice lines (not released;
 * a voided invoice's lines are released in the voiding transaction, invoices/void-invoice.ts). The
 * Analytics forecast reads 15 of these rows instead of every invoice line of 15 months (docs/analytics.md).
 * Kept by statement triggers on invoice_items (migration 0019) in the transaction of each
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

/**
 * The account's invoiced calls (ended, not test events) per month they started in the account's zone, per client,
 * source and pricing rules: what the Analytics page sums for a month or quarter instead of reading every invoiced
 * call of it (docs/analytics.md "How the request reads"). Raw seconds are kept unrounded so the captured
 * value is still rounded once per client, source and rules over the whole period, as the rows would give it.
 * Kept by statement triggers on calls in the transaction of each change, and made again from the calls when the
 * account's time zone changes (migration 0020); no route writes it. Rows whose calls all went keep `calls = 0`.
 */
export const invoicedCallMonths = pgTable(
  "invoiced_call_months",
  {
    accountId: accountIdColumn(),
    /** First day of the month, in the account's zone. */
    month: date({ mode: "string" }).notNull(),
    /** Null only for a call whose client was deleted after it was invoiced. */
    clientId: integer("client_id"),
    source: text().notNull(),
    rateCents: integer("rate_cents").notNull(),
    billingType: text("billing_type").notNull(),
    minimumBillingMinutes: integer("minimum_billing_minutes").notNull(),
    roundingIncrementMinutes: integer("rounding_increment_minutes").notNull(),
    calls: integer().notNull(),
    rawSeconds: bigint("raw_seconds", { mode: "number" }).notNull(),
    billedSeconds: bigint("billed_seconds", { mode: "number" }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
  },
  (t) => [
    unique("invoiced_call_months_key")
      .on(
        t.accountId,
        t.month,
        t.clientId,
        t.source,
        t.rateCents,
        t.billingType,
        t.minimumBillingMinutes,
        t.roundingIncrementMinutes,
      )
      .nullsNotDistinct(),
  ],
);

/**
 * Live invoice lines (not released) per month of their work date, invoice, kind and the billed call's source: the
 * Analytics page joins a few hundred of these to their invoices (client, status; a void invoice's lines are released)
 * instead of every line of the period and its call (docs/analytics.md). `source` is '' for an email line.
 * Kept by statement triggers on invoice_items (migration 0020) in the transaction of each change; a call's source
 * never changes after capture. Rows go with their invoice; rows whose lines all went keep `lines = 0`.
 */
export const invoiceLineMonths = pgTable(
  "invoice_line_months",
  {
    accountId: accountIdColumn(),
    /** First day of the month of the lines' work date. */
    month: date({ mode: "string" }).notNull(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    source: text().notNull(),
    lines: integer().notNull(),
    rawSeconds: bigint("raw_seconds", { mode: "number" }).notNull(),
    billedSeconds: bigint("billed_seconds", { mode: "number" }).notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.month, t.invoiceId, t.kind, t.source] })],
);
