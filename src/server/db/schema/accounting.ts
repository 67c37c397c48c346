import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accountIdColumn, users } from "./accounts.js";
import { id, instant, timestamps } from "./columns.js";
import { integrations } from "./integrations.js";

/**
 * What each local customer (client), invoice, payment and tracked email is called in a connected
 * accounting system (docs/accounting.md). One row per integration, entity and local row: the unique key is
 * what makes a second sync update instead of creating again. `idempotency_key` is chosen once,
 * before the first create, and sent with every retry of that create (QuickBooks `requestid`, Xero
 * `Idempotency-Key`), so a create the provider committed before the answer was lost is not repeated.
 */
export const accountingRecords = pgTable(
  "accounting_records",
  {
    id: id(),
    accountId: accountIdColumn(),
    integrationId: integer("integration_id")
      .notNull()
      .references(() => integrations.id, { onDelete: "cascade" }),
    entity: text().notNull(),
    localId: integer("local_id").notNull(),
    remoteId: text("remote_id"),
    /** The provider's version of the remote row (QuickBooks SyncToken), needed to update or void it. */
    remoteVersion: text("remote_version"),
    state: text().notNull().default("pending"),
    idempotencyKey: text("idempotency_key").notNull(),
    /** Fingerprint of what was last pushed: an unchanged invoice is not sent again. */
    syncedFingerprint: text("synced_fingerprint"),
    attempts: integer().notNull().default(0),
    lastError: text("last_error"),
    syncedAt: instant("synced_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("accounting_records_integration_entity_local_key").on(t.integrationId, t.entity, t.localId),
    index("accounting_records_account_entity_local_idx").on(t.accountId, t.entity, t.localId),
    check("accounting_records_entity_check", sql`${t.entity} in ('customer', 'invoice', 'payment', 'email')`),
    check("accounting_records_state_check", sql`${t.state} in ('pending', 'synced', 'failed')`),
  ],
);

/** One sync of one integration over a date range: the invoices it covers are pushed by jobs, counted here. */
export const accountingSyncRuns = pgTable(
  "accounting_sync_runs",
  {
    id: id(),
    accountId: accountIdColumn(),
    integrationId: integer("integration_id")
      .notNull()
      .references(() => integrations.id, { onDelete: "cascade" }),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    fromDate: date("from_date", { mode: "string" }),
    toDate: date("to_date", { mode: "string" }),
    state: text().notNull().default("queued"),
    total: integer().notNull().default(0),
    synced: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    message: text(),
    finishedAt: instant("finished_at"),
    ...timestamps,
  },
  (t) => [
    index("accounting_sync_runs_integration_idx").on(t.integrationId, t.createdAt),
    // One unfinished run per integration (docs/security.md): a second Sync Now reuses it.
    uniqueIndex("accounting_sync_runs_active_key")
      .on(t.integrationId)
      .where(sql`${t.state} in ('queued', 'running')`),
    check("accounting_sync_runs_state_check", sql`${t.state} in ('queued', 'running', 'succeeded', 'failed')`),
  ],
);

/**
 * A provider's rate limit shared by every instance (QuickBooks 500 a minute per company,
 * Xero 60 a minute and 5,000 a day per organisation). Keyed by provider and remote organisation;
 * each request reserves the next free slot in one UPDATE, and a 429's Retry-After holds them all.
 */
export const outboundRateLimits = pgTable("outbound_rate_limits", {
  key: text().primaryKey(),
  nextSlotAt: instant("next_slot_at").notNull(),
  /** Requests in the current UTC day (Xero's daily limit). */
  day: date({ mode: "string" }),
  dayCount: integer("day_count").notNull().default(0),
  /** After a 429: nobody calls before this. */
  blockedUntil: instant("blocked_until"),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});
