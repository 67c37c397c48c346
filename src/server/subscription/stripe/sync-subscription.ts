import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { accounts } from "../../db/schema/index.js";
import { stripeSettingsOf } from "./stripe-client.js";
import { ENDED_STATUSES, type SubscriptionFacts, subscriptionFacts } from "./subscription-facts.js";

export type SyncedSubscription = SubscriptionFacts & { accountId: number };

/** Asks Stripe for the subscription; null when Stripe no longer has it (resource_missing). */
export async function retrieveSubscription(stripe: Stripe, subscriptionId: string): Promise<Stripe.Subscription | null> {
  try {
    return await stripe.subscriptions.retrieve(subscriptionId);
  } catch (error) {
    if ((error as { code?: string }).code === "resource_missing") return null;
    throw error;
  }
}

/** Writes what Stripe says onto the account (plan and cycle only when the price is one we sell). */
export async function writeSubscriptionFacts(db: Db, accountId: number, facts: SubscriptionFacts): Promise<void> {
  await db
    .update(accounts)
    .set({
      ...(facts.plan && facts.billingCycle ? { plan: facts.plan, billingCycle: facts.billingCycle } : {}),
      subscriptionStatus: facts.status,
      paymentCustomerId: facts.customerId || undefined,
      paymentSubscriptionId: facts.subscriptionId,
      currentPeriodEnd: facts.currentPeriodEnd,
      cancelAtPeriodEnd: facts.cancelAtPeriodEnd,
      trialEndsAt: facts.trialEndsAt,
    })
    .where(eq(accounts.id, accountId));
}

/**
 * Re-reads the account's subscription from Stripe and writes Stripe's truth onto the account:
 * plan and billing_cycle (from the price id, STRIPE_PRICE_*), subscription_status (Stripe's own
 * status), current_period_end, cancel_at_period_end, trial_ends_at. Reading the subscription
 * itself rather than trusting an event's copy is what keeps an old event from overwriting newer
 * state. Returns what was written, or null when the account has no Stripe subscription or Stripe
 * no longer knows it (the caller decides; see stripe-webhook/apply-stripe-event.ts).
 *
 * Used by the webhook job and by Settings → Plan & Billing after a plan change or the portal.
 * `now` is accepted for callers that stamp when they synced; Stripe's answer carries its own times.
 * The price → plan mapping comes from the configuration the client was built with
 * (stripeClientFor); a hand-made client passes `settings`.
 */
export async function syncAccountSubscription(
  db: Db,
  stripe: Stripe,
  accountId: number,
  now: Date,
  settings: Config["stripe"] | undefined = stripeSettingsOf(stripe),
): Promise<SyncedSubscription | null> {
  void now;
  const facts = await readAccountSubscription(db, stripe, accountId, settings);
  if (!facts) return null;
  await writeSubscriptionFacts(db, accountId, facts);
  return { ...facts, accountId };
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/**
 * What Stripe says of the account's subscription now (null: no Stripe subscription, or Stripe no
 * longer has it). `eventSubscriptionId` is the subscription a webhook event names: an account that
 * has none yet (it subscribed on Stripe Checkout, so only its customer id was stored), or whose own
 * has ended, takes that one, provided Stripe says it belongs to the account's own customer. An
 * account with a live subscription always reads its own, whatever the event names.
 */
export async function readAccountSubscription(
  db: Db,
  stripe: Stripe,
  accountId: number,
  settings: Config["stripe"] | undefined = stripeSettingsOf(stripe),
  eventSubscriptionId: string | null = null,
): Promise<SubscriptionFacts | null> {
  if (!settings) throw new Error("readAccountSubscription: pass the Stripe settings for a client not made by stripeClientFor");
  const [account] = await db
    .select({
      subscriptionId: accounts.paymentSubscriptionId,
      customerId: accounts.paymentCustomerId,
      status: accounts.subscriptionStatus,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!account) return null;
  const ownEnded = !account.subscriptionId || ENDED_STATUSES.includes(account.status);
  if (eventSubscriptionId && eventSubscriptionId !== account.subscriptionId && ownEnded && account.customerId) {
    const named = await retrieveSubscription(stripe, eventSubscriptionId);
    if (named && idOf(named.customer) === account.customerId) {
      const facts = subscriptionFacts(settings, named);
      // A new subscription replaces an ended one only while it is not over itself.
      if (!account.subscriptionId || !ENDED_STATUSES.includes(facts.status)) return facts;
    }
  }
  if (!account.subscriptionId) return null;
  const subscription = await retrieveSubscription(stripe, account.subscriptionId);
  return subscription ? subscriptionFacts(settings, subscription) : null;
}
