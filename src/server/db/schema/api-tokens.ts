import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { ROLES } from "../../../core/permissions.js";
import { accountIdColumn, users } from "./accounts.js";
import { id, instant } from "./columns.js";

/**
 * Personal API tokens (docs/api.md): a member's `Authorization: Bearer` credential, acting as them with
 * `role` (within theirs). Only the SHA-256 of the token is stored, so a database leak holds no usable
 * token; `last_used_at` is written at most every few minutes (auth/api-token-auth.ts).
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: id(),
    accountId: accountIdColumn(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    role: text().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: instant("expires_at").notNull(),
    lastUsedAt: instant("last_used_at"),
    revokedAt: instant("revoked_at"),
    createdAt: instant("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("api_tokens_account_user_idx").on(t.accountId, t.userId),
    check("api_tokens_role_check", sql`${t.role} in (${sql.raw(ROLES.map((role) => `'${role}'`).join(", "))})`),
  ],
);
