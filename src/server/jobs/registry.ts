import { accountingJobs } from "../accounting/sync/jobs.js";
import { POLL_FEED_JOB, POLL_FEEDS_JOB, pollFeedJob, pollFeedsJob } from "../capture/calendar/jobs.js";
import { meetJobs } from "../capture/meet/meet-jobs.js";
import { RECONCILE_ALL_JOB, RECONCILE_JOB, reconcileAllJob, reconcileJob } from "../capture/reconcile/reconcile-jobs.js";
import { teamsJobs } from "../capture/teams/teams-jobs.js";
import { checkCaptureHealthJob } from "../first-run/check-capture-health-job.js";
import { CHECK_CAPTURE_HEALTH_JOB } from "../first-run/notify-capture-problems.js";
import { applyStripeEventJob } from "../subscription/stripe-webhook/apply-event-job.js";
import { APPLY_STRIPE_EVENT } from "../subscription/stripe-webhook/receive-stripe-webhook.js";
import { SYNC_SEATS_JOB } from "../subscription/seats/seat-sync-job-name.js";
import { syncSeatsJob } from "../subscription/seats/sync-seats-job.js";
import { WATCH_MEETINGS_JOB, watchMeetingsJob } from "../capture/desktop/watch-meetings.js";
import type { JobRegistry } from "./job-types.js";
import { MAINTENANCE_JOB, maintenanceJob } from "./maintenance-job.js";
import { VACUUM_EMBEDDED_JOB, vacuumEmbeddedJob } from "./vacuum-embedded-job.js";

/**
 * Every job the app runs, by queue name: one table, assembled here from each feature's own
 * definitions and handed to the queue by the composition root (app.ts). Only app.ts imports this
 * module: features import jobs/job-types.ts, never the registry, so no feature reaches another
 * through the queue.
 */
const definitions = {
  [MAINTENANCE_JOB]: maintenanceJob,
  /** The embedded database has no autovacuum: VACUUM (ANALYZE) of calls and tracked emails hourly (a no-op on PostgreSQL). */
  [VACUUM_EMBEDDED_JOB]: vacuumEmbeddedJob,
  /** Calendar feeds: every 5 minutes a poll per enabled feed, one at a time per feed. */
  [POLL_FEEDS_JOB]: pollFeedsJob,
  [POLL_FEED_JOB]: pollFeedJob,
  /** "Track meetings on this computer" (capture/desktop/watch-meetings.ts). */
  [WATCH_MEETINGS_JOB]: watchMeetingsJob,
  /** A verified Stripe event: re-read the subscription and write Stripe's truth (subscription/stripe-webhook/). */
  [APPLY_STRIPE_EVENT]: applyStripeEventJob,
  /** The Team plan's Stripe seat quantity follows the member count (subscription/seats/). */
  [SYNC_SEATS_JOB]: syncSeatsJob,
  /** Microsoft Teams (capture/teams/teams-jobs.ts): a notified call record → capture events; hourly subscription renewal. */
  ...teamsJobs,
  /** Reconciliation against each provider's own record (capture/reconcile/): hourly per source, and "Reconcile now". */
  [RECONCILE_ALL_JOB]: reconcileAllJob,
  [RECONCILE_JOB]: reconcileJob,
  /** Google Meet (capture/meet/meet-jobs.ts): a push → calendar sync → conference record → capture events; hourly channel renewal. */
  ...meetJobs,
  /** Accounting syncs (accounting/sync/jobs.ts): a run fans out into one singleton push per invoice. */
  ...accountingJobs,
  /** Capture health (first-run/): every 10 minutes, a source that broke raises its one notification. */
  [CHECK_CAPTURE_HEALTH_JOB]: checkCaptureHealthJob,
};

export const jobRegistry: JobRegistry = definitions;
