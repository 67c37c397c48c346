import { randomBytes } from "node:crypto";
import { openDatabase } from "../../src/server/db/client.js";
import { runMigrations } from "../../src/server/db/migrate.js";
import { withAdmin } from "./admin-connection.js";
import { migrationsFingerprint } from "./global-setup.js";

/**
 * A database on the server with every migration applied, made once per set of migrations and copied for each
 * test app (`create database … template`): migrating each app's database was most of the API suite's time on
 * PostgreSQL (about 0.9 s an app, docs/performance.md). Workers that start together wait on one advisory lock,
 * and the template gets its final name only when it is complete, so no worker copies half of one. Nothing ever
 * connects to the finished template, which PostgreSQL requires of a database being copied. Test apps take their
 * copies through the worker's pool (server-database-pool.ts), which lends each again after its app closed.
 */
let serverTemplate: Promise<string> | undefined;
function migratedServerTemplate(adminUrl: string): Promise<string> {
  serverTemplate ??= withAdmin(adminUrl, async (admin) => {
    const name = `minutely_tpl_${migrationsFingerprint()}`;
    await admin.query("select pg_advisory_lock(727275)");
    try {
      const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (found.rowCount) return name;
      const building = `${name}_${process.pid}`;
      await admin.query(`drop database if exists ${building}`);
      await admin.query(`create database ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: url.toString() });
      try {
        await runMigrations(database);
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
      return name;
    } finally {
      await admin.query("select pg_advisory_unlock(727275)");
    }
  });
  return serverTemplate;
}

/** A throwaway database on the PostgreSQL server named by TEST_DATABASE_URL, already migrated. */
export async function createServerDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = await migratedServerTemplate(adminUrl);
  const name = `minutely_t_${process.pid}_${randomBytes(4).toString("hex")}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name} template ${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
