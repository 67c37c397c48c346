import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { integrations } from "../../db/schema/index.js";
import { markIntegrationEvent } from "../../integrations/integration-store.js";
import type { JobContext, JobDefinition } from "../../jobs/job-types.js";
import { secretBoxFor } from "../../http/secrets.js";
import { recordCaptureEvent } from "../record-capture-event.js";
import { callRecordEvents } from "./call-record-events.js";
import { GraphFailure, getCallRecord, graphClient } from "./graph.js";
import { acquireGraphToken, MicrosoftAuthError, type TeamsCredentials } from "./identity.js";
import { findTeamsById, readTeamsSecret, TEAMS_KIND, TEAMS_PROVIDER, teamsConfigOf } from "./teams-integration.js";
import { credentialsOf, ensureSubscription, recordTeamsFailure } from "./teams-subscription.js";
import { LIFECYCLE_EVENTS, type TeamsLifecycleJob } from "./receive-teams-lifecycle.js";
import { RECONCILE_JOB, reconcileKey } from "../reconcile/reconcile-jobs.js";

/**
 * The Teams jobs (rows of jobs/registry.ts): fetching a notified call record into the capture
 * pipeline, and renewing subscriptions before Graph lets them expire.
 */
export type FetchCallRecordData = { integrationId: number; callRecordId: string; attempt?: number };
export type RenewSubscriptionData = { integrationId?: number };

/** Renew a subscription when it has less than this left (Graph allows 4230 minutes; the scan runs hourly). */
export const RENEW_WITHIN_MS = 12 * 3600_000;
/** Times a fetch waits for Graph's Retry-After before it fails for good. */
const MAX_THROTTLED_ATTEMPTS = 8;

/** Keeps the last failure's words for the screen without changing the status a verified event earned. */
async function noteError(db: Db, integrationId: number, message: string, now: Date): Promise<void> {
  await db
    .update(integrations)
    .set({ lastError: message.slice(0, 1000), updatedAt: now })
    .where(eq(integrations.id, integrationId));
}

async function fetchWithFreshTokenOn401(context: JobContext, credentials: TeamsCredentials, callRecordId: string) {
  const attempt = async (fresh: boolean) =>
    getCallRecord(
      await graphClient(context.config, await acquireGraphToken(context.config, credentials, { fresh })),
      callRecordId,
    );
  try {
    return await attempt(false);
  } catch (error) {
    // A cached token Graph no longer accepts (revoked, clock skew): one more try with a new one.
    if (error instanceof GraphFailure && error.status === 401) return attempt(true);
    throw error;
  }
}

/**
 * GET the call record and its participants, turn them into capture events and record them. A
 * throttled answer (429/503 with Retry-After) re-queues the job after that delay; other failures
 * throw, so pg-boss retries with backoff. A row that is gone or disabled ends the job quietly.
 */
export async function fetchCallRecordJob(data: FetchCallRecordData, context: JobContext): Promise<void> {
  const target = await findTeamsById(context.db, data.integrationId);
  if (!target?.row.enabled) return;
  const { row, ownerEmail } = target;
  const credentials = credentialsOf(row, readTeamsSecret(secretBoxFor(context.config), row));
  if (!credentials) return;
  let fetched: Awaited<ReturnType<typeof getCallRecord>>;
  try {
    fetched = await fetchWithFreshTokenOn401(context, credentials, data.callRecordId);
  } catch (error) {
    const attempt = data.attempt ?? 0;
    if (error instanceof GraphFailure && error.retryAfterSeconds !== null && attempt < MAX_THROTTLED_ATTEMPTS) {
      await context.send("teams.fetch-call-record", { ...data, attempt: attempt + 1 }, { startAfter: error.retryAfterSeconds });
      return;
    }
    if (error instanceof GraphFailure || error instanceof MicrosoftAuthError)
      await noteError(context.db, row.id, error.message, context.now());
    throw error;
  }
  const now = context.now();
  const events = callRecordEvents(
    { accountId: row.accountId, userId: row.userId, ownerEmail, ownerObjectId: teamsConfigOf(row).ownerObjectId },
    fetched.record,
    fetched.participants,
    now,
  );
  for (const event of events) await recordCaptureEvent(context.db, event, now);
  await markIntegrationEvent(context.db, row.id, now);
}

/**
 * Renews (or re-creates) the subscription of every enabled Teams row whose subscription ends within
 * RENEW_WITHIN_MS, or of the one row named. A failure is recorded on its row (status "error" with
 * Microsoft's words) and does not stop the others; the job fails at the end so it is retried.
 */
