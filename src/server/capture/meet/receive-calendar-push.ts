import { AppError } from "../../../core/errors.js";
import type { Db } from "../../db/client.js";
import { sameSecret } from "../../integrations/webhook-verification.js";
import type { SecretBox } from "../../http/secrets.js";
import { findWebhookTarget, type WebhookTarget } from "../webhook-target.js";
import { MEET_KIND, MEET_PROVIDER, markMeetPush, meetConfig, ROW_STATUS, readMeetSecret } from "./meet-integration.js";

/** The X-Goog-* headers of a Calendar push (docs/meet.md). */
export type CalendarPush = {
  token: string;
  /** The token's row when the rate-limit hook read it already (null: none); undefined reads it here. */
  target?: WebhookTarget | null;
  channelId: string | undefined;
  channelToken: string | undefined;
  resourceState: string | undefined;
  messageNumber: string | undefined;
  now: Date;
};

/** Claims the push and queues the account's calendar sync in one transaction (integrations/webhook-intake.ts); false for a repeat. */
export type ClaimAndQueueSync = (claim: {
  eventId: string;
  accountId: number;
  userId: number | null;
  receivedAt: Date;
}) => Promise<boolean>;

const UNKNOWN_CHANNEL = "Unknown notification channel";

/** The Meet row a push URL's token names. */
function findMeetWebhookTarget(db: Db, token: string): Promise<WebhookTarget | null> {
  return findWebhookTarget(db, MEET_KIND, MEET_PROVIDER, { token });
}

/**
 * One push to /api/webhooks/google-calendar/{token}: the path token picks the row; the channel id
 * must be the row's current channel and X-Goog-Channel-Token its random secret (constant time),
 * else 404 and nothing changes. 'sync' (the channel's first message) is only answered; 'exists'
 * queues `meet.sync-calendar` once per message number (webhook_events, claimed in the job's own
 * transaction: integrations/webhook-intake.ts), so a replay does nothing and a failure leaves no claim.
 * The push carries no event data: the sync job asks Google what changed. Answers at once.
 */
export async function receiveCalendarPush(
  db: Db,
  box: SecretBox,
  claimAndQueueSync: ClaimAndQueueSync | null,
  push: CalendarPush,
): Promise<{ received: true; ignored?: true }> {
  const target = push.target !== undefined ? push.target : await findMeetWebhookTarget(db, push.token);
  const row = target?.row;
  const channel = row ? meetConfig(row).channel : null;
  if (!row || !channel || push.channelId !== channel.id) throw new AppError("not_found", UNKNOWN_CHANNEL);
  if (!sameSecret(push.channelToken, readMeetSecret(box, row)?.channelToken)) throw new AppError("not_found", UNKNOWN_CHANNEL);

  await markMeetPush(db, row.id, push.now);
  if (push.resourceState === "sync" || !row.enabled || row.status !== ROW_STATUS.connected)
    return { received: true, ignored: true };
  if (push.resourceState !== "exists") return { received: true, ignored: true };
  if (!claimAndQueueSync)
    throw new AppError("service_unavailable", "The job queue is not running: Google will deliver this again");

  const eventId = `${channel.id}:${push.messageNumber ?? "none"}`;
  const claimed = await claimAndQueueSync({ eventId, accountId: row.accountId, userId: row.userId, receivedAt: push.now });
  return claimed ? { received: true } : { received: true, ignored: true };
}
