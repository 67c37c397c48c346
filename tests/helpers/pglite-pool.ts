import type { PGlite } from "@electric-sql/pglite";
import type { PgliteLease } from "../../src/server/db/client.js";
import { openDatabase } from "../../src/server/db/client.js";
import {
  catalogFingerprint,
  emptyForReuse,
  type PristineCatalogs,
  type SpareKind,
  type SqlSession,
  takeSpare,
} from "./reusable-database.js";

export type { SpareKind };

/**
 * Embedded databases lent to test apps, reused within a worker. Opening one from the migrated template costs
 * about 1.2-1.8 s of CPU (unpacking the data dir into PGlite's in-memory file system, starting the engine), and
 * the API tier starts about 124 apps, which was a third of `npm test` (docs/performance.md, issue 22). When an app
 * closes, its database is emptied and kept for the next app of the worker (reusable-database.ts: every row of
 * the app's tables deleted and its sequences set back to their start, session settings and advisory locks
 * reset). Prepared statements stay: the runners that prepared them are kept per database instance (db/pglite-prepared.ts), and emptying tables
 * does not change a plan's meaning.
 *
 * Two kinds of spare: "plain" (the migrated template's catalog) and "queue" (the same with pg-boss installed and
 * the app's queues declared, as an app with the job queue leaves it). pg-boss's install and its queues (a table
 * and five indexes each) cost an app with the queue about as much again as opening the database: a queue spare
 * skips both. Its jobs, archive, schedules and subscriptions are emptied with the app's rows, and pg-boss's
 * upkeep times cleared, as a fresh install has them.
 *
 * A test may change what emptying cannot undo (create a trigger, a function or a table; declare queues of its
 * own). The catalog's fingerprint is compared with the kind's pristine one before reuse (plain: taken when the
 * worker's first database was new; queue: right after the first app that installed the app's own queues on a
 * plain database, `notePristineQueue`). A database with the queue that differs loses pg-boss's schema and is
 * compared again as plain; one that still differs is closed, and the next app gets a fresh one.
 */
const spares: Record<SpareKind, PGlite[]> = { plain: [], queue: [] };
const pristine: PristineCatalogs = {};

/** PGlite's connection as emptying asks for it (reusable-database.ts). */
function sessionOf(client: PGlite): SqlSession {
  return {
    rows: async <T>(sql: string) => (await client.query<T>(sql)).rows,
    exec: async (sql: string) => {
      await client.exec(sql);
    },
  };
}

async function openFresh(template: Blob): Promise<PGlite> {
  const client = (await openDatabase({ inMemory: true, template })).pglite!;
  pristine.plain ??= await catalogFingerprint(sessionOf(client));
  return client;
}

/**
 * Records the catalog an app with the job queue leaves on a plain database (pg-boss installed, the app's own
 * queues declared) as the queue kind's pristine state. Called by startTestApp right after such an app started,
 * before the test could change anything; later calls change nothing.
 */
export async function notePristineQueue(client: PGlite): Promise<void> {
  pristine.queue ??= await catalogFingerprint(sessionOf(client));
}

/** Empties a database an app has closed and keeps it, or closes it when a test changed more than rows. */
async function giveBack(client: PGlite): Promise<void> {
  try {
    const kind = await emptyForReuse(sessionOf(client), pristine);
    if (kind) spares[kind].push(client);
    else await client.close();
  } catch {
    await client.close().catch(() => undefined);
  }
}

/**
 * An emptied database of this worker, or a new one from the template; the app gives it back when it closes.
 * An app with the job queue takes a queue spare first (pg-boss already installed), then a plain one (pg-boss
 * installs itself on it); an app without it takes only plain ones (takeSpare).
 */
export async function leasePglite(
  template: Blob,
  kind: SpareKind = "plain",
): Promise<PgliteLease & { reused: SpareKind | null }> {
  const taken = takeSpare(spares, kind);
  const client = taken?.spare ?? (await openFresh(template));
  let released = false;
  return {
    client,
    reused: taken?.from ?? null,
    release: async () => {
      if (released) return;
      released = true;
      await giveBack(client);
    },
  };
}
