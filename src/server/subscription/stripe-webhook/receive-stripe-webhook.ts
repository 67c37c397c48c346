import type Stripe from "stripe";
import { AppError } from "../../../core/errors.js";
import type { Database } from "../../db/client.js";
import type { JobQueue } from "../../jobs/job-queue.js";
import { stripeSdk } from "../stripe/stripe-client.js";
import { claimAndQueue } from "../../integrations/webhook-intake.js";
import { type StripeEventJob, stripeEventJob } from "./stripe-events.js";

/**
 * Stripe's own tolerance: a signed delivery older than 5 minutes is refused as a replay. The SDK
 * checks only the age, so a timestamp more than 5 minutes ahead of our clock (a signature made to be
 * replayed for a year) is refused here too.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
export const APPLY_STRIPE_EVENT = "stripe.apply-event";
/** How long a queued event waits for others before this instance's worker is woken (a batch, not a fetch each). */
const APPLY_WAKE_DELAY_MS = 100;

/**
 * The queue is "singleton" per key: events of one Stripe customer are applied one at a time, in
 * the order they were queued; other customers' events run in the same batch. An event without a
 * customer (none that we handle today) is its own key.
 */
export function applyOrderKey(job: StripeEventJob): string {
  return job.customerId ? `customer:${job.customerId}` : job.subscriptionId ? `subscription:${job.subscriptionId}` : `event:${job.eventId}`;
}

export type StripeWebhookAnswer = { received: true; duplicate?: true; ignored?: true };

/**
 * The signature check needs no API key, only the endpoint's signing secret: a static verifier
 * (the SDK's webhooks helper) so the route works with STRIPE_WEBHOOK_SECRET alone.
 */
const webhooks = () => stripeSdk().webhooks;

/** Verifies the raw body with constructEvent; a clear 400 for unsigned, wrongly signed, stale or future-dated deliveries. */
export function verifyStripeEvent(rawBody: string, signature: string | undefined, secret: string, now: Date): Stripe.Event {
  if (!signature) throw new AppError("bad_request", "Missing Stripe-Signature header: only Stripe's signed events are accepted.");
  let event: Stripe.Event;
  try {
    event = webhooks().constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE_SECONDS, undefined, now.getTime());
  } catch (error) {
    const message = (error as Error).message ?? "";
    if (/tolerance/i.test(message)) {
      throw new AppError(
        "bad_request",
        "Stripe signature is too old (more than 5 minutes): the event was refused as a possible replay.",
      );
    }
    throw new AppError("bad_request", "Invalid Stripe signature: the event was not signed with this endpoint's signing secret.");
  }
  // The signature is genuine, so its `t=` is the one Stripe (or whoever holds the secret) signed.
  const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
  if (signedAt * 1000 > now.getTime() + SIGNATURE_TOLERANCE_SECONDS * 1000)
    throw new AppError(
      "bad_request",
      "Stripe signature is dated more than 5 minutes in the future: the event was refused as a possible replay.",
    );
  return event;
}

/**
 * POST /api/webhooks/stripe (docs/subscription.md): verify before parsing anything, then in ONE transaction
 * claim the event id in webhook_events and queue `stripe.apply-event`. A replay finds the claim and
 * changes nothing; a failed transaction claims nothing, so Stripe's retry still counts. The answer
 * goes back as soon as the job is queued: the work (re-reading the subscription) is the job's.
 */
export async function receiveStripeWebhook(
  database: Database,
  jobs: JobQueue | null,
  input: { rawBody: string; signature: string | undefined; secret: string | undefined; now: Date },
): Promise<StripeWebhookAnswer> {
  if (!input.secret) {
    // No endpoint without its secret: a 404 like any unknown webhook URL, saying what to set.
    throw new AppError(
      "not_found",
      "Stripe webhooks are not configured: set STRIPE_WEBHOOK_SECRET to the endpoint's signing secret.",
    );
  }
  const event = verifyStripeEvent(input.rawBody, input.signature, input.secret, input.now);
  const job = stripeEventJob(event);
  if (!job) return { received: true, ignored: true };
  // Without a queue (a test app started without one) the event is refused, not dropped: Stripe retries.
  if (!jobs) throw new AppError("service_unavailable", "The job queue is off, so Stripe events cannot be processed now.");
  // One transaction (integrations/webhook-intake.ts); the worker is woken after the commit, with a
  // short delay so a burst of events goes out in one batch (stripe.apply-event takes 25 at a time).
  const claimed = await claimAndQueue(
    database,
    jobs,
    { provider: "stripe", eventId: event.id, accountId: null, receivedAt: input.now },
    { name: APPLY_STRIPE_EVENT, data: job, options: { singletonKey: applyOrderKey(job) } },
    { wakeDelayMs: APPLY_WAKE_DELAY_MS },
  );
  return claimed ? { received: true } : { received: true, duplicate: true };
}
