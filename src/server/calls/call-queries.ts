import { and, desc, eq, is, isNull, Placeholder, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { AppError, notFound } from "../../core/errors.js";
import type { Database, Db, Statement, StatementParam } from "../db/client.js";
import { calls, clients } from "../db/schema/index.js";
import { getClient } from "../clients/get-client.js";
import { ownedBy } from "../work/work-scope.js";
import { findInvoiceNumber } from "../invoices/get-invoice.js";
import type { CallRow, CallWithClient } from "./call-presenter.js";

/** calls joined with their client's name; every caller adds `calls.account_id = $1`. */
export function selectCallsWithClient(db: Db) {
  return db.select({ call: calls, clientName: clients.name }).from(calls).leftJoin(clients, eq(clients.id, calls.clientId));
}

/**
 * "The call with this id in this account" (and, for a member, "of theirs": work/work-scope.ts): the one filter
 * every single-call query uses. `ownerId` null is the whole practice.
 */
export function callInAccount(accountId: number, callId: number, ownerId: number | null = null) {
  return and(eq(calls.accountId, accountId), eq(calls.id, callId), ownedBy(calls.userId, ownerId));
}

/** One call of the account (of the member, when `ownerId` is set) with its client's name, or a 404 (another account's or member's id included). */
export async function getCall(db: Db, accountId: number, callId: number, ownerId: number | null = null): Promise<CallWithClient> {
  const [row] = await selectCallsWithClient(db)
    .where(callInAccount(accountId, callId, ownerId))
    .limit(1);
  if (!row) throw notFound("Call");
  return row;
}

/** The account's calls, newest first, one page at a time. */
export function findCalls(db: Db, options: { accountId: number; ownerId: number | null; limit: number; offset: number }) {
  return selectCallsWithClient(db)
    .where(and(eq(calls.accountId, options.accountId), ownedBy(calls.userId, options.ownerId)))
    .orderBy(desc(calls.startedAt), desc(calls.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** Calls still running (ended_at null), oldest first so the tracker keeps its order. */
export function findActiveCalls(db: Db, accountId: number, ownerId: number | null) {
  return selectCallsWithClient(db)
    .where(and(eq(calls.accountId, accountId), isNull(calls.endedAt), ownedBy(calls.userId, ownerId)))
    .orderBy(calls.startedAt, calls.id);
}

/** The columns of a call the client log lists, in the order clientCallsQuery (and client-calls-page.ts) packs them. */
export const LISTED = [
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
  calls.source,
  calls.participants,
] as const;
/** A listed call as the database packs it: every column as text (or null), in LISTED's order. */
export type Packed = (string | null)[];

/**
 * One client's calls started in [start, end) (the client log's history), in one statement: a row
 * only when the client is the account's (archived ones included), holding its name and its calls
 * packed as one JSON array of text arrays, from a range scan of calls_account_client_started_idx.
 * On the embedded database (160 calls, prepared): plain rows cost several times more (decoding rows
 * one by one), json_agg(json_build_array(…)) 0.52 ms (it looks up each value's JSON type on every
 * row), json_agg(array[…::text]) 0.42 ms. Unordered: an ORDER BY inside json_agg sorts in the
 * database, which costs the embedded one more than sorting the parsed rows (findClientCallsInPeriod).
 */
export function clientCallsQuery(options: { ownCallsOnly?: boolean } = {}) {
  const accountId = sql.placeholder("accountId");
  // A member's client log (issue 26 §2): only their calls, one more condition on the same range.
  const owner = options.ownCallsOnly ? sql` and ${calls.userId} = ${sql.placeholder("ownerId")}` : sql``;
  const clientId = sql.placeholder("clientId");
  const asText = LISTED.map((column) => sql`${column}::text`);
  return sql`select ${clients.name} as name, (
      select coalesce(json_agg(array[${sql.join(asText, sql`, `)}]), '[]')::text
      from ${calls}
      where ${calls.accountId} = ${accountId} and ${calls.clientId} = ${clientId}
        and ${calls.startedAt} >= ${sql.placeholder("start")}::timestamptz and ${calls.startedAt} < ${sql.placeholder("end")}::timestamptz${owner}
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
const compiledOwnClientCalls = new PgDialect().sqlToQuery(clientCallsQuery({ ownCallsOnly: true }));
const ownClientCallsStatement: Statement = { name: "own_client_calls_in_period", text: compiledOwnClientCalls.sql };

type ClientCallsOptions = { accountId: number; ownerId?: number | null; clientId: number; start: Date; end: Date };

/** The parameters of clientCallsStatement (or its member's variant), in its order. */
export function clientCallsParams(options: ClientCallsOptions): StatementParam[] {
  const compiled = options.ownerId == null ? compiledClientCalls : compiledOwnClientCalls;
  const values = { ...options, start: options.start.toISOString(), end: options.end.toISOString() };
  return compiled.params.map((param) =>
    is(param, Placeholder) ? values[param.name as keyof typeof values] : (param as StatementParam),
  ) as StatementParam[];
}

/** The client's calls in the period, newest first, with its name, ready for presentCall, or a 404 when the client is not the account's. */
export async function findClientCallsInPeriod(database: Database, options: ClientCallsOptions): Promise<CallWithClient[]> {
  const statement = options.ownerId == null ? clientCallsStatement : ownClientCallsStatement;
  const [row] = await database.queryRows<{ name: string; calls: string }>(statement, clientCallsParams(options));
  if (!row) throw notFound("Client");
  const clientName = row.name;
  const listed = (JSON.parse(row.calls) as Packed[]).map((packed) => unpackCall(packed, options.clientId));
  listed.sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime() || b.id - a.id);
  return listed.map((call) => ({ call: call as CallRow, clientName }));
}

export type ListedCall = Omit<CallRow, "accountId" | "externalId" | "userId" | "createdAt" | "updatedAt" | "isTest">;

/** One packed call back into its columns (LISTED's order; every value arrives as text). */
export function unpackCall(c: Packed, clientId: number): ListedCall {
  return {
    id: Number(c[0]),
    platform: c[1] as string,
    startedAt: new Date(Math.round(Number(c[2]) * 1000)),
    endedAt: c[3] === null ? null : new Date(Math.round(Number(c[3]) * 1000)),
    durationSeconds: Number(c[4]),
    billedSeconds: Number(c[5]),
    amountCents: Number(c[6]),
    rateCents: Number(c[7]),
    billingType: c[8] as string,
    minimumBillingMinutes: Number(c[9]),
    roundingIncrementMinutes: Number(c[10]),
    clientId,
    callType: c[11] as string,
    notes: c[12] ?? null,
    description: c[13] ?? null,
    invoiceId: c[14] === null ? null : Number(c[14]),
    source: c[15] as string,
    // Nearly always "[]" (calls from the timer or the log): no parse for those.
    participants: !c[16] || c[16] === "[]" ? [] : JSON.parse(c[16]),
  };
}

/** The account's client, or a 404; an archived client takes no new calls. */
export async function getClientForCall(db: Db, accountId: number, clientId: number, options: { allowArchived?: boolean } = {}) {
  const client = await getClient(db, { accountId, clientId });
  if (client.archivedAt && !options.allowArchived)
    throw new AppError("conflict", `${client.name} is archived and takes no new calls`);
  return client;
}

/** 409 for an invoiced call (docs/decisions.md D10): it can no longer be edited or deleted. */
export async function assertNotInvoiced(db: Db, call: { accountId: number; invoiceId: number | null }): Promise<void> {
  if (call.invoiceId === null) return;
  const label = (await findInvoiceNumber(db, call.accountId, call.invoiceId)) ?? `#${call.invoiceId}`;
  throw new AppError("conflict", `This call is on invoice ${label} and can no longer be changed`);
}
