import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { seatQuantity } from "../../../core/team-seats.js";
import type { Db } from "../../db/client.js";
import { accounts } from "../../db/schema/index.js";
import { countMembers } from "../../team/team-queries.js";
import { hasLiveSubscription } from "../live-subscription.js";

export type SeatSyncOutcome =
  | { kind: "no-subscription" }
  | { kind: "unchanged"; quantity: number }
  | { kind: "updated"; from: number; to: number };

/**
 * Makes the account's Stripe subscription item bill one seat per member (issue 26 §3, docs/subscription.md
 * "Seats"). It sets the quantity the database holds NOW, not "+1/-1": a retried job, a job that runs
 * after a later change, or two changes in a row all end at the same count, and a job finding Stripe
 * already right changes nothing. Proration is Stripe's default (create_prorations). The
 * Idempotency-Key names the change and the step, so an answer lost after Stripe applied it is
 * replayed, not applied twice. Stripe's failures are thrown: the queue retries.
 */
export async function syncSeatQuantity(
  db: Db,
  stripe: Stripe,
  options: { accountId: number; changeId: string },
): Promise<SeatSyncOutcome> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, options.accountId)).limit(1);
  if (!account?.paymentSubscriptionId || !hasLiveSubscription(account)) return { kind: "no-subscription" };
  const wanted = seatQuantity(account.plan, await countMembers(db, account.id));
  const subscription = await stripe.subscriptions.retrieve(account.paymentSubscriptionId);
  const item = subscription.items.data[0];
  if (!item) return { kind: "no-subscription" };
  const current = item.quantity ?? 1;
  if (current === wanted) return { kind: "unchanged", quantity: wanted };
  await stripe.subscriptions.update(
    subscription.id,
    { items: [{ id: item.id, quantity: wanted }] },
    { idempotencyKey: `seats:${subscription.id}:${options.changeId}:${current}->${wanted}` },
  );
  return { kind: "updated", from: current, to: wanted };
}
