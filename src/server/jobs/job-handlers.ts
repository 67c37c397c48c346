import type { FastifyBaseLogger } from "fastify";
import { pruneExpiredSessions } from "../auth/sessions.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { pruneRateLimits } from "../platform/rate-limit.js";

/**
 * What a job handler gets besides its data: the app's database, clock, log and configuration
 * (for `secretBoxFor(config)` and provider settings), and `send` to queue a follow-up job.
 */
export type JobContext = {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  config: Config;
  send: (name: string, data: object, options?: { startAfter?: number | Date; singletonKey?: string }) => Promise<string | null>;
};

/**
 * A queue's rules, kept in the database by pg-boss (its `queue` table), so every instance applies
 * the same ones: how often a failed job is retried, after how long (doubling each time with
 * retryBackoff), how long one run may take before it counts as failed, and the policy
 * ("stately": at most one job waiting and one running, so a periodic job never piles up;
 * "singleton": never two running at once; "standard": no limit).
 */
export type QueueRules = {
  policy: "standard" | "short" | "singleton" | "stately";
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  expireInSeconds: number;
};

export type JobDefinition<Data extends object> = {
  rules: QueueRules;
  /** A cron expression (UTC): pg-boss sends the job on this schedule, once per tick for the whole cluster. */
  schedule?: { cron: string; data: Data };
  /** Runs one job; throwing fails it (retried by the rules). */
  run: (data: Data, context: JobContext) => Promise<void>;
};

function defineJob<Data extends object>(definition: JobDefinition<Data>): JobDefinition<Data> {
  return definition;
}

/**
 * Every job the app runs, by queue name: one table, read by jobs/job-queue.ts at start-up.
 * Later features (payments, accounting, integrations) add their rows here.
 */
export const jobHandlers = {
  /** Expired sessions and rate-limit counters older than a day, every 15 minutes (and once at start). */
  maintenance: defineJob<Record<string, never>>({
    rules: { policy: "stately", retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 300 },
    schedule: { cron: "*/15 * * * *", data: {} },
    run: async (_data, { db, now }) => {
      const at = now();
      await pruneExpiredSessions(db, at);
      await pruneRateLimits(db, at);
    },
  }),
};

export type JobHandlers = typeof jobHandlers;
export type JobName = keyof JobHandlers;
export type JobData<Name extends JobName> = Parameters<JobHandlers[Name]["run"]>[0];
