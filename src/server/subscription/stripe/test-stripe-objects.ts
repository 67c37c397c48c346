import type Stripe from "stripe";
import type { PaymentIntentResponse, StripeTestResponse, TestCustomerResponse } from "../../../core/contracts/stripe.js";
import { STRIPE_NOT_CONFIGURED, type TEST_CURRENCIES } from "../../../core/contracts/stripe.js";
import { formatMoney } from "../../../core/money.js";
import { stripeFailure } from "./stripe-errors.js";

/**
 * The payment test page's three calls: each is one request to
 * Stripe with the deployment's key. Nothing is stored on our side: the objects live in Stripe's
 * (test) account and show up in its Dashboard.
 */

/** GET /v1/account: proves the key works and says which Stripe account it belongs to. */
export async function checkStripeConnection(stripe: Stripe | null): Promise<StripeTestResponse> {
  if (!stripe) return { success: false, configured: false, message: STRIPE_NOT_CONFIGURED };
  let account: Stripe.Account;
  try {
    account = await stripe.accounts.retrieveCurrent();
  } catch (error) {
    // A check's failure is its answer, not an error: the page shows "Connection Failed" with this sentence.
    return { success: false, configured: true, message: stripeFailure(error, "answer the connection check").message };
  }
  return {
    success: true,
    configured: true,
    message: `Connected to Stripe account ${account.id}${account.settings?.dashboard?.display_name ? ` (${account.settings.dashboard.display_name})` : ""}.`,
    details: {
      id: account.id,
      type: account.type ?? null,
      country: account.country ?? null,
      defaultCurrency: account.default_currency ?? null,
      email: account.email ?? null,
      businessProfile: { name: account.business_profile?.name ?? null },
    },
  };
}

export async function createTestPaymentIntent(
  stripe: Stripe,
  input: { amount: number; currency: (typeof TEST_CURRENCIES)[number]; metadata?: Record<string, string> },
): Promise<PaymentIntentResponse> {
  const cents = Math.round(input.amount * 100);
  try {
    const intent = await stripe.paymentIntents.create({
      amount: cents,
      currency: input.currency,
      metadata: { ...input.metadata, source: "minutely-payments-test" },
      automatic_payment_methods: { enabled: true },
    });
    return {
      success: true,
      message: `Payment intent ${intent.id} created for ${formatMoney(intent.amount, intent.currency)}.`,
      paymentIntent: { id: intent.id, amount: intent.amount, currency: intent.currency, status: intent.status },
    };
  } catch (error) {
    throw stripeFailure(error, "create the payment intent");
  }
}

export async function createTestCustomer(
  stripe: Stripe,
  input: { email: string; name: string | null; metadata?: Record<string, string> },
): Promise<TestCustomerResponse> {
  try {
    const customer = await stripe.customers.create({
      email: input.email,
      ...(input.name ? { name: input.name } : {}),
      metadata: { ...input.metadata, source: "minutely-payments-test" },
    });
    return {
      success: true,
      message: `Customer ${customer.id} created for ${customer.email ?? input.email}.`,
      customer: { id: customer.id, email: customer.email ?? null, name: customer.name ?? null },
    };
  } catch (error) {
    throw stripeFailure(error, "create the customer");
  }
}
