import type { SubscriptionJson } from "../../core/contracts/subscription.js";
import { BILLING_CYCLES, type BillingCycle, PLAN_IDS, type PlanId } from "../../core/plans.js";
import { trackingRefusal, trialDaysLeft } from "../../core/subscription-standing.js";
import type { AccountRow } from "../auth/sessions.js";
import type Stripe from "stripe";
import { hasLiveSubscription } from "./live-subscription.js";
import { planChangePath } from "./plan-change-path.js";

const asPlan = (value: string): PlanId => ((PLAN_IDS as readonly string[]).includes(value) ? (value as PlanId) : "individual");
const asCycle = (value: string): BillingCycle =>
  (BILLING_CYCLES as readonly string[]).includes(value) ? (value as BillingCycle) : "monthly";

/** The account's plan and standing as Settings → Plan & Billing and the app shell's banner read it. */
export function presentSubscription(account: AccountRow, stripe: Stripe | null, now: Date): SubscriptionJson {
  const refusal = trackingRefusal(account, now);
  const path = planChangePath(account, stripe, now);
  return {
    plan: asPlan(account.plan),
    billingCycle: asCycle(account.billingCycle),
    status: account.subscriptionStatus,
    trialEndsAt: account.subscriptionStatus === "trialing" ? (account.trialEndsAt?.toISOString() ?? null) : null,
    trialDaysLeft: account.subscriptionStatus === "trialing" ? trialDaysLeft(account.trialEndsAt, now, account.timezone) : null,
    currentPeriodEnd: account.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: account.cancelAtPeriodEnd,
    canTrack: refusal === null,
    trackingMessage: refusal,
    stripeConfigured: stripe !== null,
    canManage: stripe !== null && Boolean(account.paymentCustomerId),
    canChangePlan: path.kind !== "refused",
    changePlanNote: path.kind === "refused" ? path.message : null,
    canCheckout: stripe !== null && !hasLiveSubscription(account),
  };
}
