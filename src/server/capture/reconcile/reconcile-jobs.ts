import { and, eq, or } from "drizzle-orm";
import { integrations } from "../../db/schema/index.js";
import { z } from "zod";
import { EMPTY_PAYLOAD, type JobDefinition } from "../../jobs/job-types.js";
import { RECONCILED_ROWS } from "./reconcilers.js";
import { type ReconcileJobData, runReconciliation } from "./run-reconciliation.js";

/**
 * Reconciliation's jobs (docs/capture-reconciliation.md), rows of jobs/registry.ts: every hour one stately job
 * queues a `capture.reconcile` per enabled source that can be reconciled (Zoom, Twilio, SignalWire,
 * Teams, Google Meet), each with the integration as singletonKey, so one source never has two waiting; "Reconcile
 * now" and Graph's lifecycle events queue the same job.
 */
export const RECONCILE_JOB = "capture.reconcile";
export const RECONCILE_ALL_JOB = "capture.reconcile-all";
export const reconcileKey = (integrationId: number) => `reconcile:${integrationId}`;

export const reconcileAllJob: JobDefinition<Record<string, never>> = {
  rules: { policy: "stately", retryLimit: 1, retryDelaySeconds: 60, retryBackoff: false, expireInSeconds: 300 },
  payload: EMPTY_PAYLOAD,
  schedule: { cron: "41 * * * *", data: {} },
  run: async (_data, { db, send }) => {
    const rows = await db
      .select({ id: integrations.id })
      .from(integrations)
      .where(
        and(
          eq(integrations.enabled, true),
          or(...RECONCILED_ROWS.map((r) => and(eq(integrations.kind, r.kind), eq(integrations.provider, r.provider)))),
        ),
      );
    for (const row of rows)
      await send(RECONCILE_JOB, { integrationId: row.id, trigger: "schedule" }, { singletonKey: reconcileKey(row.id) });
  },
};

export const reconcileJob: JobDefinition<ReconcileJobData> = {
  rules: { policy: "stately", retryLimit: 2, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 900 },
  payload: z.object({
    integrationId: z.number().int(),
    trigger: z.enum(["schedule", "manual", "lifecycle"]),
    runId: z.number().int().optional(),
  }),
  run: runReconciliation,
};
