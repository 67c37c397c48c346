import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { webhookEvents } from "../../db/schema/index.js";

/**
 * Stripe retries an event for up to 3 days and lets the Dashboard resend one up to 30 days old; a
 * claim older than that guards nothing, so the maintenance job deletes it. A resend after that is
 * still harmless: the job re-reads the subscription, and notifications are keyed by the event id.
 */
export const STRIPE_EVENT_CLAIM_DAYS = 35;

export async function pruneStripeEventClaims(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - STRIPE_EVENT_CLAIM_DAYS * 86_400_000);
  await db.delete(webhookEvents).where(and(eq(webhookEvents.provider, "stripe"), lt(webhookEvents.receivedAt, before)));
}
