import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { accountIdColumn } from "./accounts.js";
import { id, instant } from "./columns.js";
import { integrations } from "./integrations.js";

/**
 * One reconciliation of a capture source against the provider's own record
 * (docs/capture-reconciliation.md): which window was read, how many records it saw and how many
 * calls it recovered (calls the webhooks never made, or never ended). The latest rows of an
 * integration are what its tab shows: last reconciliation, calls recovered.
 */
export const captureReconciliations = pgTable(
  "capture_reconciliations",
  {
    id: id(),
    accountId: accountIdColumn(),
    integrationId: integer("integration_id")
      .notNull()
      .references(() => integrations.id, { onDelete: "cascade" }),
    /** zoom, twilio, signalwire, teams, meet (the capture source). */
    source: text().notNull(),
    /** schedule, manual ("Reconcile now"), lifecycle (Graph said notifications were missed or the subscription was removed). */
    trigger: text().notNull(),
    /** queued, running, succeeded, failed. */
    status: text().notNull(),
    windowStart: instant("window_start"),
    windowEnd: instant("window_end"),
    queuedAt: instant("queued_at").notNull().defaultNow(),
    startedAt: instant("started_at"),
    finishedAt: instant("finished_at"),
    recordsSeen: integer("records_seen").notNull().default(0),
    callsRecovered: integer("calls_recovered").notNull().default(0),
    /** The provider's words when it failed. */
    error: text(),
  },
  (t) => [index("capture_reconciliations_integration_idx").on(t.integrationId, t.queuedAt)],
);
