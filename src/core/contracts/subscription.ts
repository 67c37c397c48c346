import { z } from "zod";
import { BILLING_CYCLES, PLAN_IDS } from "../plans.js";
import { text } from "./common.js";
import { count, instant, money } from "./response-fields.js";

/**
 * Settings → Plan & Billing: the account's plan, cycle and standing, the Stripe
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
  /** A card subscription can be started with Stripe Checkout: Stripe configured and no live Stripe subscription. */
  canCheckout: z.boolean(),
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

/**
 * POST /api/billing/checkout: start a card subscription on Stripe Checkout (an account whose
 * card-free trial ended, or whose subscription ended). Plan and cycle default to the account's own.
 */
export const checkoutRequest = z
  .object({
    plan: z.enum(PLAN_IDS, { error: "plan must be individual or team" }).optional(),
    billingCycle: z.enum(BILLING_CYCLES, { error: "billingCycle must be monthly or annual" }).optional(),
  })
  .strict();
export type CheckoutRequest = z.infer<typeof checkoutRequest>;

/** The Stripe Checkout page to send the browser to. */
export const checkoutResponse = z.object({ url: text() });
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

export const STRIPE_BILLING_NOT_CONFIGURED =
  "Card payments are not configured on this server (STRIPE_SECRET_KEY is not set), so there is no billing portal or card checkout.";
export const NO_STRIPE_CUSTOMER =
  "This account has no Stripe customer yet, so there is no billing portal. Choose a plan to start one.";
export const SUBSCRIPTION_ALREADY_LIVE =
  "This account already has a Stripe subscription. Use Change plan, or Manage billing to update the card.";
/** Where the account's plan-change note points when the way on is Checkout. */
export const SUBSCRIBE_WITH_CARD_NOTE =
  "This account has no active Stripe subscription to change. Use “Subscribe with a card” to start one; you can change plan afterwards.";

/**
 * GET /api/billing/seats (issue 26 §3): seats used (members; open invitations are not billed), the
 * trial's limit, the quantity Stripe bills, and the next invoice as Stripe's preview computes it
 * (prorations of seat changes included). `message` says why there is no next invoice to show.
 */
export const billingSeatsJson = z.object({
  seatsUsed: count,
  /** The most people the plan allows (5 in the Team trial, 1 on Individual); null for no limit. */
  seatLimit: count.nullable(),
  /** The Stripe subscription item's quantity; null without a Stripe subscription or when Stripe did not answer. */
  seatsBilled: count.nullable(),
  nextInvoice: z
    .object({
      /** What Stripe will charge, as a decimal string in the invoice's currency. */
      amount: money,
      currency: text(),
      /** When Stripe will charge it. */
      date: instant.nullable(),
    })
    .nullable(),
  message: text().nullable(),
});
export type BillingSeatsJson = z.infer<typeof billingSeatsJson>;

export const NEXT_INVOICE_NOT_CONFIGURED =
  "Card payments are not configured on this server (STRIPE_SECRET_KEY is not set), so there is no next invoice to show.";
export const NEXT_INVOICE_NO_SUBSCRIPTION = "No next invoice yet: this account has no card subscription.";
export const NEXT_INVOICE_NONE = "No next invoice: the subscription ends at the close of this period.";
export const NEXT_INVOICE_UNREACHABLE =
  "Stripe could not be reached, so the next invoice cannot be shown right now. Please try again in a moment.";
