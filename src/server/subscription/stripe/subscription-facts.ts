import type Stripe from "stripe";
import type { BillingCycle, PlanId } from "../../../core/plans.js";
import type { Config } from "../../config.js";
import { planForPrice } from "./stripe-prices.js";

/** Stripe's subscription statuses, stored as they are in accounts.subscription_status. */
export const SUBSCRIPTION_STATUSES = [
  "trialing",
  "active",
  "past_due",
  "unpaid",
  "canceled",
  "incomplete",
  "incomplete_expired",
  "paused",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** What the account keeps of a Stripe subscription. */
export type SubscriptionFacts = {
  subscriptionId: string;
  customerId: string;
  status: SubscriptionStatus;
  /** Null when the price is not one of this deployment's STRIPE_PRICE_* (the account keeps its plan). */
  plan: PlanId | null;
  billingCycle: BillingCycle | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  trialEndsAt: Date | null;
};

const fromUnix = (seconds: number | null | undefined) => (typeof seconds === "number" ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

function knownStatus(status: string): SubscriptionStatus {
  // A status Stripe adds later is treated like one that does not let the account work until understood.
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status) ? (status as SubscriptionStatus) : "incomplete";
}

/**
 * The account's view of a subscription. Since API 2025-03-31 the billing period lives on the
 * subscription's items, not on the subscription; a subscription has one item here (one plan).
 */
export function subscriptionFacts(settings: Config["stripe"], subscription: Stripe.Subscription): SubscriptionFacts {
  const item = subscription.items?.data?.[0];
  const mapped = planForPrice(settings, item?.price?.id);
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer) ?? "",
    status: knownStatus(subscription.status),
    plan: mapped?.plan ?? null,
    billingCycle: mapped?.billingCycle ?? null,
    currentPeriodEnd: fromUnix(item?.current_period_end),
    cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end),
    trialEndsAt: fromUnix(subscription.trial_end),
  };
}

/** Statuses in which the account may track new work (the other helper's gating reads the same list). */
export const WORKING_STATUSES: readonly SubscriptionStatus[] = ["trialing", "active"];

/**
 * Statuses after which a subscription is over for good: Stripe will not charge or change it again,
 * so the account pays again with a new subscription (Stripe Checkout), not a plan change.
 */
export const ENDED_STATUSES: readonly string[] = ["canceled", "incomplete_expired"];
