import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Db } from "./client.js";
import { pglitePreparedQueries } from "./pglite-prepared.js";

const dialect = new PgDialect();

/**
 * One statement outside any transaction (a webhook's lookup of its integration, a rate-limit counter) as a
 * named prepared statement: on PGlite through db/pglite-prepared.ts (one trip into WebAssembly instead of
 * six, parsed and planned once), on node-postgres on whichever pooled connection runs it. Any other `db`
 * (a transaction: it has no client of its own) runs the statement as an ordinary query, in that transaction.
 */
export async function queryPrepared(db: Db, query: SQL): Promise<Record<string, unknown>[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  const isPglite = client instanceof PGlite;
  if (!isPglite && !(client instanceof pg.Pool)) return rowsOf(await db.execute(query));
  const compiled = dialect.sqlToQuery(query);
  const name = nameOf(compiled.sql);
  if (name && isPglite) {
    const params = compiled.params.map((value) => (value === null || value === undefined ? null : (value as string | number)));
    return runnerFor(client)<Record<string, unknown>>({ name, text: compiled.sql }, params);
  }
  if (name && client instanceof pg.Pool) return (await client.query({ name, text: compiled.sql, values: compiled.params as unknown[] })).rows;
  return rowsOf(await db.execute(query));
}

const runners = new WeakMap<PGlite, ReturnType<typeof pglitePreparedQueries>>();

function runnerFor(client: PGlite): ReturnType<typeof pglitePreparedQueries> {
  let run = runners.get(client);
  if (!run) {
    run = pglitePreparedQueries(client);
    runners.set(client, run);
  }
  return run;
}

/** Statement texts that vary without bound would fill the session with names: past this many, ordinary queries. */
const MAX_NAMED = 100;
const names = new Map<string, string>();

function nameOf(text: string): string | null {
  const known = names.get(text);
  if (known) return known;
  if (names.size >= MAX_NAMED) return null;
  const name = `read_${names.size + 1}`;
  names.set(text, name);
  return name;
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}
