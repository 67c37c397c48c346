import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Db } from "./client.js";
import { runInPgliteTransaction } from "./pglite-transaction.js";
import type { Statement } from "./compiled-statement.js";
import { runWithCommands } from "./pg-batched-statement.js";
import {
  compiledStatementParams,
  nameOf,
  type RunStatement,
  runOnConnection,
  statementRunner,
} from "./transaction-statements.js";

/**
 * A transaction whose statements all go through `run` as named prepared statements (the capture
 * pipeline's: every webhook delivery runs one), opened on the driver itself instead of through
 * drizzle's `transaction`, which builds a PgDatabase (a query builder per table) for every
 * transaction and sends BEGIN and COMMIT as trips of their own (two each on PGlite). Here the BEGIN
 * goes in the first statement's trip, and the COMMIT in the trip of the statement run with `last`
 * (else in one of its own after `work`): db/pglite-transaction.ts on PGlite, db/pg-batched-statement.ts
 * on a pooled PostgreSQL connection. Any other `db` (a
 * transaction: a nested call) runs `work` in drizzle's transaction as before. The audit actor is the
 * caller's to set in its first statement (audit/audit-actor.ts actorSettingFor): nothing runs before it.
 */
export async function statementTransaction<T>(db: Db, work: (run: RunStatement) => Promise<T>): Promise<T> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) return runInPgliteTransaction(client, work);
  if (client instanceof pg.Pool) return runOnPooledConnection(client, work);
  return db.transaction((tx) => work(statementRunner(db, tx)));
}

async function runOnPooledConnection<T>(pool: pg.Pool, work: (run: RunStatement) => Promise<T>): Promise<T> {
  const connection = await pool.connect();
  const state = { begun: false, committed: false };
  let broken: Error | undefined;
  try {
    const result = await work(async (query, options) => {
      if (state.committed) throw new Error("A statement after the transaction's last one");
      const before = state.begun ? null : "begin";
      const after = options?.last ? "commit" : null;
      state.begun = true;
      const rows = await runBatched(connection, query, before, after);
      if (after) state.committed = true;
      return rows;
    });
    if (state.begun && !state.committed) await connection.query("commit");
    return result;
  } catch (error) {
    // A rollback that fails leaves the connection in doubt: it is destroyed, not given back to the pool.
    if (state.begun && !state.committed)
      await connection.query("rollback").catch((rollbackError: Error) => {
        broken = rollbackError;
      });
    throw error;
  } finally {
    connection.release(broken);
  }
}

/** A named statement with the transaction's BEGIN and/or COMMIT in its trip; past the names' bound, one trip each. */
async function runBatched(
  connection: pg.PoolClient,
  query: Statement,
  before: string | null,
  after: string | null,
): Promise<Record<string, unknown>[]> {
  const { sql, params } = compiledStatementParams(query);
  const name = nameOf(sql);
  if (name) return runWithCommands(connection, { name, text: sql, values: params }, { before, after });
  if (before) await connection.query(before);
  const rows = await runOnConnection(connection, query);
  if (after) await connection.query(after);
  return rows;
}
