import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { webhookEvents } from "../db/schema/index.js";
import { STRIPE_EVENT_CLAIM_DAYS } from "../subscription/stripe-webhook/prune-stripe-events.js";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long a provider's claim in `webhook_events` is kept: its documented retry
 * window with margin. Past it the provider sends no repeat, so the claim guards nothing and the
 * maintenance job deletes it. Sources and reasons in docs/security.md "Webhook claims".
 * Not pruned: the pipeline's `<source>:discarded` marks and the claims of sources that are not
 * deliveries (meet, calendar, desktop), which our own jobs may re-read at any time.
 */
export const WEBHOOK_CLAIM_RETENTION_MS = {
  /** Zoom retries a failed delivery 3 times (about 5, 30 and 90 minutes later): kept 1 day. */
  zoom: DAY_MS,
  /** Twilio and SignalWire do not retry by default (connection overrides retry within seconds): 1 day. */
  twilio: DAY_MS,
  signalwire: DAY_MS,
  sms: DAY_MS,
  /** The generic phone webhook: its documentation asks senders to retry within 24 hours (docs/capture-webhook.md): 7 days. */
  webhook: 7 * DAY_MS,
  /** Microsoft Graph retries a change notification for up to 4 hours: 1 day. */
  teams: DAY_MS,
  /**
   * Google Calendar push retries with exponential backoff and no documented bound; a repeat after the
   * claim is gone queues one more calendar sync, which changes nothing twice: 2 days.
   */
  "meet-push": 2 * DAY_MS,
  /** Stripe retries for 3 days and its Dashboard resends events up to 30 days old (prune-stripe-events.ts). */
  stripe: STRIPE_EVENT_CLAIM_DAYS * DAY_MS,
} as const;

/** Deletes every provider's claims older than its retention (the maintenance job, every 15 minutes). Returns how many. */
export async function pruneWebhookClaims(db: Db, now: Date): Promise<number> {
  let pruned = 0;
  for (const [provider, retentionMs] of Object.entries(WEBHOOK_CLAIM_RETENTION_MS)) {
    const before = new Date(now.getTime() - retentionMs);
    const deleted = await db
      .delete(webhookEvents)
      .where(and(eq(webhookEvents.provider, provider), lt(webhookEvents.receivedAt, before)))
      .returning({ id: webhookEvents.id });
    pruned += deleted.length;
  }
  return pruned;
}
