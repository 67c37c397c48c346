import { and, asc, eq, gte, isNotNull, isNull, lt } from "drizzle-orm";
import {
  AT_LEAST_ONE_CALL,
  type GenerateInvoiceRequest,
  MAX_CALLS_PER_INVOICE,
  TOO_MANY_CALLS,
} from "../../core/contracts/invoices.js";
import { AppError } from "../../core/errors.js";
import { dayRangeInZone } from "../../core/period.js";
import type { AccountRow } from "../auth/sessions.js";
import { getClient } from "../clients/get-client.js";
import type { Db } from "../db/client.js";
import { calls } from "../db/schema/index.js";

/**
 * The ids of one client's ended calls on no invoice, started in [dateFrom, dateTo] (whole days in the
 * account's zone): what the client log's "Generate Invoice" for a period bills. Read inside the invoice's
 * transaction, so a call invoiced meanwhile is not taken (lockCalls then re-checks each row under its lock).
 */
export async function unbilledCallIdsInPeriod(tx: Db, account: AccountRow, input: GenerateInvoiceRequest): Promise<number[]> {
  const clientId = input.clientId as number;
  await getClient(tx, { accountId: account.id, clientId });
  const { start, end } = dayRangeInZone(input.dateFrom as string, input.dateTo as string, account.timezone);
  const rows = await tx
    .select({ id: calls.id })
    .from(calls)
    .where(
      and(
        eq(calls.accountId, account.id),
        eq(calls.clientId, clientId),
        gte(calls.startedAt, start),
        lt(calls.startedAt, end),
        isNull(calls.invoiceId),
        isNotNull(calls.endedAt),
      ),
    )
    .orderBy(asc(calls.startedAt), asc(calls.id))
    .limit(MAX_CALLS_PER_INVOICE + 1);
  if (rows.length === 0) throw new AppError("validation_error", AT_LEAST_ONE_CALL);
  if (rows.length > MAX_CALLS_PER_INVOICE) throw new AppError("validation_error", TOO_MANY_CALLS);
  return rows.map((row) => row.id);
}
