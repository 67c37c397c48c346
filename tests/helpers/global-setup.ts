import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { openDatabase } from "../../src/server/db/client.js";
import { dumpForTemplate, gzipTemplate } from "../../src/server/db/data-folder.js";
import { migrationsFolder, runMigrations } from "../../src/server/db/migrate.js";
import { dropEndedWorkersDatabases } from "./admin-connection.js";

export const TEMPLATE_PATH = path.resolve(".tmp/test-pglite-template.tar.gz");
/** What the template at TEMPLATE_PATH was made from (templateKey), written after the template itself. */
const TEMPLATE_KEY_PATH = `${TEMPLATE_PATH}.key`;

/** Names the migrations by their content, so a changed or added migration makes a new template. */
export function migrationsFingerprint(): string {
  const hash = createHash("sha256");
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(fs.readFileSync(full));
    }
  };
  walk(migrationsFolder());
  return hash.digest("hex").slice(0, 12);
}

/**
 * The migrations and the PGlite release: a data directory dumped by one PGlite release is not another's. The
 * template's own version goes up when the way it is made changes (2: dumped after a checkpoint).
 */
const TEMPLATE_VERSION = 2;
function templateKey(): string {
  // The package does not export its package.json; its entry point is in dist/, beside which that file is.
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const manifest = path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), "package.json");
  const { version } = JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string };
  return `${migrationsFingerprint()} pglite ${version} template ${TEMPLATE_VERSION}`;
}

function writeAtomically(file: string, content: Buffer | string): void {
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, content);
  fs.renameSync(partial, file);
}

/**
 * Runs at the start of every test run (and of the benches that need it): initdb + migrations on one in-memory
 * PGlite, dumped to a file that every test app loads instead of running initdb itself (about 2–4 s); test-app.ts
 * unpacks it once per worker. A template made from the same migrations and PGlite is kept: making it took 7.6 s of a
 * quiet machine's CPU, and CI's last phase made it twice at once, on its critical path (docs/performance.md, "Where
 * CI's last phase spends its CPU", issue 22 §2). The template is written under a temporary name and renamed, and its
 * key after it, so a run starting beside this one never reads half a file nor takes an old template for a new one.
 * With TEST_DATABASE_URL test apps copy a migrated database on the server instead (test-app.ts), but a few
 * tests still open an embedded database of their own (the admin script on DATA_DIR), so it is made then too.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // The server databases of workers that ended (server-database-pool.ts): at the start, a run's own last spares
  // (vitest tears a run down before it ends its workers, so those are still running at the end) and any an
  // interrupted run left; at the end, those of workers that ended during the run.
  const adminUrl = process.env.TEST_DATABASE_URL;
  const dropEnded = async () => {
    if (adminUrl) await dropEndedWorkersDatabases(adminUrl);
  };
  await dropEnded();
  await makePgliteTemplate();
  return dropEnded;
}

async function makePgliteTemplate(): Promise<void> {
  const key = templateKey();
  if (fs.existsSync(TEMPLATE_PATH) && fs.existsSync(TEMPLATE_KEY_PATH) && fs.readFileSync(TEMPLATE_KEY_PATH, "utf8") === key)
    return;
  fs.mkdirSync(path.dirname(TEMPLATE_PATH), { recursive: true });
  const database = await openDatabase({ inMemory: true });
  await runMigrations(database);
  writeAtomically(TEMPLATE_PATH, await gzipTemplate(await dumpForTemplate(database.pglite!)));
  writeAtomically(TEMPLATE_KEY_PATH, key);
  await database.close();
}
