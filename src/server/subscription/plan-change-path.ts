import type Stripe from "stripe";
import { SUBSCRIBE_WITH_CARD_NOTE } from "../../core/contracts/subscription.js";
import { trackingRefusal } from "../../core/subscription-standing.js";
import type { AccountRow } from "../auth/sessions.js";
import { hasLiveSubscription } from "./live-subscription.js";

/**
 * How this account's plan or cycle can change now, the one rule behind both the tab's button and
 * POST /api/billing/change-plan:
 * - "stripe": the account has a live Stripe subscription and Stripe is configured → Stripe changes
 *   it (with proration) and the account follows Stripe's answer;
 * - "local": a card-free trial still running → only the account row changes (nothing is charged);
 * - "refused": anything else, with the sentence that says why and what to do (with Stripe: start a
 *   subscription on Stripe Checkout, POST /api/billing/checkout).
 */
export type PlanChangePath =
  | { kind: "stripe"; stripe: Stripe; subscriptionId: string }
  | { kind: "local" }
  | { kind: "refused"; message: string };

export function planChangePath(account: AccountRow, stripe: Stripe | null, now: Date): PlanChangePath {
  if (stripe && account.paymentSubscriptionId && hasLiveSubscription(account))
    return { kind: "stripe", stripe, subscriptionId: account.paymentSubscriptionId };
  if (account.subscriptionStatus === "trialing" && trackingRefusal(account, now) === null) return { kind: "local" };
  return {
    kind: "refused",
    message: stripe
      ? SUBSCRIBE_WITH_CARD_NOTE
      : "Your trial has ended, and card payments are not configured on this server (STRIPE_SECRET_KEY), so the plan cannot be changed here.",
  };
}
