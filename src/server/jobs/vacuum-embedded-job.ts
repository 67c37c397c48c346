import { sql } from "drizzle-orm";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { defineJob, EMPTY_PAYLOAD } from "./job-types.js";

export const VACUUM_EMBEDDED_JOB = "vacuum-embedded";

/**
 * The tables whose reads are index-only scans (docs/performance.md, issue 26): the Team overview's hours and
 * the dashboard's figures read calls_account_started_idx's trailing columns, the client log's totals
 * calls_account_client_started_idx's, the email figures tracked_emails'. An index-only scan skips the table
 * only for pages the visibility map marks all-visible, and only VACUUM sets those marks.
 */
export const VACUUMED_TABLES = ["calls", "tracked_emails"] as const;

/**
 * `VACUUM (ANALYZE)` of VACUUMED_TABLES on the embedded database, which has no autovacuum: without it every
 * page a call was written or updated on since the last VACUUM is read from the table again by each
 * index-only scan, and the planner's statistics age. PostgreSQL's own autovacuum does this, so there it does
 * nothing. Returns the tables vacuumed. VACUUM runs outside a transaction (it refuses one), one table at a time.
 */
export async function vacuumEmbedded(db: Db, config: Pick<Config, "databaseUrl">): Promise<string[]> {
  if (config.databaseUrl) return [];
  for (const table of VACUUMED_TABLES) await db.execute(sql.raw(`vacuum (analyze) ${table}`));
  return [...VACUUMED_TABLES];
}

/**
 * Hourly (and not at start, so a restart is not slowed): a few hundred milliseconds at 100,000 calls on the
 * embedded database's one connection, whose requests wait meanwhile. "stately": never two queued.
 */
export const vacuumEmbeddedJob = defineJob<Record<string, never>>({
  rules: { policy: "stately", retryLimit: 1, retryDelaySeconds: 60, retryBackoff: false, expireInSeconds: 900 },
  payload: EMPTY_PAYLOAD,
  schedule: { cron: "23 * * * *", data: {} },
  run: async (_data, { db, config, log }) => {
    const tables = await vacuumEmbedded(db, config);
    if (tables.length > 0) log.info({ tables }, "vacuumed the embedded database's index-only tables");
  },
});
