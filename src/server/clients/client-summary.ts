import { and, count, eq, sql } from "drizzle-orm";
import type { ClientDetailResponse } from "../../core/contracts/clients.js";
import { centsToDecimal } from "../../core/money.js";
import type { Db } from "../db/client.js";
import { ownedBy } from "../work/work-scope.js";
import { calls, invoices, trackedEmails } from "../db/schema/index.js";

/**
 * The detail page's cards: calls, time and revenue (calls plus emails), summed
 * in the database in integer cents so a client with thousands of calls costs three index scans.
 */
export async function clientSummary(
  db: Db,
  scope: { accountId: number; clientId: number; ownerId?: number | null },
): Promise<ClientDetailResponse["summary"]> {
  const [callTotals, emailTotals, invoiceTotals] = await Promise.all([
    db
      .select({
        n: count(),
        seconds: sql<string>`coalesce(sum(${calls.durationSeconds}), 0)`,
        cents: sql<string>`coalesce(sum(${calls.amountCents}), 0)`,
      })
      .from(calls)
      .where(and(eq(calls.accountId, scope.accountId), eq(calls.clientId, scope.clientId), ownedBy(calls.userId, scope.ownerId))),
    db
      .select({ n: count(), cents: sql<string>`coalesce(sum(${trackedEmails.amountCents}), 0)` })
      .from(trackedEmails)
      .where(
        and(
          eq(trackedEmails.accountId, scope.accountId),
          eq(trackedEmails.clientId, scope.clientId),
          ownedBy(trackedEmails.userId, scope.ownerId),
        ),
      ),
    db
      .select({ n: count() })
      .from(invoices)
      .where(and(eq(invoices.accountId, scope.accountId), eq(invoices.clientId, scope.clientId))),
  ]);
  const callCents = Number(callTotals[0]?.cents ?? 0);
  const emailCents = Number(emailTotals[0]?.cents ?? 0);
  return {
    totalCalls: callTotals[0]?.n ?? 0,
    totalDurationSeconds: Number(callTotals[0]?.seconds ?? 0),
    callRevenue: centsToDecimal(callCents),
    emailRevenue: centsToDecimal(emailCents),
    totalRevenue: centsToDecimal(callCents + emailCents),
    totalEmails: emailTotals[0]?.n ?? 0,
    totalInvoices: invoiceTotals[0]?.n ?? 0,
  };
}
