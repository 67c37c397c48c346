import { z } from "zod";
import { BILLING_TYPES } from "./auth.js";
import { count, money } from "./response-fields.js";

/**
 * What a priced record (a call, an invoice line) answers with, declared once so the two cannot drift.
 * Spread it, or take single fields where a schema keeps its own key order (the order of the answer).
 */
export const pricedFields = {
  duration: count.describe("Raw seconds"),
  billedDuration: count.describe("Seconds billed after minimum and rounding"),
  rate: money,
  billingType: z.enum(BILLING_TYPES),
  amount: money,
};
