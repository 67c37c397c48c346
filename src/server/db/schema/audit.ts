import { bigint, date, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accountIdColumn } from "./accounts.js";
import { id, instant } from "./columns.js";

/**
 * The audit trail (docs/audit-trail.md): one row per change to what gets billed, written by database
 * triggers in the same transaction as the change (migration 0015), so a change without its row, or a
 * row without its change, cannot commit. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE.
 * No foreign keys, so nothing deleted elsewhere can cascade into it; secrets appear only as
 * "(set)", "(replaced)" or "(hidden)", never as values.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id").notNull(),
    at: instant().notNull().defaultNow(),
    /** user | visitor | provider | system */
    actorKind: text("actor_kind").notNull(),
    actorUserId: integer("actor_user_id"),
    actorIp: text("actor_ip"),
    actorAgent: text("actor_agent"),
    /** The route ("PUT /api/clients/:id") or job ("job accounting.push-invoice") that made the change. */
    via: text(),
    /** client | call | email | invoice | invoice_line | settings | user | integration | mailbox */
    entity: text().notNull(),
    /** The record's id (an invoice line's invoice id; a sign-in's user id). */
    entityId: integer("entity_id"),
    /** created | updated | deleted | signed_in */
    action: text().notNull(),
    /** The changed columns before and after (whole rows for created and deleted), as the database stores them. */
    before: jsonb(),
    after: jsonb(),
  },
  (t) => [
    index("audit_events_account_idx").on(t.accountId, t.id),
    index("audit_events_entity_idx").on(t.accountId, t.entity, t.entityId, t.id),
  ],
);

/**
 * Revenue forecasts as they were made: the first Analytics visit of a quarter keeps that quarter's
 * forecast, so the page can later show it beside what happened (docs/analytics.md).
 */
export const analyticsForecasts = pgTable(
  "analytics_forecasts",
  {
    id: id(),
    accountId: accountIdColumn(),
    /** First day of the quarter the forecast was made in (the account's zone). */
    madeInQuarter: date("made_in_quarter", { mode: "string" }).notNull(),
    /** First day of the forecast month. */
    month: date({ mode: "string" }).notNull(),
    lowCents: bigint("low_cents", { mode: "number" }).notNull(),
    expectedCents: bigint("expected_cents", { mode: "number" }).notNull(),
    highCents: bigint("high_cents", { mode: "number" }).notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("analytics_forecasts_account_quarter_month_key").on(t.accountId, t.madeInQuarter, t.month)],
);
