import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { type SecretBox, secretBoxFor } from "../../http/secrets.js";

/**
 * What the sync engine needs from the app: the database, the secret box (integration secrets), the
 * configuration (provider endpoints, time-outs, test rate limits) and the clock.
 */
export type AccountingContext = { db: Db; box: SecretBox; config: Config; now: () => Date };

/** The context from the app's parts: a route passes `app`, a job its JobContext (both have these four). */
export function accountingContextOf(parts: { db: Db; config: Config; now: () => Date }): AccountingContext {
  return { db: parts.db, box: secretBoxFor(parts.config), config: parts.config, now: parts.now };
}
