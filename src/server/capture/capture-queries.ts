import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { calls, captureActivity, clients, notifications, users, webhookEvents } from "../db/schema/index.js";
import { CALL_CHANGES_CHANNEL, type CallChange } from "../live/notify-call-change.js";
import { INVOICE_READY, type InvoiceReadyValues } from "../notifications/notify-invoice-ready.js";
import type { OwnContacts } from "../../core/capture/choose-client.js";
import type { CaptureEvent } from "./capture-event.js";
import type { RunStatement } from "../db/transaction-statements.js";
import { columnPlaceholder, compiledOnce, compiledPerShape } from "../db/compiled-statement.js";
import { COUNT_HIT } from "../http/rate-limit.js";

/**
 * A webhook delivery counted in its event's last statement (integrations/webhook-rate-limit.ts
 * DeferredWebhookCount): the counter row and the limit. Counted last, so on PostgreSQL the counter's row is
 * locked only until the COMMIT in the same trip (deliveries of one URL do not wait on each other's work).
 */
export type FinishCount = { key: string; windowStart: Date; limit: number };

/**
 * The text of the error a counted last statement raises past the limit: the transaction is rolled back,
 * so nothing of the event is recorded (isPastTheLimit tells it from any other failure).
 */
const PAST_THE_LIMIT = "webhook delivery past its rate limit";

/** An outcome with the delivery's count when its last statement made one (an uncounted outcome has none). */
export function withDeliveryCount<T extends object>(outcome: T, count: number | null): T & { count?: number } {
  return count === null ? outcome : { ...outcome, count };
}

/** True for the error finishEvent's statement raised because the count passed the limit. */
export function isPastTheLimit(error: unknown): boolean {
  return error instanceof Error && error.message.includes(PAST_THE_LIMIT);
}

/** The key of a captured call: one call per conversation of a provider in an account. */
export type CaptureKey = { accountId: number; source: string; externalCallId: string };

export function captureKeyOf(event: CaptureEvent): CaptureKey {
  return { accountId: event.accountId, source: event.source, externalCallId: event.externalCallId };
}

/** What pricing and the invoice-ready notification read of a client: read with the call, not again. */
export type CaptureClient = {
  id: number;
  name: string;
  email: string | null;
  billingRateCents: number | null;
  billingType: string | null;
  minimumBillingMinutes: number | null;
  roundingIncrementMinutes: number | null;
};

/** A CaptureClient as one json column of a statement (`k` is the clients row). */
export const CAPTURE_CLIENT_JSON = `json_build_object('id', k.id, 'name', k.name, 'email', k.email,
  'billingRateCents', k.billing_rate_cents, 'billingType', k.billing_type,
  'minimumBillingMinutes', k.minimum_billing_minutes, 'roundingIncrementMinutes', k.rounding_increment_minutes)`;

/**
 * The account users' own addresses and numbers (never a client's), as a column of the account's
 * row: one statement reads both.
 */
export function ownContactsOf(accountId: SQL.Aliased | typeof users.accountId | SQLWrapper) {
  return sql<OwnContacts>`(select json_build_object(
      'emails', coalesce(json_agg(${users.email}), '[]'::json),
      'phones', coalesce(json_agg(${users.phoneNumber}), '[]'::json))
    from ${users} where ${users.accountId} = ${accountId})`;
}

/** A named parameter of a statement compiled once. */
const p = (name: string) => sql.placeholder(name);

/** A json column as the driver gave it: parsed already by node-postgres and PGlite, text otherwise. */
export function parsedJson<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : (value ?? null)) as T;
}

/** The key's call, locked until the transaction ends: the columns of `columns` (selected from `c`). */
export function lockCallStatement(columns: string) {
  return compiledOnce<CaptureKey>(
    sql`select ${sql.raw(columns)} from ${calls} c
      where c.account_id = ${p("accountId")} and c.source = ${p("source")} and c.external_id = ${p("externalCallId")}
      limit 1 for update`,
  );
}

const findCallIdStatement = compiledOnce<CaptureKey>(
  sql`select k.id from ${calls} k
    where k.account_id = ${p("accountId")} and k.source = ${p("source")} and k.external_id = ${p("externalCallId")} limit 1`,
);

export async function findCallId(run: RunStatement, key: CaptureKey): Promise<number | null> {
  const [raw] = await run(findCallIdStatement(key));
  return raw ? Number(raw.id) : null;
}

