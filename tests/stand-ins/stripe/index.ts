import { registerAccount } from "./account.js";
import { registerBillingPortal } from "./billing-portal.js";
import { registerCheckoutSessions } from "./checkout-sessions.js";
import { registerCustomers } from "./customers.js";
import { registerInvoicePreview } from "./invoice-preview.js";
import { registerInvoices } from "./invoices.js";
import { registerPaymentIntents } from "./payment-intents.js";
import { registerPaymentMethods } from "./payment-methods.js";
import { registerPrices, seedPrices } from "./prices.js";
import { StripeStandIn } from "./server.js";
import { registerSetupIntents } from "./setup-intents.js";
import { registerSubscriptions } from "./subscriptions.js";

/**
 * Every resource file registers its routes here (one line each), so a test gets the whole
 * stand-in with `await createStripeStandIn().start()`.
 */
const resources: ((standIn: StripeStandIn) => void)[] = [
  registerCustomers,
  registerPrices,
  registerSubscriptions,
  registerInvoicePreview,
  registerInvoices,
  registerPaymentIntents,
  registerPaymentMethods,
  registerSetupIntents,
  registerAccount,
  registerBillingPortal,
  registerCheckoutSessions,
];

export function createStripeStandIn(options: { secretKey?: string; prices?: Record<string, string | undefined> } = {}): StripeStandIn {
  const standIn = new StripeStandIn(options);
  for (const register of resources) register(standIn);
  if (options.prices) seedPrices(standIn, options.prices);
  return standIn;
}

export { StripeStandIn };
