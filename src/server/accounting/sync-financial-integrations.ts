import { missingChoiceMessage } from "../../core/accounting/choices.js";
import {
  type SyncAllResponse,
  type SyncDateRange,
  type SyncRunJson,
  syncSummaryMessage,
} from "../../core/contracts/financial-integrations.js";
import { AppError } from "../../core/errors.js";
import type { AccountingContext } from "./sync/accounting-context.js";
import type { JobQueue } from "../jobs/job-queue.js";
import { configStrings } from "./sync/integration-row.js";
import { presentSyncRun, startSyncRun } from "./sync/sync-runs.js";
import { type AccountingRow, findAccountingRows, providerOf } from "./accounting-rows.js";

export const NO_ENABLED_INTEGRATION = "No accounting integration is enabled: connect one under Financial Integrations first.";

type SyncOptions = { accountId: number; userId: number; range: SyncDateRange | undefined; jobs: JobQueue | null };
type SyncOutcome = { success: boolean; message: string; run: SyncRunJson | null };

/**
 * Sync Now on one card (POST /api/financial-integrations/{id}/sync): an enabled, connected API
 * provider starts a sync run (its invoices are pushed by jobs); CSV and Timberline have nothing to
 * send and say where their file is; anything else is a 409 that says what to do first.
 */
export async function syncFinancialIntegration(
  context: AccountingContext,
  row: AccountingRow,
  options: SyncOptions,
): Promise<SyncOutcome> {
  const info = providerOf(row);
  if (!row.enabled) throw new AppError("conflict", `${info.name} is disabled: enable it before syncing.`);
  if (info.method === "none")
    return {
      success: true,
      message: "CSV Export sends nothing anywhere: download your invoice lines with Export CSV.",
      run: null,
    };
  if (!info.syncsOverApi)
    return {
      success: true,
      message: `${info.name} has no public API: download the import file from its card and import it in Sage 300 CRE.`,
      run: null,
    };
  if (row.status !== "connected")
    throw new AppError(
      "conflict",
      row.status === "error" && row.lastError
        ? `${info.name} is not connected (${row.lastError}). Connect it again before syncing.`
        : `${info.name} is not connected: connect it before syncing.`,
    );
  // Issue 30: a choice the books need is asked for before a run starts, so nothing is half-sent.
  const missingChoice = missingChoiceMessage(row.provider, configStrings(row.config));
  if (missingChoice) throw new AppError("conflict", missingChoice);
  const { reused, ...run } = await startSyncRun(context.db, options.jobs, {
    accountId: options.accountId,
    integrationId: row.id,
    userId: options.userId,
    from: options.range?.from ?? null,
    to: options.range?.to ?? null,
    now: context.now(),
  });
  const presented = presentSyncRun(run);
  // One unfinished run per integration (docs/security.md): another Sync Now answers the one under way.
  if (reused) return { success: true, message: `A sync to ${info.name} is already under way: this is its progress.`, run: presented };
  if (presented.state === "failed")
    return { success: false, message: presented.message ?? `Sync to ${info.name} failed.`, run: presented };
  return { success: true, message: presented.message ?? `Sync to ${info.name} started.`, run: presented };
}

/**
 * Sync Revenue Data and the header's Sync Now (POST /api/financial-integrations/sync): every enabled
 * integration, one result each. The summary counts the integrations that sync over an API; CSV and
 * Timberline appear in the results with where their file is.
 */
export async function syncAllFinancialIntegrations(context: AccountingContext, options: SyncOptions): Promise<SyncAllResponse> {
  const enabled = (await findAccountingRows(context.db, options.accountId)).filter((row) => row.enabled);
  if (enabled.length === 0) throw new AppError("conflict", NO_ENABLED_INTEGRATION);
  const results: SyncAllResponse["results"] = [];
  let total = 0;
  let succeeded = 0;
  for (const row of enabled) {
    const info = providerOf(row);
    let outcome: SyncOutcome;
    try {
      outcome = await syncFinancialIntegration(context, row, options);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcome = { success: false, message: error.message, run: null };
    }
    if (info.syncsOverApi) {
      total++;
      if (outcome.success) succeeded++;
    }
    results.push({ integrationId: row.provider, integrationName: info.name, ...outcome });
  }
  const message =
    total === 0
      ? `Nothing to sync over an API: ${results.map((result) => result.integrationName).join(" and ")} work through files (Export CSV, the import file).`
      : syncSummaryMessage(succeeded, total);
  return { success: succeeded === total, message, results };
}
