import { and, desc, eq, isNull } from "drizzle-orm";
import { billableMinutes } from "../../../core/duration.js";
import { formatMoney } from "../../../core/money.js";
import { toE164 } from "../../../core/phone-numbers.js";
import type { Db } from "../../db/client.js";
import { calls, clientIdentities, clients, webhookEvents } from "../../db/schema/index.js";
import type { CaptureEvent } from "../capture-event.js";
import { recordCaptureEvent } from "../record-capture-event.js";
import { isMobileNumber, normalisedNumber, type PhoneContext } from "./phone-context.js";
import { formatLocalTime } from "./phone-format.js";
import {
  looksLikePhoneNumber,
  NO_CALL_RUNNING_REPLY,
  parseSmsCommand,
  UNKNOWN_COMMAND_REPLY,
  UNKNOWN_SENDER_REPLY,
} from "./sms-command.js";
import type { TwilioParams } from "./twilio-voice.js";

export const ALREADY_RECORDED_REPLY = "This text was already recorded.";

export type SmsResult = {
  reply: string;
  /** The sender is one of the account's users: the text counts as a verified event from that number. */
  fromUser: boolean;
  from: string | null;
  /** The text was recorded before (a replay): nothing changed. */
  duplicate?: boolean;
};

/** The user behind a texting number: the mobile's owner, or the user whose phone-integration number it is. */
function senderOf(context: PhoneContext, from: string | null, fallback: number | null): number | null {
  if (!from) return null;
  if (isMobileNumber(context, from)) return context.mobile?.userId ?? fallback;
  return context.ownNumbers.get(from) ?? null;
}

/**
 * An incoming SMS on the account's Twilio-compatible number (CALL_START [client] and CALL_END
 * from the user's own mobile). Starts or ends a capture through the pipeline and answers what happened.
 */
export async function handleSms(
  db: Db,
  options: { context: PhoneContext; integrationUserId: number | null; params: TwilioParams; now: Date },
): Promise<SmsResult> {
  const { context, params, now } = options;
  const from = normalisedNumber(context, params.From);
  const userId = senderOf(context, from, options.integrationUserId);
  if (!userId) return { reply: UNKNOWN_SENDER_REPLY, fromUser: false, from };
  const messageSid = params.MessageSid?.trim() || params.SmsSid?.trim();
  const command = parseSmsCommand(params.Body);
  if (command.command === "unknown" || !messageSid) return { reply: UNKNOWN_COMMAND_REPLY, fromUser: true, from };
  // A replayed command (same MessageSid) is answered without looking for a call to start or end.
  const [seen] = await db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.provider, "sms"),
        eq(webhookEvents.eventId, messageSid),
        eq(webhookEvents.accountId, context.accountId),
      ),
    )
    .limit(1);
  if (seen) return { reply: ALREADY_RECORDED_REPLY, fromUser: true, from, duplicate: true };
  const base = {
    accountId: context.accountId,
    userId,
    source: "sms",
    eventId: messageSid,
    at: now,
    platform: "phone",
  } satisfies Partial<CaptureEvent>;

  if (command.command === "start") {
    const client = command.client ? await findNamedClient(db, context, command.client) : null;
    const outcome = await recordCaptureEvent(
      db,
      {
        ...base,
        externalCallId: messageSid,
        kind: "started",
        clientId: client?.id ?? null,
        participants: [{ phone: from, self: true }],
      },
      now,
    );
    if (outcome.result === "duplicate") return { reply: ALREADY_RECORDED_REPLY, fromUser: true, from, duplicate: true };
    const time = formatLocalTime(now, context.timezone);
    if (client) return { reply: `Call started for ${client.name} at ${time}.`, fromUser: true, from };
    const hint = command.client ? ` No single client matches "${command.client}": assign one on the dashboard.` : "";
    return { reply: `Call started (Unknown Client) at ${time}.${hint}`, fromUser: true, from };
  }

  const [open] = await db
    .select({ id: calls.id, externalId: calls.externalId })
    .from(calls)
    .where(and(eq(calls.accountId, context.accountId), eq(calls.source, "sms"), eq(calls.userId, userId), isNull(calls.endedAt)))
    .orderBy(desc(calls.startedAt), desc(calls.id))
    .limit(1);
  if (!open?.externalId) return { reply: NO_CALL_RUNNING_REPLY, fromUser: true, from };
  const outcome = await recordCaptureEvent(
    db,
    { ...base, externalCallId: open.externalId, kind: "ended", participants: [{ phone: from, self: true }] },
    now,
  );
  if (outcome.result === "duplicate") return { reply: ALREADY_RECORDED_REPLY, fromUser: true, from, duplicate: true };
  const [ended] = await db
    .select({ durationSeconds: calls.durationSeconds, amountCents: calls.amountCents, endedAt: calls.endedAt })
    .from(calls)
    .where(and(eq(calls.id, open.id), eq(calls.accountId, context.accountId)));
  if (!ended?.endedAt)
    return { reply: "Call ended; it was shorter than your minimum capture length, so it was not kept.", fromUser: true, from };
  return {
    reply: `Call ended: ${billableMinutes(ended.durationSeconds)} min, ${formatMoney(ended.amountCents, context.currency)}.`,
    fromUser: true,
    from,
  };
}

/**
 * The client a CALL_START names: by phone number (the client's own, or one remembered on it), else by
 * name, case-insensitive. Exactly one active client, or none.
 */
async function findNamedClient(db: Db, context: PhoneContext, named: string): Promise<{ id: number; name: string } | null> {
  const rows = await db
    .select({ id: clients.id, name: clients.name, phone: clients.phone })
    .from(clients)
    .where(and(eq(clients.accountId, context.accountId), isNull(clients.archivedAt)));
  let found: typeof rows;
  const number = looksLikePhoneNumber(named) ? toE164(named, context.country) : null;
  if (number) {
    const remembered = await db
      .select({ clientId: clientIdentities.clientId })
      .from(clientIdentities)
      .where(
        and(
          eq(clientIdentities.accountId, context.accountId),
          eq(clientIdentities.kind, "phone"),
          eq(clientIdentities.value, number),
        ),
      );
    const ids = new Set(remembered.map((r) => r.clientId));
    found = rows.filter((c) => ids.has(c.id) || (c.phone ? toE164(c.phone, context.country) === number : false));
  } else {
    const wanted = named.toLocaleLowerCase();
    found = rows.filter((c) => c.name.trim().replace(/\s+/g, " ").toLocaleLowerCase() === wanted);
  }
  return found.length === 1 ? { id: found[0]!.id, name: found[0]!.name } : null;
}
