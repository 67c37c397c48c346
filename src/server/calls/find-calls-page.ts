import { and, eq, gte, isNotNull, isNull, lt } from "drizzle-orm";
import type { CallJson, CallsPageQuery } from "../../core/contracts/calls.js";
import { type Page, toPage } from "../../core/contracts/paging.js";
import type { Db } from "../db/client.js";
import { calls, clients } from "../db/schema/index.js";
import { getClient } from "../clients/get-client.js";
import { keysetAfter, keysetMicros, keysetOrder, keysetPosition } from "../http/keyset-page.js";
import { ownedBy } from "../work/work-scope.js";
import { presentCall } from "./call-presenter.js";
import { optionalPeriodBounds } from "./period-bounds.js";

const KEYSET = { at: calls.startedAt, id: calls.id };

/**
 * GET /api/calls/page: one page of the account's calls, newest first (docs/paging.md).
 * One index range of calls_account_client_started_idx (a client) or calls_account_started_idx (all),
 * from the cursor on, limit + 1 rows: the cost follows the page, not the history. A client that is
 * not the account's is a 404, archived ones included.
 */
export async function findCallsPage(
  db: Db,
  options: { accountId: number; ownerId: number | null; timezone: string; query: CallsPageQuery },
): Promise<Page<CallJson>> {
  const { accountId, query } = options;
  if (query.clientId !== undefined) await getClient(db, { accountId, clientId: query.clientId });
  const rows = await selectCallsPage(db, {
    accountId,
    ownerId: options.ownerId,
    query,
    period: optionalPeriodBounds(query, options.timezone),
  });
  const page = toPage(rows, query.limit, (row) => keysetPosition({ micros: row.micros, id: row.call.id }));
  return { items: page.items.map(presentCall), nextCursor: page.nextCursor };
}

/** The page's statement (limit + 1 rows), also printed by bench/client-log-explain.ts. */
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
