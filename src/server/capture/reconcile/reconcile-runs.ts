import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { captureReconciliations } from "../../db/schema/index.js";

/**
 * The `capture_reconciliations` rows (schema/capture-reconciliations.ts): a run is queued (by
 * "Reconcile now", the schedule or a Graph lifecycle event), runs, and succeeds or fails with the
 * provider's words. Only these functions write them.
 */
export type ReconcileRunRow = typeof captureReconciliations.$inferSelect;
export type ReconcileTrigger = "schedule" | "manual" | "lifecycle";

/** A run still "running" this long after it started was stopped (a crash, a kill): it is marked failed. */
export const ABANDONED_AFTER_MS = 15 * 60_000;

export async function queueRun(
  db: Db,
  options: { accountId: number; integrationId: number; source: string; trigger: ReconcileTrigger; now: Date },
): Promise<ReconcileRunRow> {
  const [row] = await db
    .insert(captureReconciliations)
    .values({ ...options, status: "queued", queuedAt: options.now })
    .returning();
  return row!;
}

/** The run a job was queued for, or a new one (scheduled runs are queued without a row). */
export async function startRun(
  db: Db,
  options: {
    runId?: number;
    accountId: number;
    integrationId: number;
    source: string;
    trigger: ReconcileTrigger;
    window: { start: Date; end: Date };
    now: Date;
  },
): Promise<ReconcileRunRow> {
  const values = {
    status: "running",
    source: options.source,
    windowStart: options.window.start,
    windowEnd: options.window.end,
    startedAt: options.now,
    recordsSeen: 0,
    callsRecovered: 0,
    error: null,
  };
  if (options.runId !== undefined) {
    const [updated] = await db
      .update(captureReconciliations)
      .set(values)
      .where(and(eq(captureReconciliations.id, options.runId), eq(captureReconciliations.integrationId, options.integrationId)))
      .returning();
    if (updated) return updated;
  }
  const [inserted] = await db
    .insert(captureReconciliations)
    .values({
      ...values,
      accountId: options.accountId,
      integrationId: options.integrationId,
      trigger: options.trigger,
      queuedAt: options.now,
    })
    .returning();
  return inserted!;
}

export async function noteProgress(
  db: Db,
  runId: number,
  progress: { recordsSeen: number; callsRecovered: number },
): Promise<void> {
  await db.update(captureReconciliations).set(progress).where(eq(captureReconciliations.id, runId));
}

export async function finishRun(
  db: Db,
  runId: number,
  outcome: { status: "succeeded" | "failed"; error?: string | null; now: Date },
): Promise<void> {
  await db
    .update(captureReconciliations)
    .set({ status: outcome.status, error: outcome.error?.slice(0, 1000) ?? null, finishedAt: outcome.now })
    .where(eq(captureReconciliations.id, runId));
}

/** Runs of this integration left running (the process died) or queued for a job that no longer exists: failed. */
export async function failAbandonedRuns(db: Db, integrationId: number, now: Date): Promise<void> {
  await db
    .update(captureReconciliations)
    .set({
      status: "failed",
      error: "Stopped before it finished (the server restarted); the next run reads its window again.",
      finishedAt: now,
    })
    .where(
      and(
        eq(captureReconciliations.integrationId, integrationId),
        inArray(captureReconciliations.status, ["running"]),
        lt(captureReconciliations.startedAt, new Date(now.getTime() - ABANDONED_AFTER_MS)),
      ),
    );
}

/** Where the last successful run's window ended: the next one starts a margin before it. */
export async function lastSucceededWindowEnd(db: Db, integrationId: number): Promise<Date | null> {
  const [row] = await db
    .select({ windowEnd: captureReconciliations.windowEnd })
    .from(captureReconciliations)
    .where(and(eq(captureReconciliations.integrationId, integrationId), eq(captureReconciliations.status, "succeeded")))
    .orderBy(desc(captureReconciliations.windowEnd))
    .limit(1);
  return row?.windowEnd ?? null;
}

/** The integration's latest run and the calls every run of it recovered, for its tab. */
export async function reconcileSummary(
  db: Db,
  options: { accountId: number; integrationId: number },
): Promise<{ latest: ReconcileRunRow | null; recovered: number }> {
  const [latest] = await db
    .select()
    .from(captureReconciliations)
    .where(
      and(
        eq(captureReconciliations.accountId, options.accountId),
        eq(captureReconciliations.integrationId, options.integrationId),
      ),
    )
    .orderBy(desc(captureReconciliations.queuedAt), desc(captureReconciliations.id))
    .limit(1);
  const [total] = await db
    .select({ recovered: sql<number>`coalesce(sum(${captureReconciliations.callsRecovered}), 0)`.mapWith(Number) })
    .from(captureReconciliations)
    .where(
      and(
        eq(captureReconciliations.accountId, options.accountId),
        eq(captureReconciliations.integrationId, options.integrationId),
      ),
    );
  return { latest: latest ?? null, recovered: total?.recovered ?? 0 };
}
