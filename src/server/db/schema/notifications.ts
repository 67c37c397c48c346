import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { accountIdColumn, users } from "./accounts.js";
import { id, instant } from "./columns.js";

/** In-app notifications ("invoice ready"), kept in the database so every instance sees them. */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    accountId: accountIdColumn(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    title: text().notNull(),
    message: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    readAt: instant("read_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("notifications_account_unread_idx").on(t.accountId, t.readAt, t.createdAt),
    // A call's invoice-ready notification, found by its call (capture's finishEvent checks there is none before it
    // adds one at every call's end; dropInvoiceReady removes it): without this, each looked at every notification
    // of the account. Kind is a column of the key, not a partial index's condition, because both statements pass
    // it as a parameter.
    index("notifications_account_kind_call_idx").on(t.accountId, t.kind, sql`(${t.data}->>'callId')`),
  ],
);
