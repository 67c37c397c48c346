import { and, eq, inArray } from "drizzle-orm";
import { callCounterpart, type Counterpart, type LineCodes, resolveLineCodes } from "../../core/ledes/legal-codes.js";
import { toE164 } from "../../core/phone-numbers.js";
import type { Db } from "../db/client.js";
import { calls, clientLegalSettings, clients, legalLineCodes } from "../db/schema/index.js";

/** An invoice line as code resolution needs it. */
export type ItemForCodes = { id: number; kind: string; sourceId: number | null };

type CodesRow = typeof legalLineCodes.$inferSelect;
const codesOf = (row: CodesRow | undefined): Partial<LineCodes> | null =>
  row ? { matterId: row.matterId, taskCode: row.taskCode, activityCode: row.activityCode } : null;

/**
 * The codes each invoice line is billed with (core/ledes/legal-codes.ts `resolveLineCodes`): the
 * line's own row, else its call's or email's, else the client's defaults, with the activity of
 * the capture source (a call with someone other than the client is A108). Four reads, whatever
 * the number of lines.
 */
export async function resolveItemCodes(
  db: Db,
  options: { accountId: number; clientId: number; phoneCountry: string; items: readonly ItemForCodes[] },
): Promise<Map<number, LineCodes>> {
  const { accountId, clientId, items } = options;
  const itemIds = items.map((item) => item.id);
  const callIds = items.filter((item) => item.kind === "call" && item.sourceId !== null).map((item) => item.sourceId as number);
  const emailIds = items.filter((item) => item.kind === "email" && item.sourceId !== null).map((item) => item.sourceId as number);
  const inAccount = eq(legalLineCodes.accountId, accountId);
  const [itemRows, callRows, emailRows, clientRows, participantRows] = await Promise.all([
    itemIds.length
      ? db
          .select()
          .from(legalLineCodes)
          .where(and(inAccount, inArray(legalLineCodes.invoiceItemId, itemIds)))
      : [],
    callIds.length
      ? db
          .select()
          .from(legalLineCodes)
          .where(and(inAccount, inArray(legalLineCodes.callId, callIds)))
      : [],
    emailIds.length
      ? db
          .select()
          .from(legalLineCodes)
          .where(and(inAccount, inArray(legalLineCodes.emailId, emailIds)))
      : [],
    db
      .select({ email: clients.email, phone: clients.phone, settings: clientLegalSettings })
      .from(clients)
      .leftJoin(clientLegalSettings, eq(clientLegalSettings.clientId, clients.id))
      .where(and(eq(clients.accountId, accountId), eq(clients.id, clientId))),
    callIds.length
      ? db
          .select({ id: calls.id, participants: calls.participants })
          .from(calls)
          .where(and(eq(calls.accountId, accountId), inArray(calls.id, callIds)))
      : [],
  ]);
  const byItem = new Map(itemRows.map((row) => [row.invoiceItemId, row]));
  const byCall = new Map(callRows.map((row) => [row.callId, row]));
  const byEmail = new Map(emailRows.map((row) => [row.emailId, row]));
  const participants = new Map(participantRows.map((row) => [row.id, row.participants]));
  const client = clientRows[0];
  const settings = client?.settings;
  const clientDefaults = settings
    ? { matterId: settings.defaultMatterId, taskCode: settings.defaultTaskCode, activityCode: settings.defaultActivityCode }
    : null;
  const clientIdentity = {
    email: client?.email ?? null,
    phone: client?.phone ? toE164(client.phone, options.phoneCountry) : null,
  };

  const result = new Map<number, LineCodes>();
  for (const item of items) {
    const isCall = item.kind === "call";
    const sourceRow = item.sourceId === null ? undefined : isCall ? byCall.get(item.sourceId) : byEmail.get(item.sourceId);
    const counterpart: Counterpart =
      isCall && item.sourceId !== null ? callCounterpart(participants.get(item.sourceId) ?? [], clientIdentity) : "client";
    result.set(
      item.id,
      resolveLineCodes({ line: codesOf(byItem.get(item.id)), source: codesOf(sourceRow), client: clientDefaults }, counterpart),
    );
  }
  return result;
}
