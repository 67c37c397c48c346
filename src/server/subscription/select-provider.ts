import type { Config } from "../config.js";
import type { PaymentProvider } from "./payment-provider.js";
import { stripeClientFor } from "./stripe/stripe-client.js";
import { stripeSignUpConfigured } from "./stripe/stripe-prices.js";
import { createStripeProvider } from "./stripe/stripe-provider.js";
import { createTrialProvider } from "./trial-provider.js";

/**
 * Configuration picks the provider: Stripe when its secret and publishable keys and every plan's
 * price are set (stripe/stripe-prices.ts), otherwise the card-free 14-day trial (docs/decisions.md D4).
 */
export function selectPaymentProvider(config: Config): PaymentProvider {
  const stripe = stripeSignUpConfigured(config) ? stripeClientFor(config) : null;
  return stripe ? createStripeProvider(config, stripe) : createTrialProvider();
}
