import type Stripe from "stripe";
import { stripeFailure } from "./stripe-errors.js";

/**
 * A Stripe customer portal session (POST /v1/billing_portal/sessions): the one place a paying
 * account updates its card, pays an open invoice, switches plan or cancels. Stripe hosts it, so no
 * card number ever reaches this server; the user comes back to `returnUrl`.
 */
export async function createBillingPortalSession(stripe: Stripe, customerId: string, returnUrl: string): Promise<string> {
  try {
    const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return session.url;
  } catch (error) {
    throw stripeFailure(error, "open the billing portal");
  }
}
