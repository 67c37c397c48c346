import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { fillFromTemplate, holdsDatabase, pgliteFolder } from "./data-folder.js";
import { runNamedOnPool } from "./pg-batched-statement.js";
import { pglitePreparedQueries, type Statement, type StatementParam } from "./pglite-prepared.js";
import * as schema from "./schema/index.js";

export type { Statement, StatementParam };

export type Schema = typeof schema;
/** The one database type every query takes first: PGlite, node-postgres or a transaction of either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs raw SQL (migrations, admin scripts, tests). */
  exec: (sql: string) => Promise<void>;
  close: () => Promise<void>;
  /**
   * Runs a statement compiled once at start-up (see Statement) on the driver itself, for the hottest
   * reads: no query building per request, and the statement is prepared once (per connection on
   * PostgreSQL, per instance on PGlite: db/pglite-prepared.ts), so it is parsed and planned once, not
   * at every request.
   */
  queryRows: <T>(statement: Statement, params: readonly StatementParam[]) => Promise<T[]>;
  pglite?: PGlite;
  pool?: pg.Pool;
};

/** An embedded database lent to an app (tests): the app uses it and gives it back instead of closing it. */
export type PgliteLease = { client: PGlite; release: () => Promise<void> };

export type OpenOptions = {
  /** Use this open embedded database instead of opening one (everything below is then ignored). */
  lease?: PgliteLease;
  databaseUrl?: string;
  /** Folder for PGlite's files; ignored with databaseUrl or inMemory. */
  dataDir?: string;
  inMemory?: boolean;
  /** A gzipped data dir (dumpDataDir) to start an empty PGlite from, skipping initdb. */
  template?: Blob;
  poolSize?: number;
};

// PostgreSQL returns bigint (count(*)) as a string; our counts fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

/** The embedded database's page cache; PostgreSQL servers keep their own setting. */
export const PGLITE_SHARED_BUFFERS = "16MB";

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.lease) return pgliteDatabase(options.lease.client, options.lease.release);
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection can die (server restart, a terminated backend); the pool drops it and opens a new one
    // on demand. Without a listener, Node would treat the pool's 'error' event as a crash of the whole app.
    pool.on("error", (error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      pool,
      exec: async (sql) => {
        await pool.query(sql);
      },
      close: () => pool.end(),
      queryRows: async <T>(statement: Statement, params: readonly StatementParam[]) =>
        (await runNamedOnPool(pool, { name: statement.name, text: statement.text, values: [...params] })) as T[],
    };
  }
  const pgliteDir = options.inMemory ? undefined : pgliteFolder(options.dataDir ?? "./data");
  const isNew = !pgliteDir || !holdsDatabase(pgliteDir);
  // A new data folder gets the template's files before PGlite opens it (db/unpack-template.ts says why).
  const unpacked = pgliteDir && isNew && options.template;
  if (unpacked) fillFromTemplate(pgliteDir, new Uint8Array(await options.template!.arrayBuffer()));
  else if (pgliteDir) fs.mkdirSync(pgliteDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: pgliteDir ? `file://${pgliteDir}` : undefined,
    loadDataDir: isNew && !unpacked ? options.template : undefined,
    // A short burst of lost writes after a power cut is acceptable for the single-machine install;
    // each query no longer waits for the whole data dir to be flushed.
    relaxedDurability: true,
    // PGlite's default shared_buffers (128 MB) is most of its idle memory, and the whole of it is touched
    // under load; 16 MB keeps idle memory under 250 MB without slowing the benchmarks (docs/performance.md).
    // wal_init_zero off: a new 16 MB WAL segment is made by writing its last byte, not 16 MB of zeros. In memory
    // (tests, benches) the zeros grew the file through about fifteen copies of itself in one synchronous call, a
    // 40-140 ms stall of the app's only thread every ~5,000 webhook deliveries (docs/performance.md, issue 22 §3);
    // on disk it is 16 MB written for nothing. PGlite runs with fsync off (-F), so the zeros secured nothing.
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`, "-c", "wal_init_zero=off"],
  });
  return pgliteDatabase(client, () => client.close());
}

function pgliteDatabase(client: PGlite, close: () => Promise<void>): Database {
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: "pglite",
    pglite: client,
    exec: async (sql) => {
      await client.exec(sql);
    },
    close,
    queryRows: pglitePreparedQueries(client),
  };
}