const findClientStatement = compiledOnce<{ accountId: number; clientId: number }>(
  sql`select ${sql.raw(CAPTURE_CLIENT_JSON)} as client from ${clients} k
    where k.id = ${p("clientId")}::integer and k.account_id = ${p("accountId")}::integer`,
);

/** A client of the account (archived or not), for pricing when the statements before did not read it. */
export async function findCaptureClient(run: RunStatement, accountId: number, clientId: number): Promise<CaptureClient | null> {
  const [raw] = await run(findClientStatement({ accountId, clientId }));
  return raw ? parsedJson<CaptureClient>(raw.client) : null;
}

/**
 * A discarded call (missed, or shorter than the account's minimum) leaves this mark so later events
 * of the same conversation never bring it back: a webhook_events row of provider "<source>:discarded"
 * (a name no delivery uses) with the conversation's id.
 */
function tombstone(key: CaptureKey) {
  return { provider: `${key.source}:discarded`, eventId: key.externalCallId, accountId: key.accountId };
}

/** The call's invoice-ready notification (`n`), by the placeholders accountId and callId (text). */
const invoiceReadyOf = sql`n.account_id = ${p("accountId")}::integer and n.kind = ${INVOICE_READY} and n.data->>'callId' = ${p("callId")}::text`;

const discardStatement = compiledOnce<{ accountId: number; callId: string | null; provider: string; eventId: string; at: string }>(
  sql`with deleted as (
      delete from ${calls} k where k.account_id = ${p("accountId")}::integer and k.id = ${p("callId")}::integer returning k.id
    ), dropped as (
      delete from ${notifications} n where ${p("callId")}::text is not null and ${invoiceReadyOf} returning n.id
    ), marked as (
      insert into ${webhookEvents} (provider, event_id, account_id, received_at)
      values (${p("provider")}, ${p("eventId")}, ${p("accountId")}::integer, ${p("at")}::timestamptz)
      on conflict do nothing returning id
    )
    select (select count(*) from deleted) as deleted`,
);

/** Deletes the call (if any) with its invoice-ready notification, and leaves the mark: one statement. */
export async function discardCall(run: RunStatement, key: CaptureKey, callId: number | null, now: Date): Promise<void> {
  const mark = tombstone(key);
  await run(
    discardStatement({
      accountId: key.accountId,
      callId: callId === null ? null : String(callId),
      provider: mark.provider,
      eventId: mark.eventId,
      at: now.toISOString(),
    }),
  );
}

const dropInvoiceReadyStatement = compiledOnce<{ accountId: number; callId: string }>(
  sql`delete from ${notifications} n where ${invoiceReadyOf}`,
);

/** Removes the call's invoice-ready notification: the call went, or it is now another client's (or no one's). */
export async function dropInvoiceReady(run: RunStatement, accountId: number, callId: number): Promise<void> {
  await run(dropInvoiceReadyStatement({ accountId, callId: String(callId) }));
}

/**
 * The last statement of every claimed event, its writes and the COMMIT in one trip: the call's new
 * columns, its invoice-ready notification when it has none, one more event of this capture method for
 * the account (what Settings' status shows; last, so on PostgreSQL that row's lock is held only until
 * the commit in the same trip), and the live change (pg_notify, delivered at commit). With `created`,
 * the call this transaction created is checked against the discard mark, in this statement's fresh
 * snapshot (a discard committed while the insert waited is seen): when marked, the call is deleted
 * instead of updated, neither the notification nor the change is made, and the answer is true. The
 * deletion is in this statement rather than one after it, so the COMMIT can always go in its trip.
 */
