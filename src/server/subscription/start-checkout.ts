import { and, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import {
  type CheckoutRequest,
  STRIPE_BILLING_NOT_CONFIGURED,
  SUBSCRIPTION_ALREADY_LIVE,
} from "../../core/contracts/subscription.js";
import { AppError } from "../../core/errors.js";
import { BILLING_CYCLES, type BillingCycle, PLAN_IDS, type PlanId } from "../../core/plans.js";
import type { AccountRow, UserRow } from "../auth/sessions.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { accounts } from "../db/schema/index.js";
import { createAccountCustomer, createSubscriptionCheckout } from "./stripe/checkout.js";
import { hasLiveSubscription } from "./live-subscription.js";
import { requirePriceId } from "./plan-price.js";
import { seatQuantity } from "../../core/team-seats.js";
import { countMembers } from "../team/team-queries.js";

/** Where Stripe Checkout sends the browser back: Settings → Plan & Billing, saying how it went. */
export const CHECKOUT_SUCCESS_PATH = "/settings?tab=plan&checkout=success";
export const CHECKOUT_CANCEL_PATH = "/settings?tab=plan&checkout=cancelled";

const ownPlan = (value: string): PlanId => ((PLAN_IDS as readonly string[]).includes(value) ? (value as PlanId) : "individual");
/**
 * The account in an idempotency key: its id and creation time, since Stripe's keys are per Stripe
 * account and two deployments sharing test keys both have an account 5.
 */
const accountKey = (account: AccountRow) => `${account.id}-${account.createdAt.getTime()}`;

const ownCycle = (value: string): BillingCycle =>
  (BILLING_CYCLES as readonly string[]).includes(value) ? (value as BillingCycle) : "monthly";

/**
 * The account's Stripe customer: the one it has, or a new one stored on the account BEFORE the
 * browser leaves for Checkout, so the webhook that follows the payment finds the account by its
 * customer id. Two requests at once store one customer (the conditional write, and one
 * idempotency key per account on Stripe's side).
 */
async function accountCustomer(db: Db, stripe: Stripe, account: AccountRow, user: UserRow): Promise<string> {
  if (account.paymentCustomerId) return account.paymentCustomerId;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || null;
  const created = await createAccountCustomer(stripe, {
    accountId: account.id,
    email: user.email,
    name,
    idempotencyKey: `checkout-customer:${accountKey(account)}`,
  });
  await db
    .update(accounts)
    .set({ paymentCustomerId: created })
    .where(and(eq(accounts.id, account.id), isNull(accounts.paymentCustomerId)));
  const [stored] = await db
    .select({ customerId: accounts.paymentCustomerId })
    .from(accounts)
    .where(eq(accounts.id, account.id))
    .limit(1);
  return stored?.customerId ?? created;
}

/**
 * POST /api/billing/checkout (docs/subscription.md): a card subscription for an account without a live
 * Stripe subscription (its card-free trial ended, or it signed up before Stripe was configured, or
 * its subscription ended). Answers Stripe Checkout's URL; the account changes only when Stripe's
 * webhook says the subscription exists (stripe-webhook/apply-stripe-event.ts).
 */
export async function startCheckout(
  db: Db,
  options: {
    account: AccountRow;
    user: UserRow;
    config: Config;
    stripe: Stripe | null;
    choice: CheckoutRequest;
    origin: string;
    now: Date;
  },
): Promise<string> {
  const { account, user, config, stripe, origin, now } = options;
  if (!stripe) throw new AppError("conflict", STRIPE_BILLING_NOT_CONFIGURED);
  if (hasLiveSubscription(account)) throw new AppError("conflict", SUBSCRIPTION_ALREADY_LIVE);
  const choice = {
    plan: options.choice.plan ?? ownPlan(account.plan),
    billingCycle: options.choice.billingCycle ?? ownCycle(account.billingCycle),
  };
  const priceId = requirePriceId(config, choice);
  const customerId = await accountCustomer(db, stripe, account, user);
  // The attempt: a double submit within the minute opens the same session; a later attempt, or one
  // after the subscription it paid for has ended (another id in the key), opens a new one.
  const minute = Math.floor(now.getTime() / 60_000);
  const attempt = `${account.paymentSubscriptionId ?? "none"}:${minute}`;
  const quantity = seatQuantity(choice.plan, await countMembers(db, account.id));
  return createSubscriptionCheckout(stripe, {
    accountId: account.id,
    customerId,
    priceId,
    quantity,
    successUrl: origin + CHECKOUT_SUCCESS_PATH,
    cancelUrl: origin + CHECKOUT_CANCEL_PATH,
    idempotencyKey: `checkout:${accountKey(account)}:${priceId}x${quantity}:${attempt}`,
  });
}
