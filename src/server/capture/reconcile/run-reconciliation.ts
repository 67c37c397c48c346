import { eq } from "drizzle-orm";
import { integrations } from "../../db/schema/index.js";
import type { JobContext } from "../../jobs/job-types.js";
import { secretBoxFor } from "../../http/secrets.js";
import type { CaptureEvent } from "../capture-event.js";
import { recordCaptureEvent } from "../record-capture-event.js";
import { findWebhookTarget } from "../webhook-target.js";
import { findEndedCalls, findRecordedEvents } from "./reconcile-calls.js";
import {
  failAbandonedRuns,
  finishRun,
  lastSucceededWindowEnd,
  noteProgress,
  type ReconcileTrigger,
  startRun,
} from "./reconcile-runs.js";
import { ReconcileFailure, type ReconcileWindow } from "./reconciler.js";
import { reconcilerFor } from "./reconcilers.js";

export type ReconcileJobData = { integrationId: number; trigger: ReconcileTrigger; runId?: number };

/** A first run, or one after a long gap, reads this far back (every provider keeps at least this). */
export const FIRST_WINDOW_MS = 7 * 24 * 3600_000;
/** Graph keeps call records 30 days; no window starts earlier than this. */
export const MAX_WINDOW_MS = 30 * 24 * 3600_000;
/**
 * Each run starts this long before the last one's end: providers filter on a call's START, so a call
 * that began before the last run and ended after it is read again (12 hours covers any real call).
 */
export const WINDOW_OVERLAP_MS = 12 * 3600_000;

export async function reconcileWindow(
  context: Pick<JobContext, "db">,
  integrationId: number,
  now: Date,
): Promise<ReconcileWindow> {
  const lastEnd = await lastSucceededWindowEnd(context.db, integrationId);
  const earliest = now.getTime() - MAX_WINDOW_MS;
  const start = lastEnd ? lastEnd.getTime() - WINDOW_OVERLAP_MS : now.getTime() - FIRST_WINDOW_MS;
  return { start: new Date(Math.max(earliest, start)), end: now };
}

/**
 * One reconciliation (job `capture.reconcile`, docs/capture-reconciliation.md): the provider's own
 * record of the window, page by page, through the same pipeline as the live webhooks. A call counts as
 * recovered when this run made it exist and end (it was missing, or still open because its end never
 * arrived). A provider's refusal fails the run with its words, shown on the tab; anything else
 * throws, so pg-boss retries.
 */
export async function runReconciliation(data: ReconcileJobData, context: JobContext): Promise<void> {
  const { db, config } = context;
  const box = secretBoxFor(config);
  const [found] = await db.select().from(integrations).where(eq(integrations.id, data.integrationId)).limit(1);
  const reconciler = found ? reconcilerFor(found.provider) : null;
  if (!found || !reconciler) return; // disconnected since it was queued: its runs went with it
  const target = await findWebhookTarget(db, found.kind, found.provider, { id: found.id });
  const row = target?.row ?? found;
  const now = context.now();
  await failAbandonedRuns(db, row.id, now);
  const window = await reconcileWindow(context, row.id, now);
  const run = await startRun(db, {
    runId: data.runId,
    accountId: row.accountId,
    integrationId: row.id,
    source: row.provider,
    trigger: data.trigger,
    window,
    now,
  });
  const missing = !row.enabled ? "Capture is turned off for this connection." : reconciler.missing(row, box);
  if (missing) {
    await finishRun(db, run.id, { status: "failed", error: missing, now });
    return;
  }

  const progress = { recordsSeen: 0, callsRecovered: 0 };
  try {
    const batches = reconciler.read({
      db,
      config,
      box,
      row,
      ownerEmail: target?.ownerEmail ?? null,
      window,
      now,
      endedCalls: (source, externalIds) => findEndedCalls(db, { accountId: row.accountId, source, externalIds }),
      recordedEvents: (source, eventIds) => findRecordedEvents(db, { accountId: row.accountId, source, eventIds }),
    });
    for await (const batch of batches) {
      progress.recordsSeen += batch.records;
      progress.callsRecovered += await recordBatch(context, row.accountId, batch.events);
      await noteProgress(db, run.id, progress);
    }
  } catch (error) {
    if (!(error instanceof ReconcileFailure)) {
      await finishRun(db, run.id, {
        status: "failed",
        error: "Stopped by an unexpected error; it will be tried again.",
        now: context.now(),
      });
      throw error;
    }
    await finishRun(db, run.id, { status: "failed", error: error.message, now: context.now() });
    return;
  }
  await finishRun(db, run.id, { status: "succeeded", now: context.now() });
}

/**
 * Records a page's events through the pipeline and answers how many calls it recovered: calls of
 * these external ids that had not ended before and have after.
 */
async function recordBatch(context: JobContext, accountId: number, events: readonly CaptureEvent[]): Promise<number> {
  const bySource = new Map<string, Set<string>>();
  for (const event of events) {
    const ids = bySource.get(event.source) ?? new Set<string>();
    ids.add(event.externalCallId);
    bySource.set(event.source, ids);
  }
  const endedBefore = new Map<string, Set<string>>();
  for (const [source, ids] of bySource)
    endedBefore.set(source, await findEndedCalls(context.db, { accountId, source, externalIds: [...ids] }));
  for (const event of events) await recordCaptureEvent(context.db, event, context.now());
  let recovered = 0;
  for (const [source, ids] of bySource) {
    const endedAfter = await findEndedCalls(context.db, { accountId, source, externalIds: [...ids] });
    for (const id of endedAfter) if (!endedBefore.get(source)?.has(id)) recovered += 1;
  }
  return recovered;
}
