import Stripe from "stripe";
import { AppError } from "../../../core/errors.js";
import type { Database } from "../../db/client.js";
import type { JobQueue } from "../../jobs/job-queue.js";
import { withDriverTransaction } from "./driver-transaction.js";
import { type StripeEventJob, stripeEventJob } from "./stripe-events.js";

/** Stripe's own tolerance: a signed delivery older (or newer) than 5 minutes is refused as a replay. */
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

const CLAIM_EVENT = `insert into webhook_events (provider, event_id, account_id) values ('stripe', $1, null)
  on conflict do nothing returning id`;

export type StripeWebhookAnswer = { received: true; duplicate?: true; ignored?: true };

/**
 * The signature check needs no API key, only the endpoint's signing secret: a static verifier
 * (the SDK's webhooks helper) so the route works with STRIPE_WEBHOOK_SECRET alone.
 */
const webhooks = Stripe.webhooks;

/** Verifies the raw body with constructEvent; a clear 400 for unsigned, wrongly signed or stale deliveries. */
export function verifyStripeEvent(rawBody: string, signature: string | undefined, secret: string, now: Date): Stripe.Event {
  if (!signature) throw new AppError("bad_request", "Missing Stripe-Signature header: only Stripe's signed events are accepted.");
  try {
    return webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE_SECONDS, undefined, now.getTime());
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
}

/**
 * POST /api/webhooks/stripe (issue 15 §3): verify before parsing anything, then in ONE transaction
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
  const claimed = await withDriverTransaction(database, async (sql) => {
    const { rows } = await sql.executeSql(CLAIM_EVENT, [event.id]);
    if (rows.length === 0) return false;
    await jobs.boss.send(APPLY_STRIPE_EVENT, job, { db: sql, singletonKey: applyOrderKey(job) });
    return true;
  });
  // Queued inside our transaction, so this instance's worker is woken only now that it is committed;
  // a short delay lets a burst of events go out in one batch (stripe.apply-event takes 25 at a time).
  if (claimed) jobs.wakeSoon(APPLY_STRIPE_EVENT, APPLY_WAKE_DELAY_MS);
  return claimed ? { received: true } : { received: true, duplicate: true };
}
