// The capture event's opening statement (claim the event id, lock the call, read what the state machine needs) and
// the account's and call's columns it returns: the first statement of every webhook delivery's transaction.
import { sql } from "drizzle-orm";
import type { AccountRow } from "../auth/sessions.js";
import type { CallRow } from "../calls/call-presenter.js";
import { accounts, calls, clients, webhookEvents } from "../db/schema/index.js";
import type { OwnContacts } from "../../core/capture/choose-client.js";
import type { CaptureEvent } from "./capture-event.js";
import { prefixedColumns } from "../db/prefixed-columns.js";
import type { RunStatement } from "../db/transaction-statements.js";
import { compiledOnce } from "../db/compiled-statement.js";
import { CAPTURE_CLIENT_JSON, type CaptureClient, ownContactsOf, parsedJson } from "./capture-queries.js";
import { TARGET_IS_CURRENT } from "./webhook-target.js";

/**
 * The account's columns the capture state machine reads: whether it may track, its billing rules,
 * matching's country, the shortest call kept, and the notification's currency and time zone. The
 * opening statement returns these only (each column is text formatted by the database and parsed by
 * the driver at every delivery: docs/performance.md).
 */
const CAPTURE_ACCOUNT_KEYS = [
  "id",
  "subscriptionStatus",
  "trialEndsAt",
  "defaultRateCents",
  "billingType",
  "minimumBillingMinutes",
  "roundingIncrementMinutes",
  "phoneCountry",
  "minCaptureSeconds",
  "currency",
  "timezone",
] as const satisfies readonly (keyof AccountRow)[];
export type CaptureAccount = Pick<AccountRow, (typeof CAPTURE_ACCOUNT_KEYS)[number]>;

/**
 * The call's columns the state machine reads and the invoice-ready notification names (times,
 * participants, client, rules and price, invoice, owner): what the opening statement and the new
 * call's insert return.
 */
export const CAPTURE_CALL_KEYS = [
  "id",
  "clientId",
  "callType",
  "description",
  "startedAt",
  "endedAt",
  "durationSeconds",
  "rateCents",
  "billingType",
  "minimumBillingMinutes",
  "roundingIncrementMinutes",
  "amountCents",
  "invoiceId",
  "userId",
  "participants",
] as const satisfies readonly (keyof CallRow)[];
export type CaptureCall = Pick<CallRow, (typeof CAPTURE_CALL_KEYS)[number]>;

const accountColumns = prefixedColumns(accounts, "a", "a_", CAPTURE_ACCOUNT_KEYS);
const callColumns = prefixedColumns(calls, "c", "c_", CAPTURE_CALL_KEYS);

/**
 * The webhook target a delivery was verified with, when it was a remembered one (integrations/webhook-rate-limit.ts):
 * the opening statement checks it is still the row as it is (webhook-target.ts TARGET_IS_CURRENT).
 */
export type VerifiedTarget = { integrationId: number; targetVersion: string };

/**
 * What opening an event reads, in the one statement that also claims its id. With a verified target,
 * `targetCurrent` says whether it was still the row, and nothing is claimed (claimed: false) when it was not.
 */
export type OpenedEvent = (
  | { claimed: false; knownCallId: number | null }
  | {
      claimed: true;
      account: CaptureAccount;
      /** The account users' addresses and numbers: never a client's. */
      own: OwnContacts;
      /** The call of the event's key, locked until the transaction ends; null when there is none yet. */
      call: CaptureCall | null;
      /** That call's client (archived or not), for pricing and the notification. */
      callClient: CaptureClient | null;
      /** The client the event names (event.clientId) when it is an active client of the account. */
      namedClient: CaptureClient | null;
    }
) & { targetCurrent?: boolean };

/**
 * Opens one event in one statement: records the delivery's event id (a repeat records nothing and
 * waits, on PostgreSQL, for the first delivery's transaction), and only when it is new locks the
 * call of its key (`exists (select 1 from claimed)` runs the claim first, so a repeat never holds
 * the call while it waits for the claim: no deadlock with its original), with the account, its
 * users' contacts, the call's client and the client the event names. A repeat answers the id of
 * the call as this statement saw it (findCallId reads it again when a concurrent first delivery
 * created it meanwhile). Null when the account does not exist.
 * `actor` is the audit actor's setting (audit/audit-actor.ts transactionSettingActorItself): this
 * statement, the transaction's first, sets it for the triggers of the statements after it.
 */
