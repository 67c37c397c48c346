import { randomUUID } from "node:crypto";
import type { QueuedJob } from "../../jobs/enqueue-in-transaction.js";

/** The queue that keeps the Stripe seat quantity equal to the member count (sync-seat-quantity.ts). */
export const SYNC_SEATS_JOB = "stripe.sync-seats";

export type SyncSeatsJob = { accountId: number; changeId: string };

/**
 * The job a membership change queues in its own transaction (team/accept-invitation.ts,
 * team/change-member.ts). `changeId` names this change: a retry of the job sends Stripe the same
 * Idempotency-Key, a later change another. One job per account at a time (singletonKey).
 */
export function seatSyncJob(accountId: number, reason: string): QueuedJob {
  const data: SyncSeatsJob = { accountId, changeId: `${reason}:${randomUUID()}` };
  return { name: SYNC_SEATS_JOB, data, options: { singletonKey: `account:${accountId}` } };
}
