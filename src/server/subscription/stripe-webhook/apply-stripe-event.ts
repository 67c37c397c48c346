import { eq, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { accounts } from "../../db/schema/index.js";
import { readAccountSubscription, writeSubscriptionFacts } from "../stripe/sync-subscription.js";
import type { StripeEventJob } from "./stripe-events.js";
import { notifySubscriptionEvent } from "./subscription-notifications.js";

export type ApplyOutcome = "no-account" | "synced" | "canceled" | "stale";

async function findAccount(db: Db, job: StripeEventJob) {
  const matches = [
    job.customerId ? eq(accounts.paymentCustomerId, job.customerId) : undefined,
    job.subscriptionId ? eq(accounts.paymentSubscriptionId, job.subscriptionId) : undefined,
  ].filter((condition) => condition !== undefined);
  if (matches.length === 0) return null;
  const [account] = await db
    .select({ id: accounts.id, subscriptionEventAt: accounts.subscriptionEventAt })
    .from(accounts)
    .where(or(...matches))
    .limit(1);
  return account ?? null;
}

/**
 * The `stripe.apply-event` job (docs/subscription.md). The account is found by Stripe's customer (or
 * subscription) id (an account that subscribed on Stripe Checkout has only its customer id until
 * the first event links the subscription the event names); its state is then Stripe's truth, RE-READ from Stripe (the read and write
 * syncAccountSubscription makes, here in one transaction with the event's other writes), so an event that arrives late or twice writes today's state, never its
 * own old copy. The queue runs one of these at a time (policy "singleton"), so two re-reads of one
 * account cannot land in the wrong order either. Only when Stripe no longer has the subscription
 * does the event's own word count, and then only if it is not older than the newest event applied
 * (`subscription_event_at`). An event for a sign-up that has not finished (no account yet) is
 * dropped: complete-registration reads Stripe itself.
 */
export async function applyStripeEvent(db: Db, stripe: Stripe, config: Config, job: StripeEventJob): Promise<ApplyOutcome> {
  const account = await findAccount(db, job);
  if (!account) return "no-account";
  const eventAt = new Date(job.created * 1000);
  // Stripe first (a network call, outside any transaction), then every write of this event at once.
  // The event's subscription counts for an account that has none yet (a Stripe Checkout payment).
  const facts = await readAccountSubscription(db, stripe, account.id, config.stripe, job.subscriptionId);
  if (!facts) {
    const older = account.subscriptionEventAt !== null && eventAt < account.subscriptionEventAt;
    if (job.type !== "customer.subscription.deleted" || older) return "stale";
  }
  await db.transaction(async (tx) => {
    if (facts) await writeSubscriptionFacts(tx, account.id, facts);
    else
      await tx
        .update(accounts)
        .set({ subscriptionStatus: "canceled", cancelAtPeriodEnd: false })
        .where(eq(accounts.id, account.id));
    await tx
      .update(accounts)
      .set({ subscriptionEventAt: sql`greatest(${accounts.subscriptionEventAt}, ${eventAt.toISOString()}::timestamptz)` })
      .where(eq(accounts.id, account.id));
    await notifySubscriptionEvent(tx, account.id, job.type, job.eventId);
  });
  return facts ? "synced" : "canceled";
}
