import { EMPTY_PAYLOAD, type JobContext, type JobDefinition } from "../jobs/job-types.js";
import { secretBoxFor } from "../http/secrets.js";
import { findOwnersWithSources, notifyCaptureProblems } from "./notify-capture-problems.js";

/**
 * Every 10 minutes, on the job queue (one run per cluster: pg-boss cron, stately queue): each
 * account with a capture source is checked and a breakage raises its one notification. Silence
 * is a matter of time passing, so a check on a schedule is needed; nothing runs on a timer in one process.
 */
export const checkCaptureHealthJob: JobDefinition<Record<string, never>> = {
  rules: { policy: "stately", retryLimit: 2, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 600 },
  payload: EMPTY_PAYLOAD,
  schedule: { cron: "*/10 * * * *", data: {} },
  run: async (_data, context: JobContext) => {
    const box = secretBoxFor(context.config);
    const now = context.now();
    for (const owner of await findOwnersWithSources(context.db))
      await notifyCaptureProblems(context.db, box, { ...owner, now });
  },
};
