import type Stripe from "stripe";
import { AppError } from "../../../core/errors.js";
import { stripeFailure } from "./stripe-errors.js";

/**
 * Moves a subscription's one item to another price (plan or cycle change) with that plan's seat quantity. Proration is Stripe's
 * default (create_prorations: the difference shows on the next invoice). The idempotency key names
 * the subscription, the change and the minute, so a double submit changes the subscription once,
 * while changing back and forth later is still possible.
 */
export async function changeSubscriptionPrice(
  stripe: Stripe,
  options: { subscriptionId: string; priceId: string; quantity: number; now: Date },
): Promise<Stripe.Subscription> {
  const { subscriptionId, priceId, quantity, now } = options;
  try {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    if (!item) throw new AppError("conflict", `Stripe subscription ${subscriptionId} has no item to change`);
    if (item.price.id === priceId) return subscription;
    const minute = Math.floor(now.getTime() / 60_000);
    // The quantity is sent with the price: the new plan's seats (the member count on Team, one on Individual).
    return await stripe.subscriptions.update(
      subscriptionId,
      { items: [{ id: item.id, price: priceId, quantity }] },
      { idempotencyKey: `change-plan:${subscriptionId}:${item.price.id}->${priceId}x${quantity}:${minute}` },
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw stripeFailure(error, "change the subscription");
  }
}
