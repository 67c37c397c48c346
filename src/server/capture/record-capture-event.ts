import { sql } from "drizzle-orm";
import { notFound } from "../../core/errors.js";
import { mayTrack } from "../../core/subscription-standing.js";
import { accountRules } from "../pricing/rules-from-rows.js";
import { ruleColumns } from "../calls/pricing.js";
import type { Db } from "../db/client.js";
import { calls } from "../db/schema/index.js";
import { applyCaptureEvent, callDescription } from "./apply-capture-event.js";
import type { CaptureEvent, CaptureOutcome } from "./capture-event.js";
import {
  type CaptureKey,
  captureKeyOf,
  type FinishCount,
  lockCallStatement,
  findCallId,
  finishEvent,
  withDeliveryCount,
} from "./capture-queries.js";
import {
  CAPTURE_CALL_KEYS,
  type CaptureAccount,
  type CaptureCall,
  type OpenedEvent,
  type VerifiedTarget,
  openEvent,
} from "./open-capture-event.js";
import { providerStart } from "./call-times.js";
import { prefixedColumns } from "../db/prefixed-columns.js";
import type { RunStatement } from "../db/transaction-statements.js";
import { statementTransaction } from "../db/statement-transaction.js";
import { columnPlaceholder, compiledOnce } from "../db/compiled-statement.js";
import { actorSettingFor } from "../audit/audit-actor.js";

const callColumns = prefixedColumns(calls, "c", "c_", CAPTURE_CALL_KEYS);

/**
 * The capture pipeline (docs/capture-pipeline.md): every source's adapter verifies a
 * delivery, turns it into CaptureEvents and hands each here. In one transaction: the event id is
 * claimed (a repeat answers "duplicate" and changes nothing), the call of (account, source,
 * externalCallId) is locked or created, and the state machine moves it (apply-capture-event.ts):
 * times, participants, client, price, the invoice-ready notification and the live NOTIFY, which
 * PostgreSQL delivers at commit.
 */
export async function recordCaptureEvent(db: Db, delivered: CaptureEvent, now: Date): Promise<CaptureOutcome> {
  const outcome = await recordEvent(db, delivered, now, null);
  if (outcome === "stale-target") throw new Error("An event without a remembered target found its target stale");
  return outcome;
}

/**
 * A delivery to a remembered webhook target (integrations/webhook-rate-limit.ts): the target it was verified
 * with, checked in the opening statement, and its count, made in the last one.
 */
export type RememberedDelivery = { target: VerifiedTarget; count: FinishCount };

/**
 * recordCaptureEvent for a delivery to a remembered webhook target: its opening statement checks the target,
 * and its last statement counts the delivery, one trip fewer than a count of its own. "stale-target": the
 * target was not the row as it is, and nothing was recorded or counted. A count past the limit fails the
 * transaction (capture-queries.ts isPastTheLimit); an outcome without a count (a repeat) was not counted.
 */
export async function recordRememberedCaptureEvent(
  db: Db,
  delivered: CaptureEvent,
  now: Date,
  remembered: RememberedDelivery,
): Promise<CaptureOutcome | "stale-target"> {
  return recordEvent(db, delivered, now, remembered);
}

async function recordEvent(
  db: Db,
  delivered: CaptureEvent,
  now: Date,
  remembered: RememberedDelivery | null,
): Promise<CaptureOutcome | "stale-target"> {
  const event = withSaneDuration(delivered);
  // The opening statement sets the audit actor itself (audit/audit-actor.ts): one statement fewer per event.
  const actor = actorSettingFor(db);
  // Every statement is a prepared one run through `run` (db/statement-transaction.ts): no query builder per delivery.
  return statementTransaction(db, async (run) => {
    const key = captureKeyOf(event);
    const opened = await openEvent(run, event, now, actor, remembered?.target ?? null);
    if (!opened) throw notFound("Account");
    if (opened.targetCurrent === false) return "stale-target";
    return recordOpened(run, opened, { key, event, now, count: remembered?.count ?? null });
  });
}