export async function openEvent(
  run: RunStatement,
  event: CaptureEvent,
  now: Date,
  actor: string | null,
  target: VerifiedTarget | null = null,
): Promise<OpenedEvent | null> {
  const values = {
    source: event.source,
    eventId: event.eventId,
    accountId: event.accountId,
    at: now.toISOString(),
    externalCallId: event.externalCallId,
    clientId: event.clientId ?? null,
    actor,
  };
  if (!target) return readOpenedEvent(await run(openEventStatement(values)));
  return readOpenedEvent(await run(openCheckedEventStatement({ ...values, ...target })));
}

const p = (name: string) => sql.placeholder(name);
type OpenValues = {
  source: string;
  eventId: string;
  accountId: number;
  at: string;
  externalCallId: string;
  clientId: number | null;
  actor: string | null;
};

/** The opening statement; `checked` adds the check of a verified target, and claims only when it is current. */
function openStatementText(checked: boolean) {
  const targetPart = checked ? sql`target as (select ${TARGET_IS_CURRENT} as current),` : sql``;
  const claimValues = checked
    ? sql`select ${p("source")}, ${p("eventId")}, ${p("accountId")}, ${p("at")}::timestamptz from target where target.current`
    : sql`values (${p("source")}, ${p("eventId")}, ${p("accountId")}, ${p("at")}::timestamptz)`;
  const targetColumn = checked ? sql`(select current from target) as target_current,` : sql``;
  return sql`
    with ${targetPart} claimed as (
      insert into ${webhookEvents} (provider, event_id, account_id, received_at)
      ${claimValues}
      on conflict do nothing
      returning id
    )
    select ${sql.raw(accountColumns.list)}, ${sql.raw(callColumns.list)}, ${targetColumn}
      exists (select 1 from claimed) as claimed,
      case when ${p("actor")}::text is not null then set_config('minutely.actor', ${p("actor")}::text, true) end as actor_set,
      ${ownContactsOf(sql.raw("a.id"))} as own,
      (select ${sql.raw(CAPTURE_CLIENT_JSON)} from ${clients} k where k.id = c.client_id and k.account_id = a.id) as call_client,
      (select ${sql.raw(CAPTURE_CLIENT_JSON)} from ${clients} k
        where k.id = ${p("clientId")}::integer and k.account_id = a.id and k.archived_at is null) as named_client,
      case when not exists (select 1 from claimed) then (select k.id from ${calls} k
        where k.account_id = a.id and k.source = ${p("source")} and k.external_id = ${p("externalCallId")}) end as known_call_id
    from ${accounts} a
    left join lateral (
      select * from ${calls} c
      where c.account_id = a.id and c.source = ${p("source")} and c.external_id = ${p("externalCallId")}
        and exists (select 1 from claimed)
      limit 1
      for update
    ) c on true
    where a.id = ${p("accountId")}`;
}
const openEventStatement = compiledOnce<OpenValues>(openStatementText(false));
const openCheckedEventStatement = compiledOnce<OpenValues & VerifiedTarget>(openStatementText(true));

function readOpenedEvent(rows: Record<string, unknown>[]): OpenedEvent | null {
  const [raw] = rows;
  if (!raw) return null;
  const checked =
    raw.target_current === undefined ? {} : { targetCurrent: raw.target_current === true || raw.target_current === "t" };
  if (!raw.claimed) return { claimed: false, knownCallId: raw.known_call_id == null ? null : Number(raw.known_call_id), ...checked };
  return {
    ...checked,
    claimed: true,
    account: accountColumns.read(raw) as CaptureAccount,
    own: parsedJson<OwnContacts>(raw.own),
    call: callColumns.read(raw),
    callClient: parsedJson<CaptureClient | null>(raw.call_client),
    namedClient: parsedJson<CaptureClient | null>(raw.named_client),
  };
}
