import type { BillingType } from "../../core/billing/rules.js";
import type { ActiveCallJson, CallJson } from "../../core/contracts/calls.js";
import { centsToDecimal } from "../../core/money.js";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { calls } from "../db/schema/index.js";

export type CallRow = typeof calls.$inferSelect;
export type CallWithClient = { call: CallRow; clientName: string | null };

/** A call as every list shows it: raw and billed seconds, money as decimal strings, the rules it was priced with. */
export function presentCall({ call, clientName }: CallWithClient): CallJson {
  const amount = centsToDecimal(call.amountCents);
  return {
    id: call.id,
    platform: call.platform,
    startTime: call.startedAt.toISOString(),
    endTime: call.endedAt?.toISOString() ?? null,
    duration: call.durationSeconds,
    billedDuration: call.billedSeconds,
    billableAmount: amount,
    amount,
    rate: centsToDecimal(call.rateCents),
    billingType: call.billingType as BillingType,
    minimumBillingMinutes: call.minimumBillingMinutes,
    roundingIncrementMinutes: call.roundingIncrementMinutes,
    clientId: call.clientId,
    clientName,
    callType: call.callType,
    notes: call.notes,
    description: call.description,
    invoiceId: call.invoiceId,
    active: call.endedAt === null,
  };
}

export function presentActiveCall({ call, clientName }: CallWithClient): ActiveCallJson {
  return {
    id: call.id,
    platform: call.platform,
    startTime: call.startedAt.toISOString(),
    clientId: call.clientId,
    clientName,
    callType: call.callType,
  };
}

/** An ISO 8601 UTC instant with milliseconds, as Date.prototype.toISOString writes it. */
const isoInstant = (column: AnyColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** Cents as the decimal string centsToDecimal writes ("150.50"). */
const decimal = (column: AnyColumn) => sql`((${column})::numeric / 100)::numeric(16, 2)::text`;

/**
 * presentCall written in SQL: a JSON object per call row, with exactly presentCall's fields and
 * values (tests/api/calls.test.ts compares the two on every kind of call). Lists built with it
 * leave the database as one JSON text, so the app neither decodes rows nor serialises them again.
 */
export function callJsonSql(clientName: SQL): SQL {
  return sql`json_build_object(
    'id', ${calls.id},
    'platform', ${calls.platform},
    'startTime', ${isoInstant(calls.startedAt)},
    'endTime', ${isoInstant(calls.endedAt)},
    'duration', ${calls.durationSeconds},
    'billedDuration', ${calls.billedSeconds},
    'billableAmount', ${decimal(calls.amountCents)},
    'amount', ${decimal(calls.amountCents)},
    'rate', ${decimal(calls.rateCents)},
    'billingType', ${calls.billingType},
    'minimumBillingMinutes', ${calls.minimumBillingMinutes},
    'roundingIncrementMinutes', ${calls.roundingIncrementMinutes},
    'clientId', ${calls.clientId},
    'clientName', ${clientName},
    'callType', ${calls.callType},
    'notes', ${calls.notes},
    'description', ${calls.description},
    'invoiceId', ${calls.invoiceId},
    'active', ${calls.endedAt} is null
  )`;
}