export async function renewSubscriptionsJob(data: RenewSubscriptionData, context: JobContext): Promise<void> {
  const now = context.now();
  const due = new Date(now.getTime() + RENEW_WITHIN_MS).toISOString();
  const rows = await context.db
    .select()
    .from(integrations)
    .where(
      and(
        eq(integrations.kind, TEAMS_KIND),
        eq(integrations.provider, TEAMS_PROVIDER),
        eq(integrations.enabled, true),
        data.integrationId
          ? eq(integrations.id, data.integrationId)
          : sql`coalesce(${integrations.config}->>'subscriptionExpiresAt', '') < ${due}`,
      ),
    );
  const box = secretBoxFor(context.config);
  const failures: string[] = [];
  for (const row of rows) {
    const secret = readTeamsSecret(box, row);
    const credentials = credentialsOf(row, secret);
    const notificationUrl = teamsConfigOf(row).notificationUrl;
    if (!credentials || !secret?.clientState || !notificationUrl) continue;
    try {
      await ensureSubscription(context.db, context.config, {
        row,
        credentials,
        clientState: secret.clientState,
        notificationUrl,
        now,
      });
    } catch (error) {
      if (!(error instanceof GraphFailure || error instanceof MicrosoftAuthError)) throw error;
      await recordTeamsFailure(context.db, row, error.message, now);
      failures.push(`integration ${row.id}: ${error.message}`);
    }
  }
  if (failures.length > 0) throw new Error(`Teams subscription renewal failed for ${failures.join("; ")}`);
}

/**
 * A verified lifecycle event (receive-teams-lifecycle.ts): reauthorizationRequired
 * renews the subscription now (a PATCH reauthorizes it); subscriptionRemoved makes a new one and
 * reconciles the gap; missed reconciles (Graph's list of call records is the record of what was not
 * delivered). A failure is kept on the row (status "error") and the job is retried.
 */
export async function teamsLifecycleJob(data: TeamsLifecycleJob, context: JobContext): Promise<void> {
  const target = await findTeamsById(context.db, data.integrationId);
  if (!target?.row.enabled) return;
  let { row } = target;
  const now = context.now();
  if (data.lifecycleEvent !== "missed") {
    const secret = readTeamsSecret(secretBoxFor(context.config), row);
    const credentials = credentialsOf(row, secret);
    const notificationUrl = teamsConfigOf(row).notificationUrl;
    if (!credentials || !secret?.clientState || !notificationUrl) return;
    if (data.lifecycleEvent === "subscriptionRemoved" && teamsConfigOf(row).subscriptionId === data.subscriptionId) {
      const [cleared] = await context.db
        .update(integrations)
        .set({ config: { ...teamsConfigOf(row), subscriptionId: null, subscriptionExpiresAt: null } })
        .where(eq(integrations.id, row.id))
        .returning();
      row = cleared ?? row;
    }
    try {
      await ensureSubscription(context.db, context.config, {
        row,
        credentials,
        clientState: secret.clientState,
        notificationUrl,
        now,
      });
    } catch (error) {
      if (!(error instanceof GraphFailure || error instanceof MicrosoftAuthError)) throw error;
      await recordTeamsFailure(context.db, row, error.message, now);
      throw error;
    }
  }
  if (data.lifecycleEvent !== "reauthorizationRequired")
    await context.send(RECONCILE_JOB, { integrationId: row.id, trigger: "lifecycle" }, { singletonKey: reconcileKey(row.id) });
}

export const teamsJobs = {
  /** One notified call record → capture events (queued by the webhook). */
  "teams.fetch-call-record": {
    rules: { policy: "standard", retryLimit: 6, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 120 },
    payload: z.object({ integrationId: z.number().int(), callRecordId: z.string(), attempt: z.number().int().optional() }),
    run: fetchCallRecordJob,
  } satisfies JobDefinition<FetchCallRecordData>,
  /** Hourly: subscriptions ending within 12 hours are renewed (Graph's limit for call records is ~3 days). */
  "teams.renew-subscription": {
    rules: { policy: "stately", retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 600 },
    payload: z.object({ integrationId: z.number().int().optional() }),
    schedule: { cron: "23 * * * *", data: {} },
    run: renewSubscriptionsJob,
  } satisfies JobDefinition<RenewSubscriptionData>,
  /** Graph's lifecycle events: renew, re-create, reconcile. */
  "teams.lifecycle": {
    rules: { policy: "standard", retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 300 },
    payload: z.object({ integrationId: z.number().int(), lifecycleEvent: z.enum(LIFECYCLE_EVENTS), subscriptionId: z.string() }),
    run: teamsLifecycleJob,
  } satisfies JobDefinition<TeamsLifecycleJob>,
};
