import { and, desc, eq, sql } from "drizzle-orm";
import type { SyncRunJson } from "../../../core/contracts/financial-integrations.js";
import type { Db } from "../../db/client.js";
import { accountingSyncRuns, integrations } from "../../db/schema/index.js";
import type { JobQueue } from "../../jobs/job-queue.js";
import { sendInTransaction } from "../../jobs/send-in-transaction.js";

/**
 * A sync run: one integration, one date range (issued_on, both ends optional). The run row is
 * queued here; the `accounting.sync-run` job lists the invoices and sends one `accounting.push-invoice`
 * job per invoice; each push counts itself here, and the last one finishes the run.
 */
export type SyncRunRow = typeof accountingSyncRuns.$inferSelect;

export const SYNC_RUN_JOB = "accounting.sync-run";
export const PUSH_INVOICE_JOB = "accounting.push-invoice";

export const NO_INVOICES_MESSAGE = "No invoices in this period";
export const NO_QUEUE_MESSAGE = "Syncing runs on the job queue, which this server does not run: nothing was sent";

/**
 * Queues a sync of the integration; the run as stored (state queued, or failed when there is no queue).
 * An integration has at most one unfinished run (the partial unique index accounting_sync_runs_active_key;
 * docs/security.md): while one is queued or running, that run is answered (`reused`) and nothing is queued,
 * so 20 clicks of Sync Now make one run. The run's row and its job commit in one transaction
 * (jobs/send-in-transaction.ts): a job that cannot be queued leaves no run behind to block the next Sync
 * Now, and a crash between the two keeps neither.
 */
export async function startSyncRun(
  db: Db,
  jobs: JobQueue | null,
  options: {
    accountId: number;
    integrationId: number;
    userId: number | null;
    from?: string | null;
    to?: string | null;
    now: Date;
  },
): Promise<SyncRunRow & { reused: boolean }> {
  const { now } = options;
  const run = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(accountingSyncRuns)
      .values({
        accountId: options.accountId,
        integrationId: options.integrationId,
        requestedBy: options.userId,
        fromDate: options.from ?? null,
        toDate: options.to ?? null,
        ...(jobs ? {} : { state: "failed", message: NO_QUEUE_MESSAGE, finishedAt: now }),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) await sendInTransaction(tx, jobs, { name: SYNC_RUN_JOB, data: { runId: inserted.id } });
    return inserted;
  });
  if (run) {
    jobs?.wake(SYNC_RUN_JOB);
    return { ...run, reused: false };
  }
  const [active] = await db
    .select()
    .from(accountingSyncRuns)
    .where(
      and(
        eq(accountingSyncRuns.integrationId, options.integrationId),
        sql`${accountingSyncRuns.state} in ('queued', 'running')`,
      ),
    )
    .limit(1);
  // Finished between the conflict and this read: start afresh.
  if (!active) return startSyncRun(db, jobs, options);
  return { ...active, reused: true };
}

export async function findSyncRun(db: Db, runId: number): Promise<SyncRunRow | null> {
  const [run] = await db.select().from(accountingSyncRuns).where(eq(accountingSyncRuns.id, runId)).limit(1);
  return run ?? null;
}

/** The integration's newest run, or null when it never synced. */
export async function latestRunFor(db: Db, accountId: number, integrationId: number): Promise<SyncRunRow | null> {
  const [run] = await db
    .select()
    .from(accountingSyncRuns)
    .where(and(eq(accountingSyncRuns.accountId, accountId), eq(accountingSyncRuns.integrationId, integrationId)))
    .orderBy(desc(accountingSyncRuns.createdAt), desc(accountingSyncRuns.id))
    .limit(1);
  return run ?? null;
}

