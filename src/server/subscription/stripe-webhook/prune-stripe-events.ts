/**
 * Stripe retries an event for up to 3 days and lets the Dashboard resend one up to 30 days old; a
 * claim older than that guards nothing, so the maintenance job deletes it
 * (integrations/prune-webhook-claims.ts, with every provider's window). A resend after that is
 * still harmless: the job re-reads the subscription, and notifications are keyed by the event id.
 */
export const STRIPE_EVENT_CLAIM_DAYS = 35;
