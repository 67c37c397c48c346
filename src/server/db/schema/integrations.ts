import { sql } from "drizzle-orm";
import type { IntegrationStatus } from "../../../core/integration-status.js";
import { boolean, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accountIdColumn, accounts, users } from "./accounts.js";
import { clients } from "./clients.js";
import { id, instant, timestamps } from "./columns.js";

/**
 * Phone, video, mailbox and accounting connections. Capture sources belong to a member: one row per
 * (account, user, kind, provider); accounting connections belong to the practice (user_id null): one
 * row per (account, kind, provider). Public settings in `config`; secrets only in `secret_ciphertext` (AES-256-GCM).
 */
export const integrations = pgTable(
  "integrations",
  {
    id: id(),
    accountId: accountIdColumn(),
    /** One of core/integration-kinds.ts (a stored row may predate a rename: read as text). */
    kind: text().notNull(),
    provider: text().notNull(),
    enabled: boolean().notNull().default(false),
    /** The one vocabulary of core/integration-status.ts; each screen's words are made from it. */
    status: text().$type<IntegrationStatus>().notNull().default("not_connected"),
    config: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    secretCiphertext: text("secret_ciphertext"),
    /**
     * Which context the secret was sealed with: 1 = account, kind and provider (before members had
     * their own connections, migration 0022); 2 = also the user (integrations/integration-store.ts);
     * 0 = a mailbox sealed in the old email_integrations table (account only), moved here by migration 0029.
     */
    secretVersion: integer("secret_version").notNull().default(1),
    /** The member whose connection it is: captured calls belong to them. Null: the practice's (accounting). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Random token in the webhook URL (`/api/webhooks/zoom/{token}`): picks the account whose secret verifies a delivery. */
    webhookToken: text("webhook_token").unique(),
    /** When a verified event last arrived: the only thing that turns a status to connected. */
    lastEventAt: instant("last_event_at"),
    lastSyncAt: instant("last_sync_at"),
    lastError: text("last_error"),
    ...timestamps,
  },
  (t) => [
    // A member's own capture source: one per member, kind and provider.
    uniqueIndex("integrations_account_user_kind_provider_key")
      .on(t.accountId, t.userId, t.kind, t.provider)
      .where(sql`${t.userId} is not null`),
    // A practice-level connection (accounting): one per practice, kind and provider.
    uniqueIndex("integrations_account_kind_provider_key")
      .on(t.accountId, t.kind, t.provider)
      .where(sql`${t.userId} is null`),
    // One mailbox per member (whatever its provider): search, test and tracking read the member's one mailbox.
    uniqueIndex("integrations_member_mailbox_key")
      .on(t.accountId, t.userId)
      .where(sql`${t.kind} = 'mailbox'`),
    // At most one account tracks meetings on a computer (docs/security.md): one switched-on desktop row per hostname.
    uniqueIndex("integrations_desktop_hostname_key")
      .on(sql`(${t.config}->>'hostname')`)
      .where(sql`${t.kind} = 'desktop' and ${t.provider} = 'this-computer' and ${t.enabled}`),
  ],
);

/**
 * Provider event ids already handled, so a repeated webhook is ignored. Capture events carry the
 * account (a caller-chosen id of the generic webhook must not collide with another account's);
 * account-less events (a payment provider's) have none.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: id(),
    provider: text().notNull(),
    eventId: text("event_id").notNull(),
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    receivedAt: instant("received_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("webhook_events_provider_event_account_key").on(
      t.provider,
      t.eventId,
      sql`coalesce(${t.accountId}, 0)`,
    ),
  ],
);

/** Numbers and addresses a user chose to remember on a client ("Assign client"), matched like the client's own. */
export const clientIdentities = pgTable(
  "client_identities",
  {
    id: id(),
    accountId: accountIdColumn(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** "phone" (E.164) or "email" (lower case). */
    kind: text().notNull(),
    value: text().notNull(),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("client_identities_account_kind_value_key").on(t.accountId, t.kind, t.value)],
);

/** Per account and capture method (zoom, twilio-voice, sms, webhook …): when a verified event last arrived. */
export const captureActivity = pgTable(
  "capture_activity",
  {
    id: id(),
    accountId: accountIdColumn(),
    method: text().notNull(),
    lastEventAt: instant("last_event_at").notNull(),
    eventCount: integer("event_count").notNull().default(0),
  },
  (t) => [uniqueIndex("capture_activity_account_method_key").on(t.accountId, t.method)],
);

/**
 * A call-detection test: open until ended; a verified event from the
 * configured number while it is open sets `detected_at`.
 */
export const callTestSessions = pgTable("call_test_sessions", {
  /** Random, unguessable (the URL carries it). */
  id: text().primaryKey(),
  accountId: accountIdColumn(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The number under test, E.164. */
  phoneNumber: text("phone_number").notNull(),
  startedAt: instant("started_at").notNull(),
  endedAt: instant("ended_at"),
  detectedAt: instant("detected_at"),
  detectedSource: text("detected_source"),
  detectedDurationSeconds: integer("detected_duration_seconds"),
});
