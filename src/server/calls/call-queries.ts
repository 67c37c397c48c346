import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { AppError, notFound } from "../../core/errors.js";
import type { Db } from "../db/client.js";
import { calls, clients, invoices } from "../db/schema/index.js";
import { type CallWithClient, callJsonSql } from "./call-presenter.js";

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

/**
 * One client's calls started in [start, end), newest first (the client log's history), as the
 * JSON text of the API's list, built by the database in one statement: a row only when the
 * client is the account's, and then a range scan of calls_account_client_started_idx. Rows
 * decoded one by one cost the embedded database about three times as much per call.
 */
export function clientCallsJsonQuery(options: { accountId: number; clientId: number; start: Date; end: Date }) {
  const { accountId, clientId, start, end } = options;
  return sql`select (
      select coalesce(json_agg(${callJsonSql(sql`${clients.name}`)} order by ${calls.startedAt} desc, ${calls.id} desc), '[]')::text
      from ${calls}
      where ${calls.accountId} = ${accountId} and ${calls.clientId} = ${clientId}
        and ${calls.startedAt} >= ${start.toISOString()}::timestamptz and ${calls.startedAt} < ${end.toISOString()}::timestamptz
    ) as calls
    from ${clients}
    where ${clients.accountId} = ${accountId} and ${clients.id} = ${clientId}`;
}

/** The JSON text of clientCallsJsonQuery, or a 404 when the client is not the account's (archived ones included). */
export async function findClientCallsJson(db: Db, options: { accountId: number; clientId: number; start: Date; end: Date }): Promise<string> {
  const result = (await db.execute(clientCallsJsonQuery(options))) as unknown as { rows: { calls: string }[] };
  const row = result.rows[0];
  if (!row) throw notFound("Client");
  return row.calls;
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
