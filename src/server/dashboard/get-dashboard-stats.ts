import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { DashboardStats } from "../../core/contracts/calls.js";
import { centsToDecimal } from "../../core/money.js";
import { periodRange } from "../../core/period.js";
import type { Db } from "../db/client.js";
import { calls, invoices } from "../db/schema/index.js";

/** Invoices still waiting for money: drafts and sent ones. */
export const PENDING_INVOICE_STATUSES = ["draft", "sent"];

/**
 * Today's calls, tracked time and revenue, and the pending invoices, in one statement: an
 * index range scan of calls_account_started_idx for today (in the account's time zone)
 * plus a count over invoices_account_created_idx.
 */
export function dashboardStatsQuery(db: Db, options: { accountId: number; start: Date; end: Date }) {
  const pending = db
    .select({ n: sql<number>`count(*)`.mapWith(Number).as("n") })
    .from(invoices)
    .where(and(eq(invoices.accountId, options.accountId), inArray(invoices.status, PENDING_INVOICE_STATUSES)));
  return db
    .select({
      todayCalls: sql<number>`count(*)`.mapWith(Number),
      totalDuration: sql<number>`coalesce(sum(${calls.durationSeconds}), 0)`.mapWith(Number),
      amountCents: sql<number>`coalesce(sum(${calls.amountCents}), 0)`.mapWith(Number),
      pendingInvoices: sql<number>`(${pending})`.mapWith(Number),
    })
    .from(calls)
    .where(and(eq(calls.accountId, options.accountId), gte(calls.startedAt, options.start), lt(calls.startedAt, options.end)));
}

/** The dashboard's four figures for "today" as the account's user sees it (DECISIONS.md 7). */
export async function getDashboardStats(db: Db, options: { accountId: number; timezone: string; now: Date }): Promise<DashboardStats> {
  const { start, end } = periodRange({ kind: "today", timezone: options.timezone, now: options.now });
  const [row] = await dashboardStatsQuery(db, { accountId: options.accountId, start, end });
  return {
    todayCalls: row?.todayCalls ?? 0,
    totalDuration: row?.totalDuration ?? 0,
    billableAmount: centsToDecimal(row?.amountCents ?? 0),
    pendingInvoices: row?.pendingInvoices ?? 0,
  };
}
