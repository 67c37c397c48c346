import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { ACCOUNTING_KIND } from "../../../core/accounting/providers.js";
import type { Db } from "../../db/client.js";
import { accountingRecords, integrations } from "../../db/schema/index.js";
import type { JobQueue } from "../../jobs/job-queue.js";
import { sendInTransaction } from "../../jobs/send-in-transaction.js";
import { type PushInvoiceJob, pushJobKey } from "./jobs.js";
import { PUSH_INVOICE_JOB } from "./sync-runs.js";

/**
 * An invoice changed here after it was synced (voided, marked paid): push it again to every enabled,
 * connected accounting integration that already has it, so an invoice voided here is voided there and
 * one marked paid here records a payment there (docs/accounting.md). Called after the change commits. Not
 * synced yet anywhere: nothing to do; the next sync run takes it as it is. Runs inside the change's own
 * transaction `tx` (jobs/send-in-transaction.ts), so the change and its pushes commit together: a failure to
 * queue rolls the change back (the caller answers 5xx and nothing changed), and a crash between the two keeps
 * neither. The caller wakes the worker after the commit (`wakeAccountingPush`). The number of pushes queued.
 */
export async function queueAccountingPush(
  tx: Db,
  jobs: JobQueue | null,
  options: { accountId: number; invoiceId: number },
): Promise<number> {
  if (!jobs) return 0;
  const mapped = await tx
    .select({ integrationId: integrations.id })
    .from(accountingRecords)
    .innerJoin(integrations, eq(integrations.id, accountingRecords.integrationId))
    .where(
      and(
        eq(accountingRecords.accountId, options.accountId),
        eq(accountingRecords.entity, "invoice"),
        eq(accountingRecords.localId, options.invoiceId),
        isNotNull(accountingRecords.remoteId),
        eq(integrations.accountId, options.accountId),
        eq(integrations.kind, ACCOUNTING_KIND),
        eq(integrations.enabled, true),
        inArray(integrations.status, ["connected"]),
      ),
    );
  for (const { integrationId } of mapped) {
    const data: PushInvoiceJob = { runId: null, accountId: options.accountId, integrationId, invoiceId: options.invoiceId };
    await sendInTransaction(tx, jobs, {
      name: PUSH_INVOICE_JOB,
      data,
      options: { singletonKey: pushJobKey(integrationId, options.invoiceId) },
    });
  }
  return mapped.length;
}

/** After the commit of a change that queued pushes: this instance's worker takes them now (others poll). */
export function wakeAccountingPush(jobs: JobQueue | null, queued: number): void {
  if (queued > 0) jobs?.wake(PUSH_INVOICE_JOB);
}
