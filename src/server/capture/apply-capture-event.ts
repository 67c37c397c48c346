import { rulesFor, storedCallRules } from "../pricing/rules-from-rows.js";
import { type CallPriceColumns, priceCallColumns, ruleColumns } from "../calls/pricing.js";
import type { calls } from "../db/schema/index.js";
import { invoiceReadyValues } from "../notifications/notify-invoice-ready.js";
import type { CaptureEvent, CaptureOutcome } from "./capture-event.js";
import {
  type CaptureClient,
  type CaptureKey,
  discardCall,
  dropInvoiceReady,
  findCaptureClient,
  type FinishCount,
  finishEvent,
  withDeliveryCount,
} from "./capture-queries.js";
import type { CaptureAccount, CaptureCall } from "./open-capture-event.js";
import { planTimes, providerStart } from "./call-times.js";
import type { OwnContacts } from "../../core/capture/choose-client.js";
import type { RunStatement } from "../db/transaction-statements.js";
import { matchCallClient } from "./match-call-client.js";
import { mergeParticipants } from "./merge-participants.js";

type ApplyOptions = {
  /** The transaction's own statements, prepared (db/transaction-statements.ts). */
  run: RunStatement;
  account: CaptureAccount;
  /** The account users' addresses and numbers: never a client's. */
  own: OwnContacts;
  event: CaptureEvent;
  key: CaptureKey;
  call: CaptureCall;
  created: boolean;
  now: Date;
  /** The call's client and the client the event names (when active), as the opening statement read them. */
  callClient: CaptureClient | null;
  namedClient: CaptureClient | null;
  /** The delivery's count, made in the last statement (capture-queries.ts FinishCount). */
  count?: FinishCount | null;
};

/**
 * One event applied to its locked call (docs/capture-pipeline.md; call-times.ts has the times):
 * participants merged; the client chosen again whenever they change, until the call is invoiced
 * (the event's own clientId wins when it is an active client of the account; a client the user
 * chose, one matching would not have given, stays); an ended call priced when it ends or its
 * client changes with that client's rules in force, and when only its times change with the rules
 * it was priced with (docs/decisions.md D8); an invoiced call's times, client and price never change. Missed and too-short calls are deleted (call-times.ts).
 * Its reads were made by the statement that opened the event (capture-queries.ts openEvent) and by
 * matching, when the participants changed; its writes are one statement (finishEvent).
 */
