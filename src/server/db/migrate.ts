import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "./client.js";

/** The committed migrations folder, found from this file whether it runs from src/ or from the dist/ bundle. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "drizzle");
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error("Could not find the drizzle migrations folder");
}

/**
 * Applies committed migrations. On a PostgreSQL server an advisory lock makes concurrent
 * app instances wait for each other instead of racing (docs/decisions.md D2).
 */
export async function runMigrations(database: Database): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (database.kind === "pglite") {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: migrationsFolderPath });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query("select pg_advisory_lock(727274)");
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: migrationsFolderPath });
  } finally {
    await client.query("select pg_advisory_unlock(727274)").catch(() => {});
    client.release();
  }
}
