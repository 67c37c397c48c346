import type { BillingCycle, PlanId } from "../../core/plans.js";

export type StartSubscriptionInput = { email: string; name: string; plan: PlanId; billingCycle: BillingCycle };

export type StartedSubscription = {
  /** "trial": no card needed; "payment": the browser must confirm with clientSecret. */
  mode: "trial" | "payment";
  clientSecret: string | null;
  publishableKey: string | null;
  reference: string | null;
  customerId: string | null;
};

export type ConfirmedSubscription = {
  status: "trialing" | "active";
  trialEndsAt: Date | null;
  subscriptionId: string | null;
  customerId: string | null;
};

/**
 * How sign-up is paid for. The trial provider needs no card (docs/decisions.md D4); the Stripe
 * provider (a later issue) creates a subscription and confirms it with Stripe itself,
 * never trusting the browser's word.
 */
export type PaymentProvider = {
  readonly name: string;
  startSubscription(input: StartSubscriptionInput): Promise<StartedSubscription>;
  /** Throws AppError("payment_required") when the provider has not confirmed payment. */
  confirmSubscription(pending: { reference: string | null; customerId: string | null }, now: Date): Promise<ConfirmedSubscription>;
};
