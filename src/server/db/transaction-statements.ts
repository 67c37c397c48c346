import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Db } from "./client.js";
import { type Statement, toQuery, toSql } from "./compiled-statement.js";
import { runWithCommands } from "./pg-batched-statement.js";
import { runPreparedOnPglite, type StatementParam } from "./pglite-prepared.js";
import { rowsOf, statementNames } from "./statement-names.js";

/**
 * Runs one statement of an open transaction and answers its rows (driver values: Date or text, json parsed or text).
 * `last`: no statement follows in this transaction, so a runner that opened it (db/statement-transaction.ts)
 * commits it in the same trip; once it succeeded the transaction is committed. Other runners ignore it.
 */
export type RunStatement = (query: Statement, options?: { last?: boolean }) => Promise<Record<string, unknown>[]>;

/** Matching's statements (one `in` list per participant) are the unbounded ones: named up to this many texts. */
export const nameOf = statementNames("tx_", 200);

/**
 * A transaction's own statements as named prepared statements (the capture pipeline's): each is
 * parsed and planned once per PGlite instance or PostgreSQL connection, not at every delivery (on
 * PGlite 1.10 → 0.26 ms for the capture event's opening statement). Statements outside a transaction
 * go through db/prepared-query.ts instead.
 *
 * `db` is the database the transaction `tx` was opened on. On PGlite the statement runs under
 * PGlite's query lock only, as the transaction's own queries do (the transaction holds the other
 * lock: db/pglite-prepared.ts); on node-postgres on the transaction's connection. Anything else
 * (a nested transaction, another driver) runs `tx.execute`.
 */
export function statementRunner(db: Db, tx: Db): RunStatement {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) return (query) => runOnPglite(client, tx, query);
  const connection = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Pool && connection instanceof pg.Client) return (query) => runOnConnection(connection, query);
  return async (query) => rowsOf(await tx.execute(toSql(query)));
}

/** Ordinary queries in the transaction, unprepared: for code that shares a RunStatement's callers outside the pipeline. */
export function plainRunner(tx: Db): RunStatement {
  return async (query) => rowsOf(await tx.execute(toSql(query)));
}

/** A statement of a transaction on this connection: named while its text is among the first 200, else unnamed. */
export async function runOnConnection(connection: pg.Client | pg.PoolClient, query: Statement): Promise<Record<string, unknown>[]> {
  const compiled = toQuery(query);
  const name = nameOf(compiled.sql);
  const values = compiled.params as unknown[];
  if (name) return runWithCommands(connection, { name, text: compiled.sql, values });
  return (await connection.query({ text: compiled.sql, values })).rows;
}

/** A statement's text and its parameters as PGlite's prepared runs send them (text, or null). */
export function compiledStatementParams(query: Statement): { sql: string; params: StatementParam[] } {
  const compiled = toQuery(query);
  const params = compiled.params.map((value) => (value === null || value === undefined ? null : (value as StatementParam)));
  return { sql: compiled.sql, params };
}

async function runOnPglite(client: PGlite, tx: Db, query: Statement): Promise<Record<string, unknown>[]> {
  const { sql, params } = compiledStatementParams(query);
  const name = nameOf(sql);
  if (!name) return rowsOf(await tx.execute(toSql(query)));
  return runPreparedOnPglite<Record<string, unknown>>(client, { name, text: sql }, params, "inside-transaction");
}
