import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import type { JobContext, JobName } from "../../jobs/job-handlers.js";
import type { JobQueue } from "../../jobs/job-queue.js";
import { type SecretBox, secretBoxFor } from "../../platform/secrets.js";

/**
 * What the sync engine needs from the app: the database, the secret box (integration secrets), the
 * configuration (provider endpoints, time-outs, test rate limits) and the clock. Routes build it from
 * `app`, jobs from their JobContext.
 */
export type AccountingContext = { db: Db; box: SecretBox; config: Config; now: () => Date };

/** Sends a job (JobContext.send, or the app queue's send); null when this server runs no queue. */
export type JobSend = JobContext["send"];

export function accountingContextForJob(context: JobContext): AccountingContext {
  return { db: context.db, box: secretBoxFor(context.config), config: context.config, now: context.now };
}

/** The app queue's send as a JobSend (routes), or null when this server runs no queue. */
export function jobSendFor(jobs: JobQueue | null | undefined): JobSend | null {
  if (!jobs) return null;
  return (name, data, options) => jobs.send(name as JobName, data as never, options ?? {});
}