/** The event once opened: a duplicate, or the call created or locked and moved by the state machine. */
async function recordOpened(
  run: RunStatement,
  opened: OpenedEvent,
  { key, event, now, count }: { key: CaptureKey; event: CaptureEvent; now: Date; count: FinishCount | null },
): Promise<CaptureOutcome> {
  if (!opened.claimed) return { result: "duplicate", callId: opened.knownCallId ?? (await findCallId(run, key)) };
  const { account, own, namedClient } = opened;
  const found = opened.call
    ? { call: opened.call, created: false, callClient: opened.callClient }
    : await createCall({ key, event, account, now, run });
  if (!found) {
    const finished = await finishEvent(run, { event, now, count });
    return withDeliveryCount({ result: "ignored", callId: null }, finished.count);
  }
  return applyCaptureEvent({ run, account, own, event, key, now, namedClient, count, ...found });
}

/**
 * A new call, active (started at the event's time, or at the start an "ended" states), inserted
 * with ON CONFLICT DO NOTHING: two deliveries for one new call can race on PostgreSQL, and the loser
 * waits on the unique key and then locks the winner's row. Null when that call was discarded
 * meanwhile. A call created here is checked against the discard mark by the event's last statement
 * (finishEvent), whose snapshot is taken after this insert, so a discard committed meanwhile is seen.
 */
async function createCall(options: { key: CaptureKey; event: CaptureEvent; account: CaptureAccount; now: Date; run: RunStatement },
): Promise<{ call: CaptureCall; created: boolean; callClient: null } | null> {
  const { key, event, account, now } = options;
  // An account that may not track (trial ended, unpaid) gets no new captured calls; the event id stays
  // claimed as "ignored", and calls already open still end and are priced.
  if (!mayTrack(account, now)) return null;
  const [returned] = await options.run(
    insertCall({
      accountId: account.id,
      platform: event.platform,
      source: event.source,
      externalId: event.externalCallId,
      userId: event.userId,
      startedAt: (event.kind === "ended" ? providerStart(event) : null) ?? event.at,
      // The topic the state machine would give it at once (apply-capture-event.ts): a "started" with no
      // participants then changes nothing, and its event needs no update of the row just inserted.
      description: callDescription(null, event),
      participants: [],
      ...ruleColumns(accountRules(account)),
      createdAt: now,
      updatedAt: now,
    }),
  );
  const inserted = returned ? callColumns.readReturned(returned) : null;
  if (inserted) return { call: inserted, created: true, callClient: null };
  const [locked] = await options.run(lockCall(key));
  const raced = locked ? callColumns.read(locked) : null;
  return raced ? { call: raced, created: false, callClient: null } : null;
}

/** The call of the key that won the race, locked until the transaction ends. */
const lockCall = lockCallStatement(callColumns.list);

type NewCall = Pick<
  typeof calls.$inferInsert,
  | "accountId"
  | "platform"
  | "source"
  | "externalId"
  | "userId"
  | "startedAt"
  | "description"
  | "participants"
  | "rateCents"
  | "billingType"
  | "minimumBillingMinutes"
  | "roundingIncrementMinutes"
  | "createdAt"
  | "updatedAt"
>;
const newCallColumns: (keyof NewCall)[] = [
  "accountId",
  "platform",
  "source",
  "externalId",
  "userId",
  "startedAt",
  "description",
  "participants",
  "rateCents",
  "billingType",
  "minimumBillingMinutes",
  "roundingIncrementMinutes",
  "createdAt",
  "updatedAt",
];

/** createCall's insert, compiled once (db/compiled-statement.ts): the values are the columns' placeholders; it returns what the state machine reads. */
const insertCall = compiledOnce<NewCall>(
  sql`insert into ${calls} (${sql.join(
    newCallColumns.map((key) => sql.identifier(calls[key].name)),
    sql`, `,
  )}) values (${sql.join(
    newCallColumns.map((key) => columnPlaceholder(key, calls[key])),
    sql`, `,
  )}) on conflict do nothing returning ${sql.raw(callColumns.names)}`,
);

/** The longest call a provider's duration is believed for: 31 days. */
const MAX_DURATION_SECONDS = 31 * 24 * 3600;

/**
 * A provider's duration as whole seconds; one that is negative, not a number or beyond a month is
 * treated as not given (the times decide), so a bad value can never make pricing throw.
 */
function withSaneDuration(event: CaptureEvent): CaptureEvent {
  const seconds = event.durationSeconds;
  if (seconds == null) return event;
  const sane = Number.isFinite(seconds) && seconds >= 0 && seconds <= MAX_DURATION_SECONDS;
  return { ...event, durationSeconds: sane ? Math.floor(seconds) : null };
}
