import type { Database } from "../db/client.js";
import { type TransactionSql, withDriverTransaction } from "../db/driver-transaction.js";
import type { JobQueue, SendOptions } from "./job-queue.js";

/** A job to queue: its queue name, its data (checked by the job's payload schema when it runs) and send options. */
export type QueuedJob = { name: string; data: object; options?: SendOptions };

/**
 * "Write a row and queue its work" in ONE transaction on the driver (db/driver-transaction.ts):
 * `write` runs its statements on `sql` and answers the job to queue, or null to queue nothing; the
 * job's insert runs on the same connection (pg-boss `send(…, { db })`), so the row and its job commit
 * together or not at all. A crash between the two can no longer keep one without the other.
 * Answers whether a job was queued. This instance's worker is woken after the commit
 * (`wakeDelayMs` lets a burst go out as one batch); other instances find the job by polling.
 */
export async function enqueueInTransaction(
  database: Database,
  jobs: JobQueue,
  write: (sql: TransactionSql) => Promise<QueuedJob | null>,
  options: { wakeDelayMs?: number } = {},
): Promise<boolean> {
  const queued = await withDriverTransaction(database, async (sql) => {
    const job = await write(sql);
    if (!job) return null;
    await jobs.boss.send(job.name, job.data, { ...job.options, db: sql });
    return job;
  });
  if (!queued) return false;
  if (queued.options?.startAfter === undefined) {
    if (options.wakeDelayMs) jobs.wakeSoon(queued.name, options.wakeDelayMs);
    else jobs.wake(queued.name);
  }
  return true;
}
