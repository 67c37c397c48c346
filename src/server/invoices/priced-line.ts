import type { BillingType } from "../../core/pricing/rules.js";

/**
 * What every invoice line carries, from the billable snapshot to the PDF row: what was done,
 * how long it took and was billed for, and the rate and amount. Integer seconds and cents.
 */
export type PricedLine = {
  kind: "call" | "email";
  description: string;
  durationSeconds: number;
  billedSeconds: number;
  rateCents: number;
  billingType: BillingType;
  amountCents: number;
};
