import { z } from "zod";
import { BILLING_CYCLES, PLAN_IDS } from "../plans.js";
import { text } from "./common.js";
import { instant } from "./response-fields.js";

/**
 * Settings → Plan & Billing (issue 15 §4): the account's plan, cycle and standing, the Stripe
 * customer portal, and changing plan or cycle. Shared by the server's routes and the tab.
 */

/** GET /api/billing/subscription. */
export const subscriptionJson = z.object({
  plan: z.enum(PLAN_IDS),
  billingCycle: z.enum(BILLING_CYCLES),
  /** Stripe's status (trialing, active, past_due, unpaid, canceled, …); the card-free trial is "trialing". */
  status: text(),
  trialEndsAt: instant.nullable(),
  /** Calendar days left in the account's time zone; 0 once ended; null without a trial. */
  trialDaysLeft: z.number().int().nonnegative().nullable(),
  /** The next payment: the end of the period Stripe last reported. */
  currentPeriodEnd: instant.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** The one rule (core/subscription-standing.ts): may new calls, emails and captures be tracked? */
  canTrack: z.boolean(),
  /** Why not, in the sentence every refusal uses; null while tracking is allowed. */
  trackingMessage: text().nullable(),
  stripeConfigured: z.boolean(),
  /** Stripe's customer portal can be opened (Stripe configured and the account is a Stripe customer). */
  canManage: z.boolean(),
  /** Plan or cycle can be changed now; when not, `changePlanNote` says why. */
  canChangePlan: z.boolean(),
  changePlanNote: text().nullable(),
});
export type SubscriptionJson = z.infer<typeof subscriptionJson>;

/** POST /api/billing/change-plan. */
export const changePlanRequest = z
  .object({
    plan: z.enum(PLAN_IDS, { error: "plan must be individual or team" }),
    billingCycle: z.enum(BILLING_CYCLES, { error: "billingCycle must be monthly or annual" }),
  })
  .strict();
export type ChangePlanRequest = z.infer<typeof changePlanRequest>;

export const changePlanResponse = z.object({
  success: z.literal(true),
  message: text(),
  subscription: subscriptionJson,
});
export type ChangePlanResponse = z.infer<typeof changePlanResponse>;

/** POST /api/billing/portal: a Stripe customer portal session to open. */
export const billingPortalResponse = z.object({ url: text() });
export type BillingPortalResponse = z.infer<typeof billingPortalResponse>;

export const STRIPE_BILLING_NOT_CONFIGURED =
  "Card payments are not configured on this server (STRIPE_SECRET_KEY is not set), so there is no billing portal.";
export const NO_STRIPE_CUSTOMER =
  "This account has no Stripe customer yet, so there is no billing portal. Choose a plan to start one.";
