import type { ReconcileNowResponse, ReconcileSource } from "../../../core/contracts/reconciliation.js";
import { RECONCILE_SOURCE_LABELS } from "../../../core/contracts/reconciliation.js";
import { AppError } from "../../../core/errors.js";
import type { Db } from "../../db/client.js";
import { captureReconciliations } from "../../db/schema/index.js";
import type { JobQueue } from "../../jobs/job-queue.js";
import type { SecretBox } from "../../http/secrets.js";
import { eq } from "drizzle-orm";
import { RECONCILE_JOB, reconcileKey } from "./reconcile-jobs.js";
import { queueRun } from "./reconcile-runs.js";
import { findReconcileRow, presentRun, reconcileBlocker, refuseReconcile } from "./reconcile-status.js";

/**
 * "Reconcile now" (POST /api/integrations/{source}/reconcile): a run row, queued, and its job with the
 * integration as singletonKey; when one is already waiting the new row is dropped and the answer says
 * so (409). The job does the work (run-reconciliation.ts); the tab follows the row.
 */
export async function reconcileNow(
  db: Db,
  box: SecretBox,
  jobs: JobQueue | null,
  options: { accountId: number; userId: number; source: ReconcileSource; now: Date },
): Promise<ReconcileNowResponse> {
  const row = await findReconcileRow(db, options, options.source);
  const blocker = reconcileBlocker(row, options.source, box);
  if (blocker || !row) throw refuseReconcile(row, blocker ?? "");
  if (!jobs) throw new AppError("service_unavailable", "The job queue is off on this server: reconciliation cannot run");
  const run = await queueRun(db, {
    accountId: row.accountId,
    integrationId: row.id,
    source: row.provider,
    trigger: "manual",
    now: options.now,
  });
  const jobId = await jobs.send(
    RECONCILE_JOB,
    { integrationId: row.id, trigger: "manual", runId: run.id },
    { singletonKey: reconcileKey(row.id) },
  );
  const label = RECONCILE_SOURCE_LABELS[options.source];
  if (!jobId) {
    await db.delete(captureReconciliations).where(eq(captureReconciliations.id, run.id));
    throw new AppError("conflict", `A reconciliation with ${label} is already waiting to run.`);
  }
  return {
    success: true,
    message: `Reconciling with ${label}: calls its record has and Minutely does not will appear in a moment.`,
    run: presentRun(run),
  };
}