export function presentSyncRun(run: SyncRunRow): SyncRunJson {
  return {
    id: run.id,
    state: run.state as SyncRunJson["state"],
    from: run.fromDate,
    to: run.toDate,
    total: run.total,
    synced: run.synced,
    failed: run.failed,
    message: run.message,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

/** The run's invoices are known: `total` of them, each pushed by its own job. An empty run finishes at once. */
export async function beginSyncRun(db: Db, runId: number, total: number, now: Date): Promise<void> {
  if (total === 0) {
    await db
      .update(accountingSyncRuns)
      .set({ state: "succeeded", total: 0, message: NO_INVOICES_MESSAGE, finishedAt: now, updatedAt: now })
      .where(eq(accountingSyncRuns.id, runId));
    await markIntegrationSynced(db, runId, now);
    return;
  }
  await db.update(accountingSyncRuns).set({ state: "running", total, updatedAt: now }).where(eq(accountingSyncRuns.id, runId));
}

/** The run could not start (its integration cannot sync): finished, failed, with the reason. */
export async function failSyncRun(db: Db, runId: number, message: string, now: Date): Promise<void> {
  await db
    .update(accountingSyncRuns)
    .set({ state: "failed", message, finishedAt: now, updatedAt: now })
    .where(eq(accountingSyncRuns.id, runId));
}

/**
 * One invoice of the run is done (synced or unchanged: `ok`; or failed with `message`). The first
 * failure's words are kept; the push that completes the count finishes the run, in the same
 * statement's row lock, so exactly one push finishes it.
 */
export async function countPushOutcome(
  db: Db,
  runId: number,
  outcome: { ok: boolean; message?: string },
  now: Date,
): Promise<void> {
  // One transaction: a reader never sees the run finished while the card's "Last sync" is still the old one.
  await db.transaction(async (tx) => {
    const ok = outcome.ok ? 1 : 0;
    await tx
      .update(accountingSyncRuns)
      .set({
        synced: sql`${accountingSyncRuns.synced} + ${ok}`,
        failed: sql`${accountingSyncRuns.failed} + ${1 - ok}`,
        message: outcome.ok
          ? accountingSyncRuns.message
          : sql`coalesce(${accountingSyncRuns.message}, ${outcome.message ?? "failed"})`,
        updatedAt: now,
      })
      .where(and(eq(accountingSyncRuns.id, runId), eq(accountingSyncRuns.state, "running")));
    const finished = await tx
      .update(accountingSyncRuns)
      .set({
        state: sql`case when ${accountingSyncRuns.failed} = 0 then 'succeeded' else 'failed' end`,
        message: sql`case when ${accountingSyncRuns.failed} = 0
          then 'Synced ' || ${accountingSyncRuns.total} || case when ${accountingSyncRuns.total} = 1 then ' invoice' else ' invoices' end
          else ${accountingSyncRuns.failed} || ' of ' || ${accountingSyncRuns.total} || ' invoices failed: ' || coalesce(${accountingSyncRuns.message}, '') end`,
        finishedAt: now,
        updatedAt: now,
      })
      .where(
        and(
          eq(accountingSyncRuns.id, runId),
          eq(accountingSyncRuns.state, "running"),
          sql`${accountingSyncRuns.synced} + ${accountingSyncRuns.failed} >= ${accountingSyncRuns.total}`,
        ),
      )
      .returning({ id: accountingSyncRuns.id });
    if (finished.length > 0) await markIntegrationSynced(tx, runId, now);
  });
}

/** "Last sync" on the card: when the integration's last run finished. */
async function markIntegrationSynced(db: Db, runId: number, now: Date): Promise<void> {
  await db
    .update(integrations)
    .set({ lastSyncAt: now, updatedAt: now })
    .where(
      eq(
        integrations.id,
        sql`(select ${accountingSyncRuns.integrationId} from ${accountingSyncRuns} where ${accountingSyncRuns.id} = ${runId})`,
      ),
    );
}

/** A run not touched for this long, with no job of it left in the queue, was interrupted. */
export const ABANDONED_RUN_MINUTES = 30;

/**
 * The maintenance job's sweep: a run whose jobs are all gone but whose count never completed (its
 * fan-out crashed part-way, or a push job expired on every try) would show "Syncing…" for ever.
 * It is finished as failed, saying how many invoices were not pushed; syncing again sends only
 * those (the mappings and fingerprints skip the rest). Returns how many runs it finished.
 */
export async function finishAbandonedSyncRuns(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - ABANDONED_RUN_MINUTES * 60_000);
  const finished = await db.execute(sql`
    update ${accountingSyncRuns} r
    set state = 'failed',
        message = (r.total - r.synced - r.failed) || ' of ' || r.total
          || ' invoices were not pushed (the sync was interrupted): sync again to send them; what was sent is not sent twice',
        finished_at = ${now.toISOString()}::timestamptz,
        updated_at = ${now.toISOString()}::timestamptz
    where r.state in ('queued', 'running')
      and r.updated_at < ${before.toISOString()}::timestamptz
      and not exists (
        select 1 from pgboss.job j
        where j.name in (${SYNC_RUN_JOB}, ${PUSH_INVOICE_JOB})
          and j.state < 'completed'
          and j.data->>'runId' = r.id::text
      )
    returning r.id`);
  return (finished as unknown as { rows: unknown[] }).rows.length;
}
