import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accountIdColumn, users } from "./accounts.js";
import { clients } from "./clients.js";
import { billingRuleChecks } from "./billing-rule-checks.js";
import { id, instant, timestamps } from "./columns.js";

/** A participant of a captured call. `self` marks the account's own user (never a client candidate). */
export type CallParticipant = {
  name?: string | null;
  email?: string | null;
  /** E.164 when it could be normalised, else as received. */
  phone?: string | null;
  direction?: "inbound" | "outbound" | null;
  self?: boolean;
};

/**
 * A call or meeting. Active while `ended_at` is null. When it ends (or is edited) the billing
 * engine prices it and the rules it used are stored beside the result, so a later rate change
 * never re-prices it silently (docs/decisions.md D8). `invoice_id` locks it once billed.
 */
export const calls = pgTable(
  "calls",
  {
    id: id(),
    accountId: accountIdColumn(),
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
    platform: text().notNull().default("manual"),
    callType: text("call_type").notNull().default("consultation"),
    notes: text(),
    description: text(),
    startedAt: instant("started_at").notNull(),
    endedAt: instant("ended_at"),
    durationSeconds: integer("duration_seconds").notNull().default(0),
    billedSeconds: integer("billed_seconds").notNull().default(0),
    rateCents: integer("rate_cents").notNull().default(0),
    billingType: text("billing_type").notNull().default("hour"),
    minimumBillingMinutes: integer("minimum_billing_minutes").notNull().default(0),
    roundingIncrementMinutes: integer("rounding_increment_minutes").notNull().default(1),
    amountCents: integer("amount_cents").notNull().default(0),
    invoiceId: integer("invoice_id"),
    /** Where the call came from: manual, timer, zoom, twilio, teams … and the provider's id, for idempotent webhooks. */
    source: text().notNull().default("manual"),
    externalId: text("external_id"),
    /** The user of the account the call belongs to (the Team plan); null for calls from before capture. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Who took part, as the provider reported them (names, emails, E.164 numbers): what the client was matched on. */
    participants: jsonb().$type<CallParticipant[]>().notNull().default([]),
    /** Made by "Send a test event" (docs/first-run.md): marked on screen, removable in one click, never invoiced. */
    isTest: boolean("is_test").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // Newest first by (started_at, id): the id makes the keyset order total, so a page of
    // GET /api/calls/page is one index range from its cursor (docs/paging.md). The trailing columns are what
    // the Team overview's hours per member and the dashboard's figures read (team/overview-queries.ts,
    // dashboard/get-dashboard-stats.ts): a period of the whole practice is read from the index alone.
    index("calls_account_started_idx").on(
      t.accountId,
      t.startedAt,
      t.id,
      t.userId,
      t.endedAt,
      t.isTest,
      t.invoiceId,
      t.durationSeconds,
      t.billedSeconds,
      t.amountCents,
    ),
    // The trailing columns are what a client's period totals sum (clients/find-period-totals.ts): the aggregate
    // reads the index alone instead of fetching each call of the period from the table (docs/paging.md).
    // user_id last: the client log narrowed to one member (?userId=) skips the others' calls inside the index.
    index("calls_account_client_started_idx").on(
      t.accountId,
      t.clientId,
      t.startedAt,
      t.id,
      t.endedAt,
      t.invoiceId,
      t.durationSeconds,
      t.billedSeconds,
      t.amountCents,
      t.userId,
    ),
    // A member's own work (issue 26 §2): their dashboard, pages and totals are one range of this index.
    index("calls_account_user_started_idx").on(t.accountId, t.userId, t.startedAt, t.id),
    index("calls_active_idx").on(t.accountId).where(sql`${t.endedAt} is null`),
    index("calls_invoice_idx").on(t.invoiceId),
    // Analytics: an account's ended work not yet invoiced, whenever it was done; ordered like the
    // pages, so the Generate Invoice dialog's unbilled page is one range of unbilled calls (docs/paging.md).
    index("calls_account_unbilled_idx")
      .on(t.accountId, t.clientId, t.startedAt, t.id)
      .where(sql`${t.invoiceId} is null and ${t.endedAt} is not null`),
    // One call per conversation of a provider: the capture pipeline's state machine is keyed on it.
    uniqueIndex("calls_account_source_external_key")
      .on(t.accountId, t.source, t.externalId)
      .where(sql`${t.externalId} is not null`),
    ...billingRuleChecks("calls", t),
  ],
);

/**
 * A meeting found in a calendar feed whose attendees include a client: a call the user confirms
 * with one click (or that is confirmed at once when the feed says so). Keyed by the feed's event
 * UID plus its occurrence start, so a re-poll updates the same proposal; a cancelled or moved
 * event updates it while it is still "proposed", and a confirmed one is never changed by the feed.
 */
export const callProposals = pgTable(
  "call_proposals",
  {
    id: id(),
    accountId: accountIdColumn(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Which connection found it ("ics" today). */
    source: text().notNull(),
    /** The event's UID and occurrence (`{uid}@{recurrence start ISO}`): stable across polls. */
    externalId: text("external_id").notNull(),
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
    title: text(),
    startsAt: instant("starts_at").notNull(),
    endsAt: instant("ends_at").notNull(),
    attendees: jsonb().$type<CallParticipant[]>().notNull().default([]),
    /** zoom | teams | meet, read from the join link (core/capture/calendar/meeting-platform.ts); null when none is known. */
    platform: text(),
    /** proposed | confirmed | dismissed | cancelled */
    status: text().notNull().default("proposed"),
    /** The call made when it was confirmed. */
    callId: integer("call_id").references(() => calls.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("call_proposals_account_source_external_key").on(t.accountId, t.source, t.externalId),
    index("call_proposals_account_status_idx").on(t.accountId, t.status, t.startsAt),
  ],
);
