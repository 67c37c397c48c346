import { runAdminCommand } from "../admin/admin-command.js";
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/client.js";
import { runMigrations } from "../db/migrate.js";

/**
 * `npm run admin -- grant EMAIL` / `revoke EMAIL` / `list` (docs/decisions.md D11). Works on the embedded
 * database in DATA_DIR and on DATABASE_URL alike; stop the app first when it uses the embedded one
 * (PGlite lets one process open its folder at a time).
 */
const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let exitCode = 1;
try {
  await runMigrations(database);
  const result = await runAdminCommand(database.db, process.argv.slice(2), new Date());
  (result.exitCode === 0 ? console.log : console.error)(result.output);
  exitCode = result.exitCode;
} finally {
  await database.close();
}
process.exit(exitCode);
