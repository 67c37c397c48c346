import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { ACCOUNTING_KIND } from "../../../core/accounting/providers.js";
import type { Db } from "../../db/client.js";
import { accountingRecords, integrations } from "../../db/schema/index.js";
import type { JobSend } from "../../jobs/job-types.js";
import { type PushInvoiceJob, pushJobKey } from "./jobs.js";
import { PUSH_INVOICE_JOB } from "./sync-runs.js";

/**
 * An invoice changed here after it was synced (voided, marked paid): push it again to every enabled,
 * connected accounting integration that already has it, so an invoice voided here is voided there and
 * one marked paid here records a payment there (docs/accounting.md). Called after the change commits. Not
 * synced yet anywhere: nothing to do; the next sync run takes it as it is. The number of pushes queued.
 */
export async function queueAccountingPush(
  db: Db,
  send: JobSend | null,
  options: { accountId: number; invoiceId: number },
): Promise<number> {
  if (!send) return 0;
  const mapped = await db
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
    await send(PUSH_INVOICE_JOB, data, { singletonKey: pushJobKey(integrationId, options.invoiceId) });
  }
  return mapped.length;
}
