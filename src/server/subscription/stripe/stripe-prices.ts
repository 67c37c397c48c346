import { BILLING_CYCLES, type BillingCycle, PLAN_IDS, type PlanId } from "../../../core/plans.js";
import type { Config } from "../../config.js";

/** The configuration key of a plan and cycle: "individual:monthly" (config.ts STRIPE_PRICE_*). */
export const priceKey = (plan: PlanId, cycle: BillingCycle) => `${plan}:${cycle}`;

/** The Stripe price id configured for a plan and cycle, or null when that variable is unset. */
export function priceIdFor(config: Config, plan: PlanId, cycle: BillingCycle): string | null {
  return config.stripe.prices[priceKey(plan, cycle)] || null;
}

/**
 * The plan and cycle a Stripe price id stands for (the reverse of the STRIPE_PRICE_* variables),
 * or null for a price this deployment does not sell (changed in the Dashboard): the account then
 * keeps its plan rather than guessing.
 */
export function planForPrice(
  settings: Config["stripe"],
  priceId: string | null | undefined,
): { plan: PlanId; billingCycle: BillingCycle } | null {
  if (!priceId) return null;
  for (const plan of PLAN_IDS) {
    for (const billingCycle of BILLING_CYCLES) {
      if (settings.prices[priceKey(plan, billingCycle)] === priceId) return { plan, billingCycle };
    }
  }
  return null;
}

/**
 * Stripe takes sign-up payments only when it is fully configured: the secret key (server), the
 * publishable key (the browser's Payment Element) and a price for every plan and cycle the plan
 * step offers. Anything less keeps the card-free trial (docs/decisions.md D4), so a half-set
 * deployment never shows a payment step it cannot finish.
 */
export function stripeSignUpConfigured(config: Config): boolean {
  const { secretKey, publishableKey } = config.stripe;
  if (!secretKey || !publishableKey) return false;
  return PLAN_IDS.every((plan) => BILLING_CYCLES.every((cycle) => priceIdFor(config, plan, cycle) !== null));
}

/** The variables still to set, for messages that say what to do. */
export function missingStripeSettings(config: Config): string[] {
  const missing: string[] = [];
  if (!config.stripe.secretKey) missing.push("STRIPE_SECRET_KEY");
  if (!config.stripe.publishableKey) missing.push("STRIPE_PUBLISHABLE_KEY");
  for (const plan of PLAN_IDS) {
    for (const cycle of BILLING_CYCLES) {
      if (!priceIdFor(config, plan, cycle)) missing.push(`STRIPE_PRICE_${plan.toUpperCase()}_${cycle.toUpperCase()}`);
    }
  }
  return missing;
}
