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
  (t) => [index("notifications_account_unread_idx").on(t.accountId, t.readAt, t.createdAt)],
);
