import pg from "pg";
import {
  catalogFingerprint,
  emptyForReuse,
  type PristineCatalogs,
  type SpareKind,
  type SqlSession,
  takeSpare,
} from "./reusable-database.js";
import { createServerDatabase } from "./server-database.js";

/**
 * Databases on the PostgreSQL server lent to test apps (TEST_DATABASE_URL), reused within a worker as PGlite's
 * are (pglite-pool.ts). Each app used to get a copy of the migrated template, dropped when it closed: the copy
 * and the drop cost the server about 840 ms of CPU an app, most of its CPU in the API suite's run on PostgreSQL
 * (docs/performance.md, "A test database lent again"). Now a closed app's database is emptied
 * (reusable-database.ts) and lent to the worker's next app; one whose catalog a test changed is dropped.
 * The spares a worker holds when it exits are dropped by a run's global setup (`dropEndedWorkersDatabases`); an
 * app outside a test run (a bench's) drops its database when it closes, as before.
 */
type ServerDatabase = Awaited<ReturnType<typeof createServerDatabase>>;

export type ServerDatabaseLease = {
  url: string;
  reused: SpareKind | null;
  /** As pglite-pool.ts's: the catalog an ordinary app with the queue leaves is the queue kind's pristine one. */
  notePristineQueue: () => Promise<void>;
  release: () => Promise<void>;
};

const spares: Record<SpareKind, ServerDatabase[]> = { plain: [], queue: [] };
const pristine: PristineCatalogs = {};
let keptOutsideTests = false;

/**
 * Lends databases again outside a test run too, for a bench that measures what a test's app costs
 * (bench/test-app-start.ts); the function it returns drops the spares.
 */
export function keepSparesOutsideTests(): () => Promise<void> {
  keptOutsideTests = true;
  return async () => {
    const kept = [...spares.plain, ...spares.queue];
    spares.plain = [];
    spares.queue = [];
    await Promise.all(kept.map((database) => database.drop()));
  };
}

async function onDatabase<T>(url: string, work: (session: SqlSession) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work({
      rows: async <R>(sql: string) => (await client.query(sql)).rows as R[],
      exec: async (sql: string) => {
        await client.query(sql);
      },
    });
  } finally {
    await client.end();
  }
}

/**
 * Empties a database its app has closed and keeps it, or drops it. A connection the app left behind (none should
 * be) is ended first, so nothing of the app writes while its rows are deleted.
 */
async function giveBack(database: ServerDatabase): Promise<void> {
  // Outside a test run (a bench's app, bench/webhook-throughput.ts) no global setup drops the spares after it.
  if (!process.env.VITEST && !keptOutsideTests) return database.drop();
  try {
    const kind = await onDatabase(database.url, async (session) => {
      await session.exec(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      return emptyForReuse(session, pristine);
    });
    if (kind) spares[kind].push(database);
    else await database.drop();
  } catch {
    await database.drop().catch(() => undefined);
  }
}

async function createFresh(adminUrl: string): Promise<ServerDatabase> {
  const database = await createServerDatabase(adminUrl);
  pristine.plain ??= await onDatabase(database.url, catalogFingerprint);
  return database;
}

/**
 * An emptied database of this worker, or a new copy of the template; the app gives it back when it closes. An app
 * with the job queue takes a queue spare first, then a plain one; an app without it only plain ones (takeSpare).
 */
export async function leaseServerDatabase(adminUrl: string, kind: SpareKind): Promise<ServerDatabaseLease> {
  const taken = takeSpare(spares, kind);
  const lent = taken?.spare ?? (await createFresh(adminUrl));
  let released = false;
  return {
    url: lent.url,
    reused: taken?.from ?? null,
    notePristineQueue: async () => {
      pristine.queue ??= await onDatabase(lent.url, catalogFingerprint);
    },
    release: async () => {
      if (released) return;
      released = true;
      await giveBack(lent);
    },
  };
}
