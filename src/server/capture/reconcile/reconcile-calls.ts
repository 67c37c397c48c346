import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { calls, webhookEvents } from "../../db/schema/index.js";

/** Of these external ids of (account, source), the ones whose call exists and has ended. */
export async function findEndedCalls(
  db: Db,
  options: { accountId: number; source: string; externalIds: readonly string[] },
): Promise<Set<string>> {
  if (options.externalIds.length === 0) return new Set();
  const rows = await db
    .select({ externalId: calls.externalId })
    .from(calls)
    .where(
      and(
        eq(calls.accountId, options.accountId),
        eq(calls.source, options.source),
        inArray(calls.externalId, [...options.externalIds]),
        isNotNull(calls.endedAt),
      ),
    );
  return new Set(rows.flatMap((row) => (row.externalId ? [row.externalId] : [])));
}

/** Of these event ids of (account, source), the ones the pipeline has already recorded. */
export async function findRecordedEvents(
  db: Db,
  options: { accountId: number; source: string; eventIds: readonly string[] },
): Promise<Set<string>> {
  if (options.eventIds.length === 0) return new Set();
  const rows = await db
    .select({ eventId: webhookEvents.eventId })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.accountId, options.accountId),
        eq(webhookEvents.provider, options.source),
        inArray(webhookEvents.eventId, [...options.eventIds]),
      ),
    );
  return new Set(rows.map((row) => row.eventId));
}
