import { TRIAL_DAYS } from "../../core/plans.js";
import type { PaymentProvider } from "./payment-provider.js";

/** No card-payment provider configured: every sign-up starts the 14-day free trial without a card. */
export function createTrialProvider(): PaymentProvider {
  return {
    name: "trial",
    async startSubscription() {
      return { mode: "trial", clientSecret: null, publishableKey: null, reference: null, customerId: null };
    },
    async confirmSubscription(_pending, now) {
      return {
        status: "trialing",
        trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * 86_400_000),
        subscriptionId: null,
        customerId: null,
      };
    },
  };
}
