import { loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { runMigrations } from "./db/migrate.js";

/** `npm run db:migrate`: applies committed migrations to DATABASE_URL or the embedded database. */
const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await runMigrations(database);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
