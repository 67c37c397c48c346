import { finishAbandonedSyncRuns } from "../accounting/sync/sync-runs.js";
import { pruneExpiredSessions } from "../auth/sessions.js";
import { pruneSpentOAuthStates } from "../integrations/oauth-state.js";
import { pruneWebhookClaims } from "../integrations/prune-webhook-claims.js";
import { pruneRateLimits } from "../http/rate-limit.js";
import { defineJob, EMPTY_PAYLOAD } from "./job-types.js";

export const MAINTENANCE_JOB = "maintenance";

/**
 * Every 15 minutes (and once at start): expired sessions, rate-limit counters older than a day,
 * webhook claims past their provider's retry window (integrations/prune-webhook-claims.ts), spent
 * OAuth states past their expiry (integrations/oauth-state.ts), and accounting sync runs whose jobs
 * are gone unfinished. It sweeps several features' tables, so it belongs to the registry's side, not
 * to any one of them.
 */
export const maintenanceJob = defineJob<Record<string, never>>({
  rules: { policy: "stately", retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 300 },
  payload: EMPTY_PAYLOAD,
  schedule: { cron: "*/15 * * * *", data: {} },
  run: async (_data, { db, now }) => {
    const at = now();
    await pruneExpiredSessions(db, at);
    await pruneRateLimits(db, at);
    await pruneWebhookClaims(db, at);
    await pruneSpentOAuthStates(db, at);
    await finishAbandonedSyncRuns(db, at);
  },
});
