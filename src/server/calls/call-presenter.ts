import type { BillingType } from "../../core/pricing/rules.js";
import type { ActiveCallJson, CallJson, CallParticipantJson } from "../../core/contracts/calls.js";
import { isoInstant } from "../../core/iso-instant.js";
import { centsToDecimal } from "../../core/money.js";
import type { CallParticipant } from "../db/schema/calls.js";
import type { calls } from "../db/schema/index.js";

export type CallRow = typeof calls.$inferSelect;
export type CallWithClient = { call: CallRow; clientName: string | null };

/** A call as every list shows it: raw and billed seconds, money as decimal strings, the rules it was priced with. */
export function presentCall({ call, clientName }: CallWithClient): CallJson {
  const amount = centsToDecimal(call.amountCents);
  return {
    id: call.id,
    platform: call.platform,
    startTime: isoInstant(call.startedAt),
    endTime: call.endedAt === null ? null : isoInstant(call.endedAt),
    duration: call.durationSeconds,
    billedDuration: call.billedSeconds,
    billableAmount: amount,
    amount,
    rate: centsToDecimal(call.rateCents),
    billingType: call.billingType as BillingType,
    minimumBillingMinutes: call.minimumBillingMinutes,
    roundingIncrementMinutes: call.roundingIncrementMinutes,
    clientId: call.clientId,
    clientName,
    callType: call.callType,
    notes: call.notes,
    description: call.description,
    invoiceId: call.invoiceId,
    active: call.endedAt === null,
    source: call.source,
    participants: presentParticipants(call.participants),
    // The client log's packed rows leave it out (it reads false there): only "Send a test event" sets it.
    isTest: call.isTest === true,
  };
}

/** Participants as stored (optional fields, from the capture pipeline) → every field present. */
export function presentParticipants(participants: CallParticipant[] | null | undefined): CallParticipantJson[] {
  if (!participants || participants.length === 0) return [];
  return participants.map((participant) => ({
    name: participant.name ?? null,
    email: participant.email ?? null,
    phone: participant.phone ?? null,
    direction: participant.direction ?? null,
    self: participant.self === true,
  }));
}

export function presentActiveCall({ call, clientName }: CallWithClient): ActiveCallJson {
  return {
    id: call.id,
    platform: call.platform,
    startTime: isoInstant(call.startedAt),
    clientId: call.clientId,
    clientName,
    callType: call.callType,
    source: call.source,
    participants: presentParticipants(call.participants),
  };
}