export async function applyCaptureEvent(options: ApplyOptions): Promise<CaptureOutcome> {
  const { account, own, event, key, call, created, now, run } = options;
  const count = options.count ?? null;
  const invoiced = call.invoiceId !== null;
  const durationKnown = !(created && event.kind === "ended" && providerStart(event) === null);
  const plan = planTimes({ ...call, invoiced }, event, { minCaptureSeconds: account.minCaptureSeconds, durationKnown });
  if (plan.kind === "discard") {
    await discardCall(run, key, call.id, now);
    const change = created ? null : { accountId: account.id, callId: call.id, kind: "deleted" as const };
    const finished = await finishEvent(run, { event, now, change, count });
    return withDeliveryCount({ result: "ignored", callId: null }, finished.count);
  }

  // The clients read so far, by id: the call's, the one the event names, the candidates of matching.
  const known = new Map<number, CaptureClient>();
  for (const client of [options.callClient, options.namedClient]) if (client) known.set(client.id, client);
  const participants = mergeParticipants(call.participants, event.participants, account.phoneCountry, own);
  const participantsChanged = participants !== call.participants;
  let clientId = call.clientId;
  if (!invoiced) {
    const named = event.clientId ? (options.namedClient?.id ?? null) : null;
    if (named !== null) clientId = named;
    else if (participantsChanged) {
      const matched = await matchCallClient(run, {
        accountId: account.id,
        country: account.phoneCountry,
        participants,
        previous: call.participants,
        own,
      });
      for (const [id, client] of matched.clients) known.set(id, client);
      // Follow matching only while the call's client is the one matching gave: a client named by the
      // user ("Assign client", an SMS) stays. So the client depends on who took part, not on the order
      // they were reported in.
      if (call.clientId === matched.previous) clientId = matched.current;
    }
  }
  const clientOf = async (id: number) => known.get(id) ?? (await findCaptureClient(run, account.id, id));
  const clientChanged = clientId !== call.clientId;
  const times = plan.kind === "change" ? plan.times : call;
  const ended = times.endedAt !== null;
  const becameEnded = ended && call.endedAt === null;
  const newRules = becameEnded || clientChanged;
  const price = await priceColumns({
    account,
    call,
    client: newRules && clientId !== null && !invoiced ? await clientOf(clientId) : null,
    durationSeconds: ended ? times.durationSeconds : null,
    newRules,
    timesChanged: plan.kind === "change",
  });
  const description = callDescription(call.description, event);
  const userId = call.userId ?? event.userId;

  const changed =
    plan.kind === "change" || participantsChanged || clientChanged || description !== call.description || userId !== call.userId;
  if (!changed && !created) {
    const finished = await finishEvent(run, { event, now, count });
    return withDeliveryCount({ result: "ignored", callId: call.id }, finished.count);
  }

  const set = {
    startedAt: times.startedAt,
    endedAt: times.endedAt,
    durationSeconds: times.durationSeconds,
    participants: [...participants],
    clientId,
    description,
    userId,
    ...price,
    updatedAt: now,
  } satisfies Partial<typeof calls.$inferInsert>;
  const updated: CaptureCall = changed ? { ...call, ...set } : call;
  // One per call, naming its client now: a change of client replaces it; a call discarded later
  // (a late start shows it too short) takes it along.
  if (ended && clientChanged && !invoiced && !becameEnded) await dropInvoiceReady(run, account.id, call.id);
  const priced = becameEnded || clientChanged || plan.kind === "change";
  const client = ended && clientId !== null && !invoiced && priced ? await clientOf(clientId) : null;
  const kind = created ? (ended ? "ended" : "started") : becameEnded ? "ended" : "updated";
  const { discarded, count: counted } = await finishEvent(
    run,
    {
      event,
      now,
      update: changed ? { callId: call.id, set } : null,
      invoiceReady: client
        ? invoiceReadyValues({ accountId: account.id, userId: updated.userId, call: updated, client, account })
        : null,
      change: { accountId: account.id, callId: call.id, kind },
      // A call this transaction created: a discard committed while its insert waited is seen here, and the call deleted.
      created: created ? { key, callId: call.id } : null,
      count,
    },
  );
  if (discarded) return withDeliveryCount({ result: "ignored", callId: null }, counted);
  return withDeliveryCount({ result: created ? "created" : "updated", callId: call.id }, counted);
}

/** A call's description after an event: the first topic a provider gives, until one is set. */
export function callDescription(current: string | null, event: Pick<CaptureEvent, "topic">): string | null {
  return event.topic && !current ? event.topic.slice(0, 500) : current;
}

/**
 * The price columns to write: none for an invoiced call; for an ended call that just ended or
 * changed client, the price with the client's rules in force; for an ended call whose times alone
 * changed, the price with the rules it kept; for an active call with a new client, that client's
 * rules noted for display (it is priced when it ends).
 */
function priceColumns(options: {
  account: CaptureAccount;
  call: CaptureCall;
  client: CaptureClient | null;
  durationSeconds: number | null;
  newRules: boolean;
  timesChanged: boolean;
}): Partial<CallPriceColumns> {
  const { account, call, client, durationSeconds } = options;
  if (call.invoiceId !== null) return {};
  if (!options.newRules)
    return durationSeconds !== null && options.timesChanged ? priceCallColumns(durationSeconds, storedCallRules(call)) : {};
  const rules = rulesFor(account, client);
  return durationSeconds === null ? ruleColumns(rules) : priceCallColumns(durationSeconds, rules);
}
