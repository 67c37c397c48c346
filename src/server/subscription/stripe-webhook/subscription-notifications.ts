import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { notifications } from "../../db/schema/index.js";
import type { HandledStripeEvent } from "./stripe-events.js";

/** The in-app notices a subscription event gives the account (the Notifications overlay shows them). */
const NOTICES: Partial<Record<HandledStripeEvent, { kind: string; title: string; message: string }>> = {
  "customer.subscription.trial_will_end": {
    kind: "subscription_trial_ending",
    title: "Your trial ends soon",
    message:
      "Your free trial ends in 3 days. Your card will be charged for your plan then; manage it in Settings → Plan & Billing.",
  },
  "invoice.payment_failed": {
    kind: "subscription_payment_failed",
    title: "Payment failed",
    message:
      "We could not charge your card for your Minutely subscription. Please update your payment method in Settings → Plan & Billing.",
  },
  "invoice.payment_action_required": {
    kind: "subscription_payment_action_required",
    title: "Payment needs your confirmation",
    message:
      "Your bank asks you to confirm the payment for your Minutely subscription. Please confirm it in Settings → Plan & Billing.",
  },
};

/** One notice per Stripe event: a retried job finds the first (data.eventId) and adds nothing. */
export async function notifySubscriptionEvent(
  db: Db,
  accountId: number,
  type: HandledStripeEvent,
  eventId: string,
): Promise<void> {
  const notice = NOTICES[type];
  if (!notice) return;
  const [existing] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.accountId, accountId),
        eq(notifications.kind, notice.kind),
        sql`${notifications.data}->>'eventId' = ${eventId}`,
      ),
    )
    .limit(1);
  if (existing) return;
  await db
    .insert(notifications)
    .values({ accountId, kind: notice.kind, title: notice.title, message: notice.message, data: { eventId } });
}
