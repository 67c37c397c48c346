import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";

/**
 * What a job is, for the features that define jobs and for the queue that runs them. This module
 * imports no feature: features import it, and the registry of every job (jobs/registry.ts) is
 * assembled at the composition root, so no feature's import leads back to another feature through
 * the queue.
 */

/** Sends a job by queue name (the app queue's send, or a job's follow-up); the id, or null when the policy refused it. */
export type JobSend = (
  name: string,
  data: object,
  options?: { startAfter?: number | Date; singletonKey?: string },
) => Promise<string | null>;

/**
 * What a job handler gets besides its data: the app's database, clock, log and configuration
 * (for `secretBoxFor(config)` and provider settings), and `send` to queue a follow-up job.
 */
export type JobContext = {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  config: Config;
  send: JobSend;
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
  /**
   * The job's data as the handler expects it, checked when the job comes out of the queue: a job
   * queued by an older deploy, or by a caller that sent the wrong shape, is failed with the
   * schema's words instead of running on data it does not understand (jobs/job-queue.ts).
   */
  payload: z.ZodType<Data>;
  /**
   * How many waiting jobs one fetch takes (default 1). A batch costs one fetch and one completion
   * statement instead of one each per job; its jobs still run one by one, and one that throws is
   * failed (and retried) alone. Under "singleton" or "stately" a batch holds at most one job per
   * singletonKey, so per-key order survives.
   */
  batchSize?: number;
  /** A cron expression (UTC): pg-boss sends the job on this schedule, once per tick for the whole cluster. */
  schedule?: { cron: string; data: Data };
  /**
   * Runs one job; throwing fails it (retried by the rules). A method, so a definition of any Data
   * fits the registry's JobDefinition<object>: the queue hands it only what its payload accepted.
   */
  run(data: Data, context: JobContext): Promise<void>;
};

/** Every job by queue name, as the queue takes them (each definition keeps its own Data type where it is written). */
export type JobRegistry = Record<string, JobDefinition<object>>;

/** Types a definition by its own payload, so `run` receives what the schema gives. */
export function defineJob<Data extends object>(definition: JobDefinition<Data>): JobDefinition<Data> {
  return definition;
}

/** The payload of a job that takes no data (the scheduled sweeps): `{}`. */
export const EMPTY_PAYLOAD: z.ZodType<Record<string, never>> = z.record(z.string(), z.never());
