import type { BillingType } from "../pricing/rules.js";
import { centsToE4, extendedAmountE4 } from "./decimal.js";

/** What the pricing engine decided for one invoice line: billed time, rate, type and amount. */
export type PricedItem = { billedSeconds: number; rateCents: number; billingType: BillingType; amountCents: number };

/** A line's numbers as LEDES states them, in ten-thousandths. */
export type LedesLineAmounts = { unitsE4: bigint; unitCostE4: bigint; adjustmentE4: bigint; totalE4: bigint };

/**
 * A priced line in LEDES terms (docs/ledes.md "Amounts"). Time is billed in hours: units are the
 * billed hours to 4 decimals (LEDES' limit) and the unit cost the hourly rate (a per-minute rate
 * × 60); a flat per-call fee is 1 unit at the fee. LINE_ITEM_TOTAL is always the pricing engine's
 * amount, and LINE_ITEM_ADJUSTMENT_AMOUNT carries whatever units × cost (rounded to the cent)
 * misses of it, e.g. −0.01 for 7 minutes at 150.00/hour (0.1167 h × 150.00 = 17.51, billed 17.50).
 * So units × cost + adjustment = total holds exactly on every line.
 */
export function ledesLineAmounts(item: PricedItem): LedesLineAmounts {
  const unitsE4 = item.billingType === "call" ? 10_000n : hoursE4(item.billedSeconds);
  const unitCostE4 = centsToE4(item.billingType === "minute" ? item.rateCents * 60 : item.rateCents);
  const totalE4 = centsToE4(item.amountCents);
  const adjustmentE4 = totalE4 - extendedAmountE4(unitsE4, unitCostE4);
  return { unitsE4, unitCostE4, adjustmentE4, totalE4 };
}

/** Billed seconds as hours in ten-thousandths, rounded half up (billed time is whole minutes, so at most 1/3 of the last digit is lost). */
export function hoursE4(seconds: number): bigint {
  const scaled = BigInt(seconds) * 10_000n;
  return scaled / 3600n + ((scaled % 3600n) * 2n >= 3600n ? 1n : 0n);
}
