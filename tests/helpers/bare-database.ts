import fs from "node:fs";
import { type Database, openDatabase } from "../../src/server/db/client.js";
import { TEMPLATE_PATH } from "./global-setup.js";
import { createServerDatabase } from "./test-app.js";

/**
 * A migrated database with no app on it, for tests of the database layer itself: a new database on the
 * PostgreSQL server when TEST_DATABASE_URL is set (dropped by `drop`), else PGlite in memory from the tests'
 * migrated template.
 */
export async function openBareTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ inMemory: true, template: new Blob([fs.readFileSync(TEMPLATE_PATH)]) });
    return { database, drop: async () => {} };
  }
  const serverDb = await createServerDatabase(adminUrl);
  return { database: await openDatabase({ databaseUrl: serverDb.url }), drop: serverDb.drop };
}
