import type { FastifyBaseLogger } from "fastify";
import { pruneExpiredSessions } from "../auth/sessions.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { pruneRateLimits } from "../platform/rate-limit.js";
import { teamsJobs } from "../capture/teams/teams-jobs.js";
import { meetJobs } from "../capture/meet/meet-jobs.js";
import { RECONCILE_ALL_JOB, RECONCILE_JOB, reconcileAllJob, reconcileJob } from "../capture/reconcile/reconcile-jobs.js";
import { POLL_FEED_JOB, POLL_FEEDS_JOB, pollFeedJob, pollFeedsJob } from "../calendar-feeds/jobs.js";
import { applyStripeEventJob } from "../payments/stripe-webhook/apply-event-job.js";
import { accountingJobs } from "../accounting/sync/jobs.js";
import { pruneWebhookClaims } from "../integrations/prune-webhook-claims.js";
import { pruneSpentOAuthStates } from "../integrations/oauth-state.js";
import { finishAbandonedSyncRuns } from "../accounting/sync/sync-runs.js";
import { WATCH_EVERY_SECONDS, WATCH_MEETINGS_JOB, watchMeetings } from "../platform-detection/watch-meetings.js";
import { checkCaptureHealthJob } from "../first-run/check-capture-health-job.js";
import { CHECK_CAPTURE_HEALTH_JOB } from "../first-run/notify-capture-problems.js";

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
  /**
   * How many waiting jobs one fetch takes (default 1). A batch costs one fetch and one completion
   * statement instead of one each per job; its jobs still run one by one, and one that throws is
   * failed (and retried) alone. Under "singleton" or "stately" a batch holds at most one job per
   * singletonKey, so per-key order survives.
   */
  batchSize?: number;
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
  /**
   * Every 15 minutes (and once at start): expired sessions, rate-limit counters older than a day,
   * webhook claims past their provider's retry window (integrations/prune-webhook-claims.ts), spent
   * OAuth states past their expiry (integrations/oauth-state.ts), and
   * accounting sync runs whose jobs are gone unfinished.
   */
  maintenance: defineJob<Record<string, never>>({
    rules: { policy: "stately", retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 300 },
    schedule: { cron: "*/15 * * * *", data: {} },
    run: async (_data, { db, now }) => {
      const at = now();
      await pruneExpiredSessions(db, at);
      await pruneRateLimits(db, at);
      await pruneWebhookClaims(db, at);
      await pruneSpentOAuthStates(db, at);
      await finishAbandonedSyncRuns(db, at);
    },
  }),
  /** Calendar feeds (issue 14 §4): every 5 minutes a poll per enabled feed, one at a time per feed. */
  [POLL_FEEDS_JOB]: pollFeedsJob,
  [POLL_FEED_JOB]: pollFeedJob,
  /**
   * "Track meetings on this computer" (platform-detection/watch-meetings.ts): one look, then again in
   * 10 s while anyone here tracks; stately, so looks never pile up or overlap; the cron re-seeds the
   * chain every minute (after a restart, or a lost re-queue).
   */
  [WATCH_MEETINGS_JOB]: defineJob<Record<string, never>>({
    rules: { policy: "stately", retryLimit: 1, retryDelaySeconds: 5, retryBackoff: false, expireInSeconds: 60 },
    schedule: { cron: "* * * * *", data: {} },
    run: async (_data, context) => {
      const { tracking } = await watchMeetings(context);
      if (tracking > 0) await context.send(WATCH_MEETINGS_JOB, {}, { startAfter: WATCH_EVERY_SECONDS });
    },
  }),
  /** A verified Stripe event: re-read the subscription and write Stripe's truth (payments/stripe-webhook/). */
  "stripe.apply-event": applyStripeEventJob,
  /** Microsoft Teams (capture/teams/teams-jobs.ts): a notified call record → capture events; hourly subscription renewal. */
  "teams.fetch-call-record": teamsJobs["teams.fetch-call-record"],
  "teams.renew-subscription": teamsJobs["teams.renew-subscription"],
  "teams.lifecycle": teamsJobs["teams.lifecycle"],
  /** Reconciliation against each provider's own record (capture/reconcile/): hourly per source, and "Reconcile now". */
  [RECONCILE_ALL_JOB]: reconcileAllJob,
  [RECONCILE_JOB]: reconcileJob,
  /** Google Meet (capture/meet/meet-jobs.ts): a push → calendar sync → conference record → capture events; hourly channel renewal. */
  "meet.sync-calendar": meetJobs["meet.sync-calendar"],
  "meet.fetch-conference": meetJobs["meet.fetch-conference"],
  "meet.renew-channel": meetJobs["meet.renew-channel"],
  /** Accounting syncs (accounting/sync/jobs.ts): a run fans out into one singleton push per invoice. */
  "accounting.sync-run": accountingJobs["accounting.sync-run"],
  "accounting.push-invoice": accountingJobs["accounting.push-invoice"],
  /** Capture health (first-run/): every 10 minutes, a source that broke raises its one notification. */
  [CHECK_CAPTURE_HEALTH_JOB]: checkCaptureHealthJob,
};

export type JobHandlers = typeof jobHandlers;
export type JobName = keyof JobHandlers;
export type JobData<Name extends JobName> = Parameters<JobHandlers[Name]["run"]>[0];
