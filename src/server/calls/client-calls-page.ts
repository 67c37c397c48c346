import { is, Placeholder, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { CallJson, CallsPageQuery } from "../../core/contracts/calls.js";
import { type Page, toPage } from "../../core/contracts/paging.js";
import { notFound } from "../../core/errors.js";
import type { Database, Statement, StatementParam } from "../db/client.js";
import { calls, clients } from "../db/schema/index.js";
import { type CallRow, presentCall } from "./call-presenter.js";
import { LISTED, type Packed, unpackCall } from "./call-queries.js";

/**
 * GET /api/calls/page?clientId=…: the client log's page of one client's calls, in ONE prepared statement: a row
 * only when the client is the account's (else 404, archived clients included), holding its name and the page's
 * calls packed as one JSON array of text arrays from a backward range of calls_account_client_started_idx
 * (limit + 1 rows, from the cursor on). It replaces a client lookup plus a drizzle-built join (two round trips,
 * the SQL built and every row mapped by drizzle on each request: most of the page's app CPU, docs/performance.md
 * issue 26). The statement has a few shapes (member, period, unbilled only, cursor): each compiled once, named.
 */
type Shape = { own: boolean; period: boolean; unbilled: boolean; cursor: boolean };

const p = (name: string) => sql.placeholder(name);

function clientCallsPageQuery(shape: Shape): SQL {
  const conditions = [
    sql`${calls.accountId} = ${p("accountId")}`,
    sql`${calls.clientId} = ${p("clientId")}`,
    ...(shape.own ? [sql`${calls.userId} = ${p("ownerId")}`] : []),
    ...(shape.period
      ? [sql`${calls.startedAt} >= ${p("start")}::timestamptz`, sql`${calls.startedAt} < ${p("end")}::timestamptz`]
      : []),
    ...(shape.unbilled ? [sql`${calls.invoiceId} is null and ${calls.endedAt} is not null`] : []),
    // The same row comparison as http/keyset-page.ts keysetAfter: one index condition on (…, started_at, id).
    ...(shape.cursor
      ? [
          sql`(${calls.startedAt}, ${calls.id}) < (timestamptz 'epoch' + ${p("cursorMicros")}::bigint * interval '1 microsecond', ${p("cursorId")}::integer)`,
        ]
      : []),
  ];
  const packed = [
    ...LISTED.map((column) => sql`${column}::text`),
    sql`${calls.isTest}::text`,
    // The keyset position in whole microseconds (http/keyset-page.ts keysetMicros), exact as text.
    sql`(extract(epoch from ${calls.startedAt}) * 1000000)::bigint::text`,
  ];
  return sql`select ${clients.name} as name, (
      select coalesce(json_agg(array[${sql.join(packed, sql`, `)}]), '[]')::text
      from (
        select * from ${calls} where ${sql.join(conditions, sql` and `)}
        order by ${calls.startedAt} desc, ${calls.id} desc
        limit ${p("limit")}::integer
      ) as ${calls}
    ) as calls
    from ${clients}
    where ${clients.accountId} = ${p("accountId")} and ${clients.id} = ${p("clientId")}`;
}

const dialect = new PgDialect();
const compiled = new Map<string, { statement: Statement; params: unknown[] }>();

function statementFor(shape: Shape) {
  const key = `${+shape.own}${+shape.period}${+shape.unbilled}${+shape.cursor}`;
  let entry = compiled.get(key);
  if (!entry) {
    const query = dialect.sqlToQuery(clientCallsPageQuery(shape));
    entry = { statement: { name: `client_calls_page_${key}`, text: query.sql }, params: query.params };
    compiled.set(key, entry);
  }
  return entry;
}

export type ClientCallsPageOptions = {
  accountId: number;
  clientId: number;
  ownerId: number | null;
  query: CallsPageQuery;
  period: { start: Date; end: Date } | undefined;
};

/** The statement and its parameters for these options (also explained by bench/client-log-explain.ts). */
export function clientCallsPageStatement(options: ClientCallsPageOptions): { statement: Statement; params: StatementParam[] } {
  const { query, period } = options;
  const shape = {
    own: options.ownerId !== null,
    period: period !== undefined,
    unbilled: query.billing === "unbilled",
    cursor: !!query.cursor,
  };
  const { statement, params } = statementFor(shape);
  const values: Record<string, StatementParam> = {
    accountId: options.accountId,
    clientId: options.clientId,
    ownerId: options.ownerId,
    start: period?.start.toISOString() ?? null,
    end: period?.end.toISOString() ?? null,
    cursorMicros: query.cursor ? String(query.cursor.micros) : null,
    cursorId: query.cursor?.id ?? null,
    limit: query.limit + 1,
  };
  return {
    statement,
    params: params.map((param) => (is(param, Placeholder) ? (values[param.name] ?? null) : (param as StatementParam))),
  };
}

export async function findClientCallsPage(database: Database, options: ClientCallsPageOptions): Promise<Page<CallJson>> {
  const { statement, params } = clientCallsPageStatement(options);
  const [row] = await database.queryRows<{ name: string; calls: string }>(statement, params);
  if (!row) throw notFound("Client");
  const clientName = row.name;
  const micros = LISTED.length + 1;
  const listed = (JSON.parse(row.calls) as Packed[]).map((packed) => ({
    call: { ...unpackCall(packed, options.clientId), isTest: packed[LISTED.length] === "true" } as CallRow,
    micros: packed[micros] as string,
  }));
  // json_agg keeps the subquery's order in practice, but only ORDER BY promises one: sort the few rows again.
  listed.sort((a, b) => Number(b.micros) - Number(a.micros) || b.call.id - a.call.id);
  const page = toPage(listed, options.query.limit, (r) => ({ micros: Number(r.micros), id: r.call.id }));
  return { items: page.items.map((r) => presentCall({ call: r.call, clientName })), nextCursor: page.nextCursor };
}
