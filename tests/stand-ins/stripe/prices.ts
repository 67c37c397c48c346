import { getPlan, type BillingCycle, type PlanId } from "../../../src/core/plans.js";
import { missing, ok, type StripeObject, type StripeStandIn } from "./server.js";

/**
 * Recurring prices seeded from the test's configuration (config.stripe.prices: "plan:cycle" →
 * price id), with the catalogue's amounts: monthly prices per month, annual ones per year.
 */
export function seedPrices(standIn: StripeStandIn, prices: Record<string, string | undefined>): void {
  for (const [key, id] of Object.entries(prices)) {
    if (!id) continue;
    const [plan, cycle] = key.split(":") as [PlanId, BillingCycle];
    const catalogue = getPlan(plan);
    standIn.put({
      id,
      object: "price",
      created: standIn.now(),
      active: true,
      currency: "usd",
      unit_amount: cycle === "annual" ? catalogue.annualPriceCents * 12 : catalogue.monthlyPriceCents,
      recurring: { interval: cycle === "annual" ? "year" : "month", interval_count: 1 },
      product: `prod_${plan}`,
      lookup_key: key,
      type: "recurring",
      livemode: false,
    });
  }
}

/** Seconds in one billing period of a price (30 days a month, 365 a year: enough for tests). */
export function periodSeconds(price: StripeObject): number {
  const interval = (price.recurring as { interval?: string } | undefined)?.interval;
  return (interval === "year" ? 365 : 30) * 86_400;
}

export function registerPrices(standIn: StripeStandIn): void {
  standIn.on("GET", "/v1/prices/:id", (request, s) => {
    const price = s.get(request.params.id!);
    return price?.object === "price" ? ok(price) : missing(request.params.id!);
  });
}
