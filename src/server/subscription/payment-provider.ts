import type { BillingCycle, PlanId } from "../../core/plans.js";

export type StartSubscriptionInput = { email: string; name: string; plan: PlanId; billingCycle: BillingCycle };

export type StartedSubscription = {
  /** "trial": no card needed; "payment": the browser must confirm with clientSecret. */
  mode: "trial" | "payment";
  clientSecret: string | null;
  publishableKey: string | null;
  reference: string | null;
  customerId: string | null;
  /** A trial's setup intent (the card saved for later), kept so completion can check it itself. */
  setupIntentId?: string | null;
};

/** What a pending sign-up remembers of the provider's side. */
export type PendingPayment = { reference: string | null; customerId: string | null; setupIntentId?: string | null };

export type ConfirmedSubscription = {
  status: "trialing" | "active";
  trialEndsAt: Date | null;
  subscriptionId: string | null;
  customerId: string | null;
  /** End of the period paid (or trialled) for, as the provider reports it. */
  currentPeriodEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
};

/**
 * How sign-up is paid for. The trial provider needs no card (docs/decisions.md D4); the Stripe
 * provider (stripe/stripe-provider.ts) creates a subscription and confirms it with Stripe itself,
 * never trusting the browser's word.
 */
export type PaymentProvider = {
  readonly name: string;
  startSubscription(input: StartSubscriptionInput): Promise<StartedSubscription>;
  /** Throws AppError("payment_required") when the provider has not confirmed payment. */
  confirmSubscription(pending: PendingPayment, now: Date): Promise<ConfirmedSubscription>;
};
