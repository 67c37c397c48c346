/**
 * How the job queue runs on this instance (config.jobs). Kept apart from the job types: the
 * configuration imports this, and the job types import the configuration (a job's context holds it).
 */
export type JobsOptions = {
  /** How often an idle worker asks the database for work (seconds, at least 0.5); default 2. */
  pollingIntervalSeconds?: number;
  /** How long stop() waits for running jobs before failing them back to the queue (ms); default 10 s. */
  stopTimeoutMs?: number;
  /**
   * Register the handlers' cron schedules (default true). Test apps turn them off: an hourly or
   * quarter-hourly run landing in the middle of a test raced what the test itself ran (a test of the
   * sync sweep found its run already finished); tests run scheduled jobs themselves.
   */
  schedules?: boolean;
};
