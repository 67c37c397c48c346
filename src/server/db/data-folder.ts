import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { unpackTemplate } from "./unpack-template.js";

/** PGlite's own folder inside the app's data folder (DATA_DIR). */
export function pgliteFolder(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

/** Whether PostgreSQL has made a data dir of the folder: PG_VERSION is written with the rest of a data dir. */
export function holdsDatabase(pgliteDir: string): boolean {
  return fs.existsSync(path.join(pgliteDir, "PG_VERSION"));
}

/**
 * A database's data dir as a template (an uncompressed tar), after a checkpoint. PGlite dumps its files as they
 * are, while PostgreSQL still runs: without the checkpoint, every database opened from the dump first replays
 * the write-ahead log of all that was done since initdb (the migrations' DDL), about 90 ms of a first start's
 * open (docs/performance.md, issue 22 §3).
 */
export async function dumpForTemplate(pglite: PGlite): Promise<Uint8Array> {
  await pglite.exec("CHECKPOINT");
  return new Uint8Array(await (await pglite.dumpDataDir("none")).arrayBuffer());
}

/**
 * The template as the build ships it: gzipped at level 1, in zlib's thread pool. A third of the CPU of PGlite's own
 * gzip for a file 15 % larger (5.5 MB), which only a new data folder reads (docs/performance.md, issue 22 §3).
 */
export function gzipTemplate(tar: Uint8Array): Promise<Buffer> {
  return promisify(zlib.gzip)(tar, { level: 1 });
}

/**
 * Fills a new PGlite folder from the template (db/unpack-template.ts). The files are written beside it and the
 * folder is renamed into place in one step: a start stopped half way (Ctrl-C, a full disk) leaves no half-written
 * folder that the next start would take for a database; the next start unpacks again.
 */
export function fillFromTemplate(pgliteDir: string, archive: Uint8Array): void {
  const partial = `${pgliteDir}.unpacking`;
  fs.mkdirSync(path.dirname(pgliteDir), { recursive: true });
  fs.rmSync(partial, { recursive: true, force: true });
  unpackTemplate(archive, partial);
  try {
    // An empty folder (made by hand, or by PGlite before a failed start) makes way; rename cannot replace it.
    fs.rmdirSync(pgliteDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOTEMPTY" || code === "EEXIST") {
      fs.rmSync(partial, { recursive: true, force: true });
      throw new Error(
        `The data folder ${pgliteDir} holds files but no database (it has no PG_VERSION); move it aside and start again`,
      );
    }
    if (code !== "ENOENT") throw error;
  }
  fs.renameSync(partial, pgliteDir);
}

/**
 * The server's own data folder, as its settings name it, filled from the template if it is new: the build does it
 * for a fresh clone's `npm start` (src/server/make-template.ts). Returns the folder made, or null when there was
 * nothing to make: PostgreSQL named by DATABASE_URL, or a folder that holds a database already.
 */
export function fillNewDataFolder(settings: { dataDir: string; databaseUrl?: string }, archive: Uint8Array): string | null {
  if (settings.databaseUrl) return null;
  const pgliteDir = pgliteFolder(settings.dataDir);
  if (holdsDatabase(pgliteDir)) return null;
  fillFromTemplate(pgliteDir, archive);
  return settings.dataDir;
}
