import type { Config } from "../config.js";
import type { PaymentProvider } from "./payment-provider.js";
import { createTrialProvider } from "./trial-provider.js";

/** Configuration picks the provider: Stripe when its keys are set (a later issue), otherwise the card-free trial. */
export function selectPaymentProvider(_config: Config): PaymentProvider {
  return createTrialProvider();
}
