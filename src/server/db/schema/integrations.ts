import { boolean, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { accountIdColumn } from "./accounts.js";
import { id, instant, timestamps } from "./columns.js";

/**
 * Phone, video and accounting connections of an account, one row per kind and provider.
 * Public settings in `config`; secrets only in `secret_ciphertext` (AES-256-GCM).
 */
export const integrations = pgTable(
  "integrations",
  {
    id: id(),
    accountId: accountIdColumn(),
    kind: text().notNull(),
    provider: text().notNull(),
    enabled: boolean().notNull().default(false),
    status: text().notNull().default("disconnected"),
    config: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    secretCiphertext: text("secret_ciphertext"),
    lastSyncAt: instant("last_sync_at"),
    lastError: text("last_error"),
    ...timestamps,
  },
  (t) => [uniqueIndex("integrations_account_kind_provider_key").on(t.accountId, t.kind, t.provider)],
);

/** Provider event ids already handled, so a repeated webhook is ignored. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: id(),
    provider: text().notNull(),
    eventId: text("event_id").notNull(),
    receivedAt: instant("received_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("webhook_events_provider_event_key").on(t.provider, t.eventId)],
);
