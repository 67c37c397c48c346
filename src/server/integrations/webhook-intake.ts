import type { Database } from "../db/client.js";
import { enqueueInTransaction, type QueuedJob } from "../jobs/enqueue-in-transaction.js";
import type { JobQueue } from "../jobs/job-queue.js";

/**
 * Webhook intake's middle step: after a delivery
 * is verified, claim the provider's event id in `webhook_events` and queue the job that does its work
 * in ONE transaction (jobs/enqueue-in-transaction.ts). A crash or failure between the two commits
 * neither, so the provider's retry is processed; a repeat finds the claim and queues nothing. Every
 * provider that answers first and works in a job (Stripe, Teams, Google Meet) goes through here; the
 * others (Zoom, Twilio, SMS, the generic webhook) claim inside recordCaptureEvent's own transaction
 * with the change itself.
 */
export type WebhookClaim = {
  /** webhook_events.provider: "stripe", "teams", "meet-push" … (docs/security.md lists their retention). */
  provider: string;
  eventId: string;
  /** The account the token named; null for an account-less event (Stripe's). */
  accountId: number | null;
  receivedAt: Date;
};

const CLAIM_EVENT = `insert into webhook_events (provider, event_id, account_id, received_at) values ($1, $2, $3, $4)
  on conflict do nothing returning id`;

/**
 * True when the event was new: claimed and its job queued, both committed. False for a repeat
 * (nothing queued). Throws (nothing committed) when either step fails: answer 5xx so the provider retries.
 * The job's worker on this instance is woken after the commit (`wakeDelayMs` lets a burst go as one batch).
 */
export function claimAndQueue(
  database: Database,
  jobs: JobQueue,
  claim: WebhookClaim,
  job: QueuedJob,
  options: { wakeDelayMs?: number } = {},
): Promise<boolean> {
  return enqueueInTransaction(
    database,
    jobs,
    async (sql) => {
      const { rows } = await sql.executeSql(CLAIM_EVENT, [claim.provider, claim.eventId, claim.accountId, claim.receivedAt]);
      return rows.length > 0 ? job : null;
    },
    options,
  );
}
