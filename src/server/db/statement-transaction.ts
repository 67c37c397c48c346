import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Db } from "./client.js";
import { runInPgliteTransaction } from "./pglite-transaction.js";
import { type RunStatement, runOnConnection, statementRunner } from "./transaction-statements.js";

/**
 * A transaction whose statements all go through `run` as named prepared statements (the capture
 * pipeline's: every webhook delivery runs one), opened on the driver itself instead of through
 * drizzle's `transaction`, which builds a PgDatabase (a query builder per table) for every
 * transaction and, on PGlite, spends two trips into the database on BEGIN and two on COMMIT. On PGlite
 * the BEGIN goes in the first statement's trip and the COMMIT is one trip (db/pglite-transaction.ts);
 * on PostgreSQL it is a pooled connection's BEGIN, statements and COMMIT. Any other `db` (a
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
  let broken: Error | undefined;
  try {
    await connection.query("begin");
    try {
      const result = await work((query) => runOnConnection(connection, query));
      await connection.query("commit");
      return result;
    } catch (error) {
      // A rollback that fails leaves the connection in doubt: it is destroyed, not given back to the pool.
      await connection.query("rollback").catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    }
  } finally {
    connection.release(broken);
  }
}
