import type Stripe from "stripe";
import { stripeFailure } from "./stripe-errors.js";

/**
 * A Stripe customer for an account that has none yet (it signed up on the card-free trial). The
 * key names the account, so a double click or the SDK's own retry makes one customer, not two;
 * `metadata.accountId` lets a person find the account from Stripe's Dashboard.
 */
export async function createAccountCustomer(
  stripe: Stripe,
  options: { accountId: number; email: string; name: string | null; idempotencyKey: string },
): Promise<string> {
  try {
    const customer = await stripe.customers.create(
      {
        email: options.email,
        ...(options.name ? { name: options.name } : {}),
        metadata: { accountId: String(options.accountId) },
      },
      { idempotencyKey: options.idempotencyKey },
    );
    return customer.id;
  } catch (error) {
    throw stripeFailure(error, "create the customer");
  }
}

export type SubscriptionCheckout = {
  accountId: number;
  customerId: string;
  priceId: string;
  /** Seats: the member count on the Team plan, 1 on Individual (core/team-seats.ts seatQuantity). */
  quantity: number;
  successUrl: string;
  cancelUrl: string;
  /** One key per account and attempt: a double submit opens the same session, a later attempt a new one. */
  idempotencyKey: string;
};

/**
 * A Stripe Checkout Session in subscription mode (POST /v1/checkout/sessions): Stripe hosts the
 * card form and creates the subscription for `customerId` once the card is paid, then sends the
 * browser to `successUrl`. The account itself learns of it only from Stripe's webhook
 * (customer.subscription.created, found by the customer id), never from the browser's return.
 * `client_reference_id` names the account for Stripe's Dashboard and reconciliation.
 */
export async function createSubscriptionCheckout(stripe: Stripe, checkout: SubscriptionCheckout): Promise<string> {
  try {
    const session = await stripe.checkout.sessions.create(
      {
        mode: "subscription",
        customer: checkout.customerId,
        client_reference_id: String(checkout.accountId),
        line_items: [{ price: checkout.priceId, quantity: checkout.quantity }],
        success_url: checkout.successUrl,
        cancel_url: checkout.cancelUrl,
        subscription_data: { metadata: { accountId: String(checkout.accountId) } },
      },
      { idempotencyKey: checkout.idempotencyKey },
    );
    if (!session.url) throw new Error(`Stripe Checkout session ${session.id} came back without a url`);
    return session.url;
  } catch (error) {
    throw stripeFailure(error, "open the checkout page");
  }
}
