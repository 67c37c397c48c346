import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import PgBoss from "pg-boss";
import { openDatabase } from "./db/client.js";
import { runMigrations } from "./db/migrate.js";
import { tierUpPgliteLate } from "./db/wasm-tiering.js";

/**
 * Build step: an in-memory PGlite, migrated and with the job queue's tables, dumped as a gzipped data dir. The first `npm start`
 * loads it (about 0.6 s) instead of running initdb (about 2–4 s); later migrations still apply on start.
 */
const out = process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "pglite-template.tar.gz");
// initdb and the migrations run each statement once: optimizing PGlite's functions for them is wasted work.
tierUpPgliteLate();
const database = await openDatabase({ inMemory: true });
await runMigrations(database);
// pg-boss's tables as its first start would install them (its default schema, the one jobs/job-queue.ts
// uses): a fresh install's first start finds them instead of running that DDL while the user waits.
await database.exec(PgBoss.getConstructionPlans());
const dump = await database.pglite!.dumpDataDir("gzip");
fs.writeFileSync(out, Buffer.from(await dump.arrayBuffer()));
await database.close();
console.log(`PGlite template written to ${out} (${Math.round(dump.size / 1024)} KiB)`);
