import { divideHalfUp } from "../pricing/price.js";
import type { BillingType } from "../pricing/rules.js";

/**
 * What raw time is worth before rounding and minimums (the funnel's "captured" money): time-priced
 * work at its rate for exactly the seconds spent, half up to the cent once per group; a flat call
 * costs its rate. Integer cents, the pricing engine's own division.
 */
export function rawValueCents(group: { rawSeconds: number; rateCents: number; billingType: BillingType; items: number }): number {
  if (group.billingType === "call") return group.items * group.rateCents;
  return divideHalfUp(group.rawSeconds * group.rateCents, group.billingType === "minute" ? 60 : 3600);
}
