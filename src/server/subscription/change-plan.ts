import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { ChangePlanRequest } from "../../core/contracts/subscription.js";
import { AppError } from "../../core/errors.js";
import type { AccountRow } from "../auth/sessions.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { accounts } from "../db/schema/index.js";
import { changeSubscriptionPrice } from "./stripe/billing-change-price.js";
import { assertPlanHolds, seatQuantity } from "../../core/team-seats.js";
import { countMembers } from "../team/team-queries.js";
import { syncAccountSubscription } from "./stripe/sync-subscription.js";
import { planChangePath } from "./plan-change-path.js";
import { describePlanChoice as describe, requirePriceId } from "./plan-price.js";

/**
 * POST /api/billing/change-plan. With a Stripe subscription, Stripe changes the price and the account
 * is then re-read from Stripe (syncAccountSubscription), so the row only ever holds what Stripe says.
 * A card-free trial changes the row alone. Returns the sentence for the toast.
 */
export async function changePlan(
  db: Db,
  options: { account: AccountRow; config: Config; stripe: Stripe | null; choice: ChangePlanRequest; now: Date },
): Promise<string> {
  const { account, config, stripe, choice, now } = options;
  if (account.plan === choice.plan && account.billingCycle === choice.billingCycle)
    return `You are already on ${describe(choice)}.`;
  const members = await countMembers(db, account.id);
  assertPlanHolds(choice.plan, members);
  const path = planChangePath(account, stripe, now);
  if (path.kind === "refused") throw new AppError("conflict", path.message);
  if (path.kind === "local") {
    await db
      .update(accounts)
      .set({ plan: choice.plan, billingCycle: choice.billingCycle, updatedAt: now })
      .where(eq(accounts.id, account.id));
    return `Your trial continues on ${describe(choice)}. Nothing is charged until you pay for a plan.`;
  }
  const priceId = requirePriceId(config, choice);
  // The new plan bills its own seats: the member count on Team, one on Individual (core/team-seats.ts).
  const quantity = seatQuantity(choice.plan, members);
  await changeSubscriptionPrice(path.stripe, { subscriptionId: path.subscriptionId, priceId, quantity, now });
  await syncAccountSubscription(db, path.stripe, account.id, now);
  return `Your plan is now ${describe(choice)}. Stripe prorates the difference on your next invoice.`;
}
