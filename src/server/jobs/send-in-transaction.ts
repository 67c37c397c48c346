import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import type { TransactionSql } from "../db/driver-transaction.js";
import { rowsOf } from "../db/statement-names.js";
import type { QueuedJob } from "./enqueue-in-transaction.js";
import type { JobQueue } from "./job-queue.js";

/**
 * pg-boss's `send(…, { db })` runner on an open drizzle transaction: its `$n` statement runs through
 * `tx.execute` with the same values as parameters, so the job row commits or rolls back with the
 * service's own writes. For services already written with drizzle's `db.transaction` (team/), where
 * jobs/enqueue-in-transaction.ts (raw SQL on the driver) would mean rewriting them.
 */
export function drizzleTransactionSql(tx: Db): TransactionSql {
  return {
    executeSql: async (text, values = []) => {
      const pieces = text.split(/\$(\d+)\b/);
      const statement = sql.join(
        pieces.map((piece, index) => (index % 2 === 1 ? sql`${sql.param(values[Number(piece) - 1] ?? null)}` : sql.raw(piece))),
      );
      return { rows: rowsOf(await tx.execute(statement)) };
    },
  };
}

/**
 * Queues `job` inside the drizzle transaction `tx` (nothing when this server runs no queue).
 * The caller wakes the worker after the commit with `jobs.wake(job.name)`.
 */
export async function sendInTransaction(tx: Db, jobs: JobQueue | null, job: QueuedJob): Promise<boolean> {
  if (!jobs) return false;
  await jobs.boss.send(job.name, job.data, { ...job.options, db: drizzleTransactionSql(tx) });
  return true;
}
