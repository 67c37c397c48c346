import { index, pgTable, text } from "drizzle-orm/pg-core";
import { instant } from "./columns.js";

/**
 * OAuth `state` nonces already used by a callback (integrations/oauth-state.ts): the state is spent on
 * the server, so re-sending an old state and its nonce cookie by hand completes nothing
 * (docs/security.md). Kept until the state would have expired anyway, then pruned by the maintenance job.
 */
export const spentOAuthStates = pgTable(
  "spent_oauth_states",
  {
    /** The state's random nonce (128 bits); worthless once spent. */
    nonce: text().primaryKey(),
    expiresAt: instant("expires_at").notNull(),
  },
  (t) => [index("spent_oauth_states_expires_at_idx").on(t.expiresAt)],
);
