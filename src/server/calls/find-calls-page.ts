import { and, eq, gte, isNotNull, isNull, lt } from "drizzle-orm";
import type { CallJson, CallsPageQuery } from "../../core/contracts/calls.js";
import { type Page, toPage } from "../../core/contracts/paging.js";
import type { Database, Db } from "../db/client.js";
import { calls, clients } from "../db/schema/index.js";
import { keysetAfter, keysetMicros, keysetOrder, keysetPosition } from "../http/keyset-page.js";
import { ownedBy } from "../work/work-scope.js";
import { presentCall } from "./call-presenter.js";
import { findClientCallsPage } from "./client-calls-page.js";
import { optionalPeriodBounds } from "./period-bounds.js";

const KEYSET = { at: calls.startedAt, id: calls.id };

/**
 * GET /api/calls/page: one page of the account's calls, newest first (docs/paging.md).
 * One client's (the client log): findClientCallsPage, one prepared statement that also answers 404 for a
 * client that is not the account's, archived ones included. All the account's: one index range of
 * calls_account_started_idx from the cursor on, limit + 1 rows: the cost follows the page, not the history.
 */
export async function findCallsPage(
  database: Database,
  options: { accountId: number; ownerId: number | null; timezone: string; query: CallsPageQuery },
): Promise<Page<CallJson>> {
  const { accountId, query } = options;
  const period = optionalPeriodBounds(query, options.timezone);
  if (query.clientId !== undefined)
    return findClientCallsPage(database, { accountId, clientId: query.clientId, ownerId: options.ownerId, query, period });
  const rows = await selectCallsPage(database.db, { accountId, ownerId: options.ownerId, query, period });
  const page = toPage(rows, query.limit, (row) => keysetPosition({ micros: row.micros, id: row.call.id }));
  return { items: page.items.map(presentCall), nextCursor: page.nextCursor };
}

/** The page's statement for the whole account (limit + 1 rows; a clientId here is the pre-2026-11-28 shape, printed by bench/client-log-explain.ts). */
export function selectCallsPage(
  db: Db,
  options: { accountId: number; ownerId?: number | null; query: CallsPageQuery; period: { start: Date; end: Date } | undefined },
) {
  const { accountId, query, period } = options;
  return db
    .select({ call: calls, clientName: clients.name, micros: keysetMicros(calls.startedAt) })
    .from(calls)
    .leftJoin(clients, eq(clients.id, calls.clientId))
    .where(
      and(
        eq(calls.accountId, accountId),
        ownedBy(calls.userId, options.ownerId),
        query.clientId === undefined ? undefined : eq(calls.clientId, query.clientId),
        period ? gte(calls.startedAt, period.start) : undefined,
        period ? lt(calls.startedAt, period.end) : undefined,
        query.billing === "unbilled" ? and(isNull(calls.invoiceId), isNotNull(calls.endedAt)) : undefined,
        keysetAfter(KEYSET, query.cursor),
      ),
    )
    .orderBy(...keysetOrder(KEYSET))
    .limit(query.limit + 1);
}
