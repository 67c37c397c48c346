import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import { AppError } from "../../../core/errors.js";
import type { Config } from "../../config.js";
import type { ConfirmedSubscription, PaymentProvider, StartedSubscription } from "../payment-provider.js";
import { callStripe } from "./stripe-errors.js";
import { priceIdFor } from "./stripe-prices.js";
import { subscriptionFacts } from "./subscription-facts.js";
import { confirmTrialCard, PAYMENT_NOT_COMPLETED } from "./trial-card.js";

export { CARD_NOT_SAVED, PAYMENT_NEEDS_AUTHENTICATION, PAYMENT_NOT_COMPLETED } from "./trial-card.js";

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** The secret the browser's Payment Element confirms: the first invoice's, or the trial's setup intent. */
function clientSecretOf(subscription: Stripe.Subscription): string | null {
  const invoice = typeof subscription.latest_invoice === "object" ? subscription.latest_invoice : null;
  const fromInvoice = invoice?.confirmation_secret?.client_secret;
  if (fromInvoice) return fromInvoice;
  const setup = typeof subscription.pending_setup_intent === "object" ? subscription.pending_setup_intent : null;
  return setup?.client_secret ?? null;
}

/**
 * Sign-up paid with Stripe (docs/subscription.md). startSubscription makes a customer and an incomplete
 * subscription whose first invoice (or, with a trial, a setup intent) the browser confirms with
 * the Payment Element. confirmSubscription is the server's own check at complete-registration:
 * it re-reads the subscription from Stripe and lets the account in only when Stripe says it is
 * active, or trialing with a card the server checked itself (trial-card.ts). The browser's word is
 * never enough (docs/decisions.md D4).
 *
 * Trial: the plan catalogue gives every plan a 14-day trial and the landing page promises it, so by
 * default the subscription trials 14 days (STRIPE_TRIAL_DAYS) and the payment step saves the card
 * through a setup intent; STRIPE_TRIAL_DAYS=0 charges the first period at sign-up.
 */
export function createStripeProvider(config: Config, stripe: Stripe): PaymentProvider {
  const trialDays = config.stripe.trialDays ?? 14;
  return {
    name: "stripe",

    async startSubscription(input): Promise<StartedSubscription> {
      const price = priceIdFor(config, input.plan, input.billingCycle);
      if (!price)
        throw new AppError("service_unavailable", "This plan cannot be bought yet: its Stripe price is not configured.");
      // One key per sign-up attempt: the SDK's own retries (and a dropped answer) replay the same
      // request instead of making a second customer or subscription.
      const attempt = randomUUID();
      const customer = await callStripe(() =>
        stripe.customers.create(
          { email: input.email, name: input.name, metadata: { signup: attempt } },
          { idempotencyKey: `signup-${attempt}-customer` },
        ),
      );
      const subscription = await callStripe(() =>
        stripe.subscriptions.create(
          {
            customer: customer.id,
            items: [{ price }],
            payment_behavior: "default_incomplete",
            payment_settings: { save_default_payment_method: "on_subscription" },
            expand: ["latest_invoice.confirmation_secret", "pending_setup_intent"],
            ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
            metadata: { plan: input.plan, billingCycle: input.billingCycle },
          },
          { idempotencyKey: `signup-${attempt}-subscription` },
        ),
      );
      const clientSecret = clientSecretOf(subscription);
      if (!clientSecret) throw new AppError("bad_gateway", "Stripe did not return a payment to confirm. Please try again.");
      return {
        mode: "payment",
        clientSecret,
        publishableKey: config.stripe.publishableKey ?? null,
        reference: subscription.id,
        customerId: customer.id,
        setupIntentId: idOf(subscription.pending_setup_intent),
      };
    },

    async confirmSubscription(pending): Promise<ConfirmedSubscription> {
      if (!pending.reference) throw new AppError("payment_required", PAYMENT_NOT_COMPLETED);
      const subscription = await callStripe(() =>
        stripe.subscriptions.retrieve(pending.reference!, { expand: ["latest_invoice", "pending_setup_intent"] }),
      );
      // The subscription must be the one this sign-up started (its customer too).
      if (pending.customerId && idOf(subscription.customer) !== pending.customerId) {
        throw new AppError("payment_required", PAYMENT_NOT_COMPLETED);
      }
      const facts = subscriptionFacts(config.stripe, subscription);
      if (facts.status === "trialing") {
        // Decided from what the server reads itself, not from Stripe having set a default (docs/subscription.md).
        await confirmTrialCard(stripe, {
          subscription,
          customerId: idOf(subscription.customer) ?? "",
          setupIntentId: pending.setupIntentId ?? null,
        });
      } else if (facts.status !== "active") {
        throw new AppError("payment_required", PAYMENT_NOT_COMPLETED);
      }
      return {
        status: facts.status,
        trialEndsAt: facts.trialEndsAt,
        subscriptionId: facts.subscriptionId,
        customerId: facts.customerId,
        currentPeriodEnd: facts.currentPeriodEnd,
        cancelAtPeriodEnd: facts.cancelAtPeriodEnd,
      };
    },
  };
}
