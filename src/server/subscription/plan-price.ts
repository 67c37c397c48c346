import type { ChangePlanRequest } from "../../core/contracts/subscription.js";
import { AppError } from "../../core/errors.js";
import { getPlan } from "../../core/plans.js";
import type { Config } from "../config.js";
import { priceIdFor } from "./stripe/stripe-prices.js";

/** "Team (annual)": how answers name a plan and cycle. */
export const describePlanChoice = (choice: ChangePlanRequest) => `${getPlan(choice.plan).name} (${choice.billingCycle})`;

/** The Stripe price sold for this plan and cycle, or a 409 naming the STRIPE_PRICE_* variable to set. */
export function requirePriceId(config: Config, choice: ChangePlanRequest): string {
  const priceId = priceIdFor(config, choice.plan, choice.billingCycle);
  if (priceId) return priceId;
  const variable = `STRIPE_PRICE_${choice.plan.toUpperCase()}_${choice.billingCycle.toUpperCase()}`;
  throw new AppError("conflict", `${describePlanChoice(choice)} cannot be bought on this server yet: ${variable} is not set.`);
}
