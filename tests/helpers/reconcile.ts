import { expect } from "vitest";
import type { ApiClient } from "./api-client.js";
import { until } from "./until.js";

/** A capture source's path segment under /api/integrations. */
export type ReconcileSource = "zoom" | "landline" | "teams" | "meet";

/** The source's reconciliation card: last run, calls recovered. */
export const reconciliationOf = async (who: { c: ApiClient }, source: ReconcileSource) =>
  (await who.c.get(`/api/integrations/${source}/reconciliation`)).body;

/**
 * Reconcile now, then the run it queued once it has finished. The run is a job: its wait is bounded by a budget
 * for a loaded machine, not by how long a run usually takes.
 */
export async function reconcileNow(who: { c: ApiClient }, source: ReconcileSource) {
  const queued = await who.c.post(`/api/integrations/${source}/reconcile`, {});
  expect(queued.status, queued.text).toBe(202);
  const queuedAt = queued.body.run.queuedAt as string;
  return until(
    "the reconciliation",
    () => reconciliationOf(who, source),
    (r) => r.lastRun?.queuedAt === queuedAt && ["succeeded", "failed"].includes(r.lastRun.status),
    120_000,
  );
}
