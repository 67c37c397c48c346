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

/** What the notification reads of the client and of the account. */
export type InvoiceReadyClient = { id: number; name: string; email: string | null };
export type InvoiceReadyAccount = { currency: string; timezone: string };

/** The notification's columns (created_at is the database's now). */
export type InvoiceReadyValues = {
  accountId: number;
  userId: number | null;
  kind: typeof INVOICE_READY;
  title: string;
  message: string;
  data: InvoiceReadyData;
};

/** The "invoice ready" notification of an ended call with its client, as it is stored. */
export function invoiceReadyValues(options: {
  accountId: number;
  userId?: number | null;
  call: EndedCall;
  client: InvoiceReadyClient;
  account: InvoiceReadyAccount;
}): InvoiceReadyValues {
  const { call, client, account } = options;
  const type = callTypeLabel(call.callType);
  return {
    accountId: options.accountId,
    userId: options.userId ?? null,
    kind: INVOICE_READY,
    title: "Invoice Ready",
    message: `Your ${type.toLowerCase()} call with ${client.name} has ended and is ready to invoice.`,
    data: {
      callId: call.id,
      clientId: client.id,
      clientName: client.name,
      clientEmail: client.email,
      duration: billableMinutes(call.durationSeconds),
      amount: centsToDecimal(call.amountCents),
      currency: account.currency,
      callType: call.callType,
      callDate: todayInZone(account.timezone, call.startedAt),
    },
  };
}

/**
 * Creates the "invoice ready" notification for a call that just ended with a client (the
 * notifications overlay shows it). Call it from the end-call service, inside its transaction if it has
 * one. A call without a client gets none; a second call for the same call returns the first.
 * A caller that has the client and the account's currency and timezone at hand passes them, and
 * they are not read again.
 */
export async function notifyInvoiceReady(
  db: Db,
  options: {
    accountId: number;
    userId?: number | null;
    call: EndedCall;
    client?: InvoiceReadyClient;
    account?: InvoiceReadyAccount;
  },
): Promise<NotificationRow | null> {
  const { accountId, call } = options;
  if (call.clientId === null) return null;
  const [client] = options.client ? [options.client] : await findClientsById(db, accountId, [call.clientId]);
  const [account] = options.account
    ? [options.account]
    : await db
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

  const [row] = await db
    .insert(notifications)
    .values(invoiceReadyValues({ accountId, userId: options.userId, call, client, account }))
    .returning();
  return row ?? null;
}