export async function finishEvent(
  run: RunStatement,
  options: {
    event: CaptureEvent;
    now: Date;
    update?: { callId: number; set: Partial<typeof calls.$inferInsert> } | null;
    invoiceReady?: InvoiceReadyValues | null;
    change?: CallChange | null;
    /** The call this transaction inserted (createCall), and its key. */
    created?: { key: CaptureKey; callId: number } | null;
    /** The delivery's count, made here: past the limit the statement fails (isPastTheLimit). */
    count?: FinishCount | null;
  },
): Promise<{ discarded: boolean; count: number | null }> {
  const { event, update, invoiceReady, change, created, count } = options;
  const createdKey = created?.key;
  const set = update ? Object.entries(update.set).filter(([, value]) => value !== undefined) : null;
  const shape: FinishShape = {
    setColumns: set ? set.map(([key]) => key as CallColumn) : null,
    invoiceReady: invoiceReady != null,
    change: change != null,
    created: createdKey != null,
    counted: count != null,
  };
  const values: Record<string, unknown> = {
    callId: update?.callId ?? null,
    accountId: event.accountId,
    source: event.source,
    at: options.now.toISOString(),
    change: change ? JSON.stringify(change) : null,
    markProvider: createdKey ? tombstone(createdKey).provider : null,
    markEventId: createdKey?.externalCallId ?? null,
    markAccountId: createdKey?.accountId ?? null,
    createdCallId: created?.callId ?? null,
    key: count?.key ?? null,
    windowStart: count?.windowStart.toISOString() ?? null,
    limit: count?.limit ?? null,
  };
  for (const [key, value] of set ?? []) values[`set_${key}`] = value;
  if (invoiceReady) {
    const v = invoiceReady;
    Object.assign(values, {
      noteAccountId: v.accountId,
      noteUserId: v.userId,
      noteKind: v.kind,
      noteTitle: v.title,
      noteMessage: v.message,
      noteData: JSON.stringify(v.data),
      noteCallId: String(v.data.callId),
    });
  }
  const [raw] = await run(finishStatement(shape, values), { last: true });
  return { discarded: raw?.discarded === true || raw?.discarded === "t", count: count ? Number(raw?.hit_count) : null };
}

type CallColumn = keyof typeof calls.$inferInsert;

/** What varies between finishEvent's statements; each shape's text is compiled once (db/compiled-statement.ts). */
type FinishShape = { setColumns: CallColumn[] | null; invoiceReady: boolean; change: boolean; created: boolean; counted: boolean };

const finishStatement = compiledPerShape<FinishShape, Record<string, unknown>>(
  (shape) => `${shape.setColumns?.join(",") ?? "-"}|${shape.invoiceReady}|${shape.change}|${shape.created}|${shape.counted}`,
  (shape) => {
    const parts: SQL[] = [];
    const marked = sql`exists (select 1 from ${webhookEvents} w
      where w.provider = ${p("markProvider")} and w.event_id = ${p("markEventId")} and w.account_id = ${p("markAccountId")})`;
    const notMarked = shape.created ? sql`not ${marked}` : sql`true`;
    if (shape.setColumns) {
      const assignments = shape.setColumns.map(
        (key) => sql`${sql.identifier(calls[key].name)} = ${columnPlaceholder(`set_${key}`, calls[key])}`,
      );
      // A marked call is deleted below, never also updated: one statement must not change a row twice.
      parts.push(sql`updated as (update ${calls} set ${sql.join(assignments, sql`, `)}
        where ${calls.id} = ${p("callId")} and ${notMarked} returning ${calls.id})`);
    }
    if (shape.created) {
      // A created call has no invoice-ready notification yet and its mark exists: deleting the row is the whole discard.
      parts.push(sql`removed as (delete from ${calls} k
        where k.id = ${p("createdCallId")}::integer and k.account_id = ${p("accountId")}::integer and ${marked} returning k.id)`);
    }
    if (shape.invoiceReady) {
      parts.push(sql`noted as (
      insert into ${notifications} (account_id, user_id, kind, title, message, data)
      select ${p("noteAccountId")}::integer, ${p("noteUserId")}::integer, ${p("noteKind")}, ${p("noteTitle")}, ${p("noteMessage")}, ${p("noteData")}::jsonb
      where ${notMarked} and not exists (
        select 1 from ${notifications} n
        where n.account_id = ${p("noteAccountId")} and n.kind = ${p("noteKind")} and n.data->>'callId' = ${p("noteCallId")})
      returning id)`);
    }
    parts.push(sql`counted as (
      insert into ${captureActivity} (account_id, method, last_event_at, event_count)
      values (${p("accountId")}, ${p("source")}, ${p("at")}::timestamptz, 1)
      on conflict (account_id, method) do update
        set last_event_at = excluded.last_event_at, event_count = ${captureActivity}.event_count + 1
      returning id)`);
    // The delivery's count, last (see FinishCount). Past the limit, a text that is no integer fails the statement.
    if (shape.counted) parts.push(sql`hit as (${COUNT_HIT})`);
    const hitCount = shape.counted
      ? sql`, (select count + coalesce((case when count > ${p("limit")}::integer then ${sql.raw(`'${PAST_THE_LIMIT}'`)} end)::integer, 0) from hit) as hit_count`
      : sql``;
    const notify = shape.change
      ? sql`(select pg_notify(${CALL_CHANGES_CHANNEL}, ${p("change")}) where ${notMarked})`
      : sql`null`;
    return sql`with ${sql.join(parts, sql`, `)} select ${shape.created ? marked : sql`false`} as discarded, ${notify} as notified${hitCount}`;
  },
);
