import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ROLES } from "../../../core/permissions.js";
import { accountIdColumn, users } from "./accounts.js";
import { id, instant, timestamps } from "./columns.js";

/**
 * An invitation to join a practice (docs/team.md): only the SHA-256 of the link's token is
 * stored; the link works until `expires_at`, once (accepted_at), unless revoked. Resending replaces the
 * token, so an earlier link stops working. At most one open invitation per address and practice.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    accountId: accountIdColumn(),
    email: text().notNull(),
    role: text().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedByUserId: integer("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    expiresAt: instant("expires_at").notNull(),
    acceptedAt: instant("accepted_at"),
    acceptedByUserId: integer("accepted_by_user_id").references(() => users.id, { onDelete: "set null" }),
    revokedAt: instant("revoked_at"),
    ...timestamps,
  },
  (t) => [
    index("invitations_account_idx").on(t.accountId),
    uniqueIndex("invitations_open_email_key")
      .on(t.accountId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check(
      "invitations_role_check",
      sql`${t.role} in (${sql.raw(
        ROLES.filter((role) => role !== "owner")
          .map((role) => `'${role}'`)
          .join(", "),
      )})`,
    ),
  ],
);
