import { and, desc, eq, is, isNull, Placeholder, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { AppError, notFound } from "../../core/errors.js";
import type { Database, Db, Statement, StatementParam } from "../db/client.js";
import { calls, clients, invoices } from "../db/schema/index.js";
import type { CallRow, CallWithClient } from "./call-presenter.js";

/** calls joined with their client's name; every caller adds `calls.account_id = $1`. */
export function selectCallsWithClient(db: Db) {
  return db.select({ call: calls, clientName: clients.name }).from(calls).leftJoin(clients, eq(clients.id, calls.clientId));
}

/** One call of the account with its client's name, or a 404 (another account's id included). */
export async function getCall(db: Db, accountId: number, callId: number): Promise<CallWithClient> {
  const [row] = await selectCallsWithClient(db)
    .where(and(eq(calls.accountId, accountId), eq(calls.id, callId)))
    .limit(1);
  if (!row) throw notFound("Call");
  return row;
}

/** The account's calls, newest first, one page at a time. */
export function findCalls(db: Db, options: { accountId: number; limit: number; offset: number }) {
  return selectCallsWithClient(db)
    .where(eq(calls.accountId, options.accountId))
    .orderBy(desc(calls.startedAt), desc(calls.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** Calls still running (ended_at null), oldest first so the tracker keeps its order. */
export function findActiveCalls(db: Db, accountId: number) {
  return selectCallsWithClient(db)
    .where(and(eq(calls.accountId, accountId), isNull(calls.endedAt)))
    .orderBy(calls.startedAt, calls.id);
}

/** The columns of a call the client log lists, in the order clientCallsQuery packs them. */
const LISTED = [
  calls.id,
  calls.platform,
  // Epoch seconds as double precision: date_part is float8, while extract() is numeric, whose
  // arithmetic and output cost the embedded database about 1 ms per hundred calls.
  sql`date_part('epoch', ${calls.startedAt})`,
  sql`date_part('epoch', ${calls.endedAt})`,
  calls.durationSeconds,
  calls.billedSeconds,
  calls.amountCents,
  calls.rateCents,
  calls.billingType,
  calls.minimumBillingMinutes,
  calls.roundingIncrementMinutes,
  calls.callType,
  calls.notes,
  calls.description,
  calls.invoiceId,
] as const;
type Packed = [number, string, number, number | null, number, number, number, number, string, number, number, string, string | null, string | null, number | null];

/**
 * One client's calls started in [start, end) (the client log's history), in one statement: a row
 * only when the client is the account's (archived ones included), holding its name and its calls
 * packed as one JSON array of arrays, from a range scan of calls_account_client_started_idx. On the
 * embedded database, decoding rows one by one costs about twice as much per call as parsing one
 * JSON text. Unordered: an ORDER BY inside json_agg sorts in the database, which costs the embedded
 * one more than sorting the parsed rows (findClientCallsInPeriod does).
 */
export function clientCallsQuery() {
  const accountId = sql.placeholder("accountId");
  const clientId = sql.placeholder("clientId");
  return sql`select ${clients.name} as name, (
      select coalesce(json_agg(json_build_array(${sql.join([...LISTED], sql`, `)})), '[]')::text
      from ${calls}
      where ${calls.accountId} = ${accountId} and ${calls.clientId} = ${clientId}
        and ${calls.startedAt} >= ${sql.placeholder("start")}::timestamptz and ${calls.startedAt} < ${sql.placeholder("end")}::timestamptz
    ) as calls
    from ${clients}
    where ${clients.accountId} = ${accountId} and ${clients.id} = ${clientId}`;
}

/**
 * clientCallsQuery compiled once: the client log reads it on every period change, and building the
 * SQL from its parts costs about as much as parsing the answer.
 */
const compiledClientCalls = new PgDialect().sqlToQuery(clientCallsQuery());
export const clientCallsStatement: Statement = { name: "client_calls_in_period", text: compiledClientCalls.sql };

/** The parameters of clientCallsStatement, in its order. */
export function clientCallsParams(options: { accountId: number; clientId: number; start: Date; end: Date }): StatementParam[] {
  const values = { ...options, start: options.start.toISOString(), end: options.end.toISOString() };
  return compiledClientCalls.params.map((param) => (is(param, Placeholder) ? values[param.name as keyof typeof values] : (param as StatementParam)));
}

/** The client's calls in the period, newest first, with its name, ready for presentCall, or a 404 when the client is not the account's. */
export async function findClientCallsInPeriod(
  database: Database,
  options: { accountId: number; clientId: number; start: Date; end: Date },
): Promise<CallWithClient[]> {
  const [row] = await database.queryRows<{ name: string; calls: string }>(clientCallsStatement, clientCallsParams(options));
  if (!row) throw notFound("Client");
  const clientName = row.name;
  const packed = (JSON.parse(row.calls) as Packed[]).sort((a, b) => b[2] - a[2] || b[0] - a[0]);
  return packed.map((c) => {
    const call: Omit<CallRow, "accountId" | "source" | "externalId" | "createdAt" | "updatedAt"> = {
      id: c[0],
      platform: c[1],
      startedAt: new Date(Math.round(c[2] * 1000)),
      endedAt: c[3] === null ? null : new Date(Math.round(c[3] * 1000)),
      durationSeconds: c[4],
      billedSeconds: c[5],
      amountCents: c[6],
      rateCents: c[7],
      billingType: c[8],
      minimumBillingMinutes: c[9],
      roundingIncrementMinutes: c[10],
      clientId: options.clientId,
      callType: c[11],
      notes: c[12],
      description: c[13],
      invoiceId: c[14],
    };
    return { call: call as CallRow, clientName };
  });
}

/** The account's client, or a 404; an archived client takes no new calls. */
export async function getClientForCall(db: Db, accountId: number, clientId: number, options: { allowArchived?: boolean } = {}) {
  const [client] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.accountId, accountId), eq(clients.id, clientId)))
    .limit(1);
  if (!client) throw notFound("Client");
  if (client.archivedAt && !options.allowArchived) throw new AppError("conflict", `${client.name} is archived and takes no new calls`);
  return client;
}

/** 409 for an invoiced call (DECISIONS.md 10): it can no longer be edited or deleted. */
export async function assertNotInvoiced(db: Db, call: { accountId: number; invoiceId: number | null }): Promise<void> {
  if (call.invoiceId === null) return;
  const [invoice] = await db
    .select({ invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(and(eq(invoices.accountId, call.accountId), eq(invoices.id, call.invoiceId)))
    .limit(1);
  const label = invoice?.invoiceNumber ?? `#${call.invoiceId}`;
  throw new AppError("conflict", `This call is on invoice ${label} and can no longer be changed`);
}
