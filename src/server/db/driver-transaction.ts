import type { Database } from "./client.js";

/** A statement runner bound to one open transaction; also what pg-boss accepts as `db` for a send. */
export type TransactionSql = { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> };

/**
 * One transaction on the driver itself (PGlite's transaction, or one pooled PostgreSQL client),
 * so a row of ours and a pg-boss job commit together: pg-boss's `send(…, { db })` runs its insert
 * on the same connection. Drizzle's transaction object does not expose its connection for that.
 */
export async function withDriverTransaction<T>(database: Database, work: (sql: TransactionSql) => Promise<T>): Promise<T> {
  if (database.pglite) {
    return database.pglite.transaction(async (tx) =>
      work({ executeSql: (text, values) => tx.query(text, (values ?? []) as never[]) as Promise<{ rows: unknown[] }> }),
    );
  }
  const client = await database.pool!.connect();
  try {
    await client.query("begin");
    const result = await work({ executeSql: (text, values) => client.query(text, values ?? []) });
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
