import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import { invoices } from "../../db/schema/index.js";
import { z } from "zod";
import type { JobContext, JobDefinition, QueueRules } from "../../jobs/job-types.js";
import { accountingContextOf } from "./accounting-context.js";
import { findAccountingIntegration, notSyncableReason } from "./integration-row.js";
import { PUSHED_STATUSES } from "./local-shapes.js";
import { PushRetryLater, pushInvoice } from "./push-invoice.js";
import { beginSyncRun, countPushOutcome, failSyncRun, findSyncRun, PUSH_INVOICE_JOB, SYNC_RUN_JOB } from "./sync-runs.js";

/**
 * The accounting queues (docs/accounting.md): `accounting.sync-run` fans a run out into one
 * `accounting.push-invoice` job per invoice. Pushes are "singleton" per integration and invoice
 * (singletonKey `{integrationId}:{invoiceId}`): one invoice is never pushed twice at once anywhere in
 * the cluster. A failed push is retried with backoff (5 s, 10 s, 20 s … six times).
 */
export type SyncRunJob = { runId: number };
export type PushInvoiceJob = { runId?: number | null; accountId: number; integrationId: number; invoiceId: number };

const PUSH_RULES: QueueRules = {
  policy: "singleton",
  retryLimit: 6,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 300,
};

/**
 * A push counts as failed once its invoice record has failed this many times in a row with an
 * unknown outcome: the job's first run and its six retries. Counted on the record (attempts), since
 * a job handler is not told which retry it is.
 */
const PUSH_MAX_ATTEMPTS = PUSH_RULES.retryLimit + 1;

/** A 429 longer than this (Xero's daily limit) sends the push again for later instead of failing it. */
const DEFER_AFTER_SECONDS = 5;

export const pushJobKey = (integrationId: number, invoiceId: number) => `${integrationId}:${invoiceId}`;

async function runSyncRun(data: SyncRunJob, context: JobContext): Promise<void> {
  const { db } = context;
  const run = await findSyncRun(db, data.runId);
  if (run?.state !== "queued") return;
  const row = await findAccountingIntegration(db, run.accountId, run.integrationId);
  const notSyncable = notSyncableReason(row);
  if (notSyncable) {
    await failSyncRun(db, run.id, notSyncable, context.now());
    return;
  }
  const listed = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.accountId, run.accountId),
        inArray(invoices.status, [...PUSHED_STATUSES]),
        run.fromDate ? gte(invoices.issuedOn, run.fromDate) : undefined,
        run.toDate ? lte(invoices.issuedOn, run.toDate) : undefined,
      ),
    )
    .orderBy(asc(invoices.issuedOn), asc(invoices.id));
  await beginSyncRun(db, run.id, listed.length, context.now());
  for (const invoice of listed) {
    await context.send(
      PUSH_INVOICE_JOB,
      {
        runId: run.id,
        accountId: run.accountId,
        integrationId: run.integrationId,
        invoiceId: invoice.id,
      } satisfies PushInvoiceJob,
      { singletonKey: pushJobKey(run.integrationId, invoice.id) },
    );
  }
}

async function runPushInvoice(data: PushInvoiceJob, context: JobContext): Promise<void> {
  const accounting = accountingContextOf(context);
  let result: Awaited<ReturnType<typeof pushInvoice>>;
  try {
    result = await pushInvoice(accounting, data, { maxAttempts: PUSH_MAX_ATTEMPTS });
  } catch (error) {
    if (error instanceof PushRetryLater && error.retryAfterSeconds !== null && error.retryAfterSeconds > DEFER_AFTER_SECONDS) {
      // Rate limited for long: come back when the provider allows it; the run waits for this invoice.
      await context.send(PUSH_INVOICE_JOB, data, {
        startAfter: error.retryAfterSeconds,
        singletonKey: pushJobKey(data.integrationId, data.invoiceId),
      });
      return;
    }
    throw error;
  }
  if (!data.runId) return;
  const outcome = result.outcome === "failed" ? { ok: false, message: result.message } : { ok: true };
  await countPushOutcome(context.db, data.runId, outcome, context.now());
}

export const accountingJobs = {
  [SYNC_RUN_JOB]: {
    rules: { policy: "standard", retryLimit: 3, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 300 },
    payload: z.object({ runId: z.number().int() }),
    run: runSyncRun,
  } satisfies JobDefinition<SyncRunJob>,
  [PUSH_INVOICE_JOB]: {
    rules: PUSH_RULES,
    payload: z.object({
      runId: z.number().int().nullish(),
      accountId: z.number().int(),
      integrationId: z.number().int(),
      invoiceId: z.number().int(),
    }),
    run: runPushInvoice,
  } satisfies JobDefinition<PushInvoiceJob>,
};
