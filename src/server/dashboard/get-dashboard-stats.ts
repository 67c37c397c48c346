import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { DashboardStats } from "../../core/contracts/calls.js";
import { centsToDecimal } from "../../core/money.js";
import { periodRange } from "../../core/period.js";
import type { Db } from "../db/client.js";
import { calls, invoices } from "../db/schema/index.js";
import type { ReadCache } from "../http/read-cache.js";
import { ownedBy } from "../work/work-scope.js";

/** Invoices still waiting for money: drafts and sent ones. */
export const PENDING_INVOICE_STATUSES = ["draft", "sent"];

/**
 * Today's calls, tracked time and revenue, and the pending invoices, in one statement: an
 * index range scan of calls_account_started_idx for today (in the account's time zone)
 * plus a count over invoices_account_status_idx.
 */
export function dashboardStatsQuery(db: Db, options: { accountId: number; ownerId?: number | null; start: Date; end: Date }) {
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
    .where(
      and(
        eq(calls.accountId, options.accountId),
        ownedBy(calls.userId, options.ownerId),
        gte(calls.startedAt, options.start),
        lt(calls.startedAt, options.end),
      ),
    );
}

/** Today's range per zone, computed again only once `now` leaves it (computing it costs ~0.1 ms). */
const todays = new Map<string, { start: Date; end: Date }>();

function todayIn(timezone: string, now: Date): { start: Date; end: Date } {
  const known = todays.get(timezone);
  if (known && known.start.getTime() <= now.getTime() && now.getTime() < known.end.getTime()) return known;
  const { start, end } = periodRange({ kind: "today", timezone, now });
  if (todays.size >= 1000) todays.clear();
  todays.set(timezone, { start, end });
  return { start, end };
}

/**
 * The dashboard's four figures for "today" as the account's user sees it (docs/decisions.md D7), read
 * through the instance's one-second cache when one is given (http/read-cache.ts).
 */
export async function getDashboardStats(
  db: Db,
  options: { accountId: number; ownerId: number | null; timezone: string; now: Date; cache?: ReadCache<DashboardStats> },
): Promise<DashboardStats> {
  const { accountId, cache } = options;
  const { start, end } = todayIn(options.timezone, options.now);
  const key = `${start.getTime()} ${options.ownerId ?? "all"}`;
  const cached = cache?.get(accountId, key);
  if (cached) return cached;
  const began = cache?.begin() ?? 0;
  const [row] = await dashboardStatsQuery(db, { accountId, ownerId: options.ownerId, start, end });
  const stats = {
    todayCalls: row?.todayCalls ?? 0,
    totalDuration: row?.totalDuration ?? 0,
    billableAmount: centsToDecimal(row?.amountCents ?? 0),
    pendingInvoices: row?.pendingInvoices ?? 0,
  };
  cache?.set(accountId, key, stats, began);
  return stats;
}
