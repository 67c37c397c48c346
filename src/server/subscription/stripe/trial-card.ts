import type Stripe from "stripe";
import { AppError } from "../../../core/errors.js";
import { callStripe } from "./stripe-errors.js";

export const PAYMENT_NOT_COMPLETED =
  "Your payment has not been completed yet. Please finish the payment step (or use another card) and try again.";
export const PAYMENT_NEEDS_AUTHENTICATION =
  "Your bank asked you to authenticate this payment. Please complete the authentication and try again.";
export const CARD_NOT_SAVED = "Your card has not been saved yet. Please enter your card details and try again.";

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/**
 * A trialing sign-up's card, decided from what the server reads itself (docs/subscription.md).
 * Stripe documents `save_default_payment_method: on_subscription` as taking effect "when payment
 * succeeds"; it does not say that a succeeded `pending_setup_intent` sets the subscription's
 * `default_payment_method`, and once that intent succeeds the subscription may no longer name it. So
 * the sign-up keeps the setup intent's id from the start, and here:
 *
 * 1. the setup intent must be this customer's and have succeeded (requires_action: authenticate first);
 * 2. its payment method must be attached to this customer;
 * 3. that payment method becomes the subscription's `default_payment_method` and the customer's
 *    `invoice_settings.default_payment_method`, each written only when not already so, with an
 *    Idempotency-Key derived from the ids, so a retried completion writes the same thing once.
 *
 * Returns the payment method id. Whether Stripe set the default by itself or not, the account ends
 * the same: a trial whose renewal has a card to charge.
 */
export async function confirmTrialCard(
  stripe: Stripe,
  input: { subscription: Stripe.Subscription; customerId: string; setupIntentId: string | null },
): Promise<string> {
  const setupIntentId = input.setupIntentId ?? idOf(input.subscription.pending_setup_intent);
  if (!setupIntentId) {
    // No setup intent to check: only a default Stripe itself reports, on this customer's card, counts.
    const existing = idOf(input.subscription.default_payment_method);
    if (!existing) throw new AppError("payment_required", CARD_NOT_SAVED);
    await requireOwnPaymentMethod(stripe, existing, input.customerId);
    return existing;
  }
  const setup = await callStripe(() => stripe.setupIntents.retrieve(setupIntentId), "read the saved card");
  if (idOf(setup.customer) !== input.customerId) throw new AppError("payment_required", PAYMENT_NOT_COMPLETED);
  if (setup.status === "requires_action") throw new AppError("payment_required", PAYMENT_NEEDS_AUTHENTICATION);
  const paymentMethodId = idOf(setup.payment_method);
  if (setup.status !== "succeeded" || !paymentMethodId) throw new AppError("payment_required", CARD_NOT_SAVED);
  await requireOwnPaymentMethod(stripe, paymentMethodId, input.customerId);

  const subscriptionId = input.subscription.id;
  if (idOf(input.subscription.default_payment_method) !== paymentMethodId) {
    await callStripe(
      () =>
        stripe.subscriptions.update(
          subscriptionId,
          { default_payment_method: paymentMethodId },
          { idempotencyKey: `signup-default-pm-${subscriptionId}-${paymentMethodId}` },
        ),
      "save the card on the subscription",
    );
  }
  const customer = await callStripe(() => stripe.customers.retrieve(input.customerId), "read the customer");
  const customerDefault =
    "deleted" in customer && customer.deleted ? null : idOf(customer.invoice_settings?.default_payment_method);
  if (customerDefault !== paymentMethodId) {
    await callStripe(
      () =>
        stripe.customers.update(
          input.customerId,
          { invoice_settings: { default_payment_method: paymentMethodId } },
          { idempotencyKey: `signup-default-pm-${input.customerId}-${paymentMethodId}` },
        ),
      "save the card on the customer",
    );
  }
  return paymentMethodId;
}

/** The card must be attached to the sign-up's own customer (a setup intent with a customer attaches it on success). */
async function requireOwnPaymentMethod(stripe: Stripe, paymentMethodId: string, customerId: string): Promise<void> {
  const method = await callStripe(() => stripe.paymentMethods.retrieve(paymentMethodId), "read the saved card");
  if (idOf(method.customer) !== customerId) throw new AppError("payment_required", CARD_NOT_SAVED);
}
