import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Db } from "./client.js";
import { type Statement, toQuery, toSql } from "./compiled-statement.js";
import { runNamedOnPool } from "./pg-batched-statement.js";
import { runPreparedOnPglite, type StatementParam } from "./pglite-prepared.js";
import { rowsOf, statementNames } from "./statement-names.js";

const nameOf = statementNames("read_", 100);

/**
 * One statement outside any transaction (a webhook's lookup of its integration, a rate-limit counter) as a
 * named prepared statement: on PGlite through db/pglite-prepared.ts (one trip into WebAssembly instead of
 * six, parsed and planned once), on node-postgres on whichever pooled connection runs it. Any other `db`
 * (a transaction: it has no client of its own) runs the statement as an ordinary query, in that transaction.
 */
export async function queryPrepared(db: Db, query: Statement): Promise<Record<string, unknown>[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  const isPglite = client instanceof PGlite;
  if (!isPglite && !(client instanceof pg.Pool)) return rowsOf(await db.execute(toSql(query)));
  const compiled = toQuery(query);
  const name = nameOf(compiled.sql);
  if (name && isPglite) {
    const params = compiled.params.map((value) => (value === null || value === undefined ? null : (value as StatementParam)));
    return runPreparedOnPglite<Record<string, unknown>>(client, { name, text: compiled.sql }, params, "own");
  }
  if (name && client instanceof pg.Pool) return runNamedOnPool(client, { name, text: compiled.sql, values: compiled.params as unknown[] });
  return rowsOf(await db.execute(toSql(query)));
}
