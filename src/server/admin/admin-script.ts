import { loadConfig } from "../config.js";
import { openDatabase } from "../db/client.js";
import { runMigrations } from "../db/migrate.js";
import { runAdminCommand } from "./admin-command.js";

/** Where the script's answer goes: stdout for a success, stderr for a failure or the usage. */
export type AdminScriptOutput = { log: (text: string) => void; error: (text: string) => void };

/**
 * `npm run admin` (scripts/admin.ts) without the process: the database the environment names (DATA_DIR's
 * embedded one or DATABASE_URL), migrated, the command run on it, the answer written, the database closed.
 * Returns the exit code. A test runs it in-process too, so one real start of the script is enough.
 */
export async function runAdminScript(env: NodeJS.ProcessEnv, args: string[], output: AdminScriptOutput): Promise<number> {
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    const result = await runAdminCommand(database.db, args, new Date());
    (result.exitCode === 0 ? output.log : output.error)(result.output);
    return result.exitCode;
  } finally {
    await database.close();
  }
}
