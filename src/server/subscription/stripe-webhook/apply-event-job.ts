import { z } from "zod";
import type { JobDefinition } from "../../jobs/job-types.js";
import { stripeClientFor } from "../stripe/stripe-client.js";
import { applyStripeEvent } from "./apply-stripe-event.js";
import { HANDLED_STRIPE_EVENTS, type StripeEventJob } from "./stripe-events.js";

/**
 * The `stripe.apply-event` queue (docs/subscription.md). "singleton" per Stripe customer (the job's
 * singletonKey, receive-stripe-webhook.ts `applyOrderKey`): one event of a customer applied at a
 * time in the whole cluster, so two re-reads of Stripe never write one account in the wrong order,
 * while other customers' events share a batch of 25 (one fetch and one completion for all of them:
 * the webhook's instance spends less of its database on the queue, docs/performance.md). A failure
 * (Stripe unreachable) is retried with backoff, up to about an hour; the event's claim in
 * webhook_events stays, and re-reading makes a late run correct anyway.
 */
export const applyStripeEventJob: JobDefinition<StripeEventJob> = {
  rules: { policy: "singleton", retryLimit: 8, retryDelaySeconds: 15, retryBackoff: true, expireInSeconds: 120 },
  payload: z.object({
    eventId: z.string(),
    type: z.enum(HANDLED_STRIPE_EVENTS),
    objectId: z.string(),
    customerId: z.string().nullable(),
    subscriptionId: z.string().nullable(),
    created: z.number(),
  }),
  batchSize: 25,
  run: async (data, { db, log, config }) => {
    const stripe = stripeClientFor(config);
    if (!stripe) {
      log.warn({ eventId: data.eventId }, "stripe event %s not applied: STRIPE_SECRET_KEY is not set", data.type);
      return;
    }
    const outcome = await applyStripeEvent(db, stripe, config, data);
    log.info({ eventId: data.eventId, outcome }, "stripe event %s applied", data.type);
  },
};
