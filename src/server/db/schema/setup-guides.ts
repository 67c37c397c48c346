import { integer, pgTable } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.js";
import { instant } from "./columns.js";

/**
 * The dashboard's "Set up automatic capture" guide (docs/first-run.md), per account: whether it was
 * dismissed, and whether a test call was seen. Its steps are not stored; they are read from the account's clients, integrations and
 * calls each time (server/first-run/setup-guide.ts), so they can never disagree with the data.
 */
export const setupGuides = pgTable("setup_guides", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  dismissedAt: instant("dismissed_at"),
  /** When the user first saw a captured call through "Send a test event": step 3 stays done after the test call is removed. */
  testCallSeenAt: instant("test_call_seen_at"),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});
