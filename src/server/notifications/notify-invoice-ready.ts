import { and, eq, sql } from "drizzle-orm";
import { callTypeLabel } from "../../core/contracts/calls.js";
import type { InvoiceReadyData } from "../../core/contracts/notifications.js";
import { billableMinutes } from "../../core/duration.js";
import { centsToDecimal } from "../../core/money.js";
import { todayInZone } from "../../core/period.js";
import type { Db } from "../db/client.js";
import { findClientsById } from "../clients/get-client.js";
import { accounts, notifications } from "../db/schema/index.js";

export const INVOICE_READY = "invoice_ready";

export type NotificationRow = typeof notifications.$inferSelect;

/** The fields of an ended call the notification needs (a `calls` row fits). */
export type EndedCall = {
  id: number;
  clientId: number | null;
  durationSeconds: number;
  amountCents: number;
  callType: string;
  startedAt: Date;
};

/**
 * Creates the "invoice ready" notification for a call that just ended with a client (spec 001:
 * Notifications overlay). Call it from the end-call service, inside its transaction if it has
 * one. A call without a client gets none; a second call for the same call returns the first.
 */
export async function notifyInvoiceReady(
  db: Db,
  options: { accountId: number; userId?: number | null; call: EndedCall },
): Promise<NotificationRow | null> {
  const { accountId, call } = options;
  if (call.clientId === null) return null;
  const [client] = await findClientsById(db, accountId, [call.clientId]);
  const [account] = await db
    .select({ currency: accounts.currency, timezone: accounts.timezone })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!client || !account) return null;

  const [existing] = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.accountId, accountId),
        eq(notifications.kind, INVOICE_READY),
        sql`${notifications.data}->>'callId' = ${String(call.id)}`,
      ),
    )
    .limit(1);
  if (existing) return existing;

  const type = callTypeLabel(call.callType);
  const data: InvoiceReadyData = {
    callId: call.id,
    clientId: client.id,
    clientName: client.name,
    clientEmail: client.email,
    duration: billableMinutes(call.durationSeconds),
    amount: centsToDecimal(call.amountCents),
    currency: account.currency,
    callType: call.callType,
    callDate: todayInZone(account.timezone, call.startedAt),
  };
  const [row] = await db
    .insert(notifications)
    .values({
      accountId,
      userId: options.userId ?? null,
      kind: INVOICE_READY,
      title: "Invoice Ready",
      message: `Your ${type.toLowerCase()} call with ${client.name} has ended and is ready to invoice.`,
      data,
    })
    .returning();
  return row ?? null;
}
