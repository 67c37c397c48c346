import {
  RECONCILE_SOURCE_LABELS,
  type ReconcileRunJson,
  type ReconcileSource,
  type ReconciliationJson,
} from "../../../core/contracts/reconciliation.js";
import { AppError } from "../../../core/errors.js";
import type { Db } from "../../db/client.js";
import { type ConnectionOwner, findIntegration, type IntegrationRow } from "../../integrations/integration-store.js";
import type { SecretBox } from "../../http/secrets.js";
import { findMeetIntegration } from "../meet/meet-integration.js";
import { findLandline } from "../phone/landline-settings.js";
import { teamsKey } from "../teams/teams-integration.js";
import { zoomKey } from "../zoom/zoom-integration.js";
import { type ReconcileRunRow, reconcileSummary } from "./reconcile-runs.js";
import { reconcilerFor } from "./reconcilers.js";

/** How often the schedule reconciles each source (reconcile-jobs.ts cron "41 * * * *"). */
export const RECONCILE_SCHEDULE = "Every hour, and after Microsoft reports missed notifications";

/** The caller's own row for a tab's source (the landline tab: their one line, whatever the provider). */
export async function findReconcileRow(db: Db, owner: ConnectionOwner, source: ReconcileSource): Promise<IntegrationRow | null> {
  if (source === "zoom") return findIntegration(db, zoomKey(owner));
  if (source === "teams") return findIntegration(db, teamsKey(owner));
  if (source === "meet") return findMeetIntegration(db, owner);
  return findLandline(db, owner);
}

/** Why this row cannot be reconciled now, or null. */
export function reconcileBlocker(row: IntegrationRow | null, source: ReconcileSource, box: SecretBox): string | null {
  const label = RECONCILE_SOURCE_LABELS[source];
  if (!row) return `Connect ${label} first.`;
  const reconciler = reconcilerFor(row.provider);
  if (!reconciler)
    return "Only Twilio and SignalWire lines have a call list to read; other phone systems report calls through the webhook alone.";
  if (!row.enabled) return "Capture is turned off for this connection.";
  return reconciler.missing(row, box);
}

export function presentRun(run: ReconcileRunRow): ReconcileRunJson {
  return {
    status: run.status as ReconcileRunJson["status"],
    trigger: run.trigger as ReconcileRunJson["trigger"],
    queuedAt: run.queuedAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    windowStart: run.windowStart?.toISOString() ?? null,
    windowEnd: run.windowEnd?.toISOString() ?? null,
    recordsSeen: run.recordsSeen,
    callsRecovered: run.callsRecovered,
    error: run.error,
  };
}

export async function getReconciliation(
  db: Db,
  box: SecretBox,
  options: { accountId: number; userId: number; source: ReconcileSource },
): Promise<ReconciliationJson> {
  const row = await findReconcileRow(db, options, options.source);
  const missing = reconcileBlocker(row, options.source, box);
  const summary = row ? await reconcileSummary(db, { accountId: options.accountId, integrationId: row.id }) : null;
  return {
    source: options.source,
    provider: row?.provider ?? null,
    canReconcile: missing === null,
    missing,
    lastEventAt: row?.lastEventAt?.toISOString() ?? null,
    lastRun: summary?.latest ? presentRun(summary.latest) : null,
    callsRecovered: summary?.recovered ?? 0,
    schedule: RECONCILE_SCHEDULE,
  };
}

/** "Reconcile now" refused: not connected (404) or something to set first (400). */
export function refuseReconcile(row: IntegrationRow | null, missing: string): AppError {
  return new AppError(row ? "bad_request" : "not_found", missing);
}
