import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import PgBoss from "pg-boss";
import { loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { dumpForTemplate, fillNewDataFolder, gzipTemplate } from "./db/data-folder.js";
import { runMigrations } from "./db/migrate.js";
import { tierUpPgliteLate } from "./db/wasm-tiering.js";

/**
 * Build step: an in-memory PGlite, migrated and with the job queue's tables, dumped as a gzipped data dir. The first `npm start`
 * loads it (about 0.6 s) instead of running initdb (about 2–4 s); later migrations still apply on start.
 *
 * With MINUTELY_BUILD_DATA_FOLDER=1 (scripts/start.mjs sets it when a fresh clone's `npm start` builds) it also
 * fills the data folder the server is about to open, if that folder is new: its thousand-odd files are written
 * here, while Vite builds the web app beside this step, instead of by the server's first start after the build.
 */
const BUILD_DATA_FOLDER_ENV = "MINUTELY_BUILD_DATA_FOLDER";

const out = process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "pglite-template.tar.gz");
// initdb and the migrations run each statement once: optimizing PGlite's functions for them is wasted work.
tierUpPgliteLate();
const database = await openDatabase({ inMemory: true });
await runMigrations(database);
// pg-boss's tables as its first start would install them (its default schema, the one jobs/job-queue.ts
// uses): a fresh install's first start finds them instead of running that DDL while the user waits.
await database.exec(PgBoss.getConstructionPlans());
const tar = await dumpForTemplate(database.pglite!);
await database.close();
// Compressed in zlib's thread pool while the data folder, if asked for, is written here.
const gzipped = gzipTemplate(tar);
const dataFolder = process.env[BUILD_DATA_FOLDER_ENV] === "1" ? fillDataFolderOfServer(tar) : null;
const archive = await gzipped;
fs.writeFileSync(out, archive);
console.log(`PGlite template written to ${out} (${Math.round(archive.length / 1024)} KiB)`);
if (dataFolder) console.log(`Data folder ${dataFolder} made from the template`);

/** The data folder the server's settings name; a setting the server will refuse is left to it to name when it starts. */
function fillDataFolderOfServer(archive: Uint8Array): string | null {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch {
    return null;
  }
  return fillNewDataFolder(config, archive);
}
