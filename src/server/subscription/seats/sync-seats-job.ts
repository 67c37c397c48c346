import { z } from "zod";
import type { JobDefinition } from "../../jobs/job-types.js";
import { stripeClientFor } from "../stripe/stripe-client.js";
import type { SyncSeatsJob } from "./seat-sync-job-name.js";
import { syncSeatQuantity } from "./sync-seat-quantity.js";

/**
 * The `stripe.sync-seats` queue: "singleton" per account (the job's singletonKey), so two changes of
 * one practice never update Stripe at once; Stripe unreachable, busy (429) or failing (5xx) is
 * retried with backoff for about an hour. Each run sets the count of that moment, so the last run wins.
 */
export const syncSeatsJob: JobDefinition<SyncSeatsJob> = {
  rules: { policy: "singleton", retryLimit: 8, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 120 },
  payload: z.object({ accountId: z.number().int(), changeId: z.string() }),
  run: async (data, { db, log, config }) => {
    const stripe = stripeClientFor(config);
    if (!stripe) {
      log.warn({ accountId: data.accountId }, "seat quantity not synced: STRIPE_SECRET_KEY is not set");
      return;
    }
    const outcome = await syncSeatQuantity(db, stripe, data);
    log.info({ accountId: data.accountId, changeId: data.changeId, outcome }, "stripe seat quantity synced");
  },
};
