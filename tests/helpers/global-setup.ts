import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../../src/server/db/client.js";
import { runMigrations } from "../../src/server/db/migrate.js";

export const TEMPLATE_PATH = path.resolve(".tmp/test-pglite-template.tar.gz");

/**
 * Runs once per test run: initdb + migrations on one in-memory PGlite, dumped to a file that
 * every test app loads instead of running initdb itself (about 2–4 s); test-app.ts unpacks it once
 * per worker. Written to a temporary name and renamed, so a run starting beside this one never
 * reads half a file.
 * With TEST_DATABASE_URL test apps copy a migrated database on the server instead (test-app.ts), but a few
 * tests still open an embedded database of their own (the admin script on DATA_DIR), so it is made then too.
 */
export default async function setup(): Promise<void> {
  fs.mkdirSync(path.dirname(TEMPLATE_PATH), { recursive: true });
  const database = await openDatabase({ inMemory: true });
  await runMigrations(database);
  const dump = await database.pglite!.dumpDataDir("gzip");
  const partial = `${TEMPLATE_PATH}.${process.pid}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, TEMPLATE_PATH);
  await database.close();
}
