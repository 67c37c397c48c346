import { and, eq, isNull } from "drizzle-orm";
import {
  type CallProposalJson,
  PROPOSAL_NEEDS_CLIENT,
  PROPOSAL_NOT_OPEN,
  PROPOSAL_TOO_SHORT,
} from "../../../core/contracts/calendar-feed.js";
import { AppError, conflict, notFound } from "../../../core/errors.js";
import { recordCaptureEvent } from "../record-capture-event.js";
import type { Db } from "../../db/client.js";
import { callProposals, clients } from "../../db/schema/index.js";
import { getProposal, presentProposal, proposalInAccount } from "./proposal-queries.js";

/**
 * Confirm: the proposal becomes a priced call through the capture pipeline (recordCaptureEvent,
 * source "calendar", event id `proposal:{id}`, one "ended" event with the meeting's start and
 * length), so matching, pricing, the invoice-ready notification and open dashboards work as for
 * every captured call. The status moves first, guarded by `status = 'proposed'`, so two confirms at
 * once make one call: the second is a 409 (confirming twice is refused, not repeated). A failure
 * of the pipeline puts the proposal back.
 */
export async function confirmProposal(
  db: Db,
  options: {
    accountId: number;
    /** A member confirms only their own proposals (issue 26 §2); null for the whole practice. */
    ownerId: number | null;
    /** Who confirms (null: the feed itself): the call's member when the proposal names none. */
    userId: number | null;
    proposalId: number;
    clientId?: number;
    now: Date;
  },
): Promise<CallProposalJson> {
  const { accountId, proposalId, now } = options;
  const { proposal } = await getProposal(db, accountId, proposalId, options.ownerId);
  if (proposal.status !== "proposed") throw conflict(PROPOSAL_NOT_OPEN);
  const clientId = options.clientId ?? proposal.clientId;
  if (clientId === null) throw new AppError("validation_error", PROPOSAL_NEEDS_CLIENT);
  if (options.clientId !== undefined) {
    const [client] = await db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.accountId, accountId), eq(clients.id, clientId), isNull(clients.archivedAt)))
      .limit(1);
    if (!client) throw notFound("Client");
  }
  const [claimed] = await db
    .update(callProposals)
    .set({ status: "confirmed", clientId, updatedAt: now })
    .where(and(proposalInAccount(accountId, proposalId), eq(callProposals.status, "proposed")))
    .returning();
  if (!claimed) throw conflict(PROPOSAL_NOT_OPEN);

  let callId: number | null;
  try {
    const outcome = await recordCaptureEvent(
      db,
      {
        accountId,
        userId: claimed.userId ?? options.userId,
        source: "calendar",
        eventId: `proposal:${claimed.id}`,
        externalCallId: claimed.externalId,
        kind: "ended",
        at: claimed.endsAt,
        startedAt: claimed.startsAt,
        durationSeconds: Math.round((claimed.endsAt.getTime() - claimed.startsAt.getTime()) / 1000),
        // The meeting's own platform when its join link said (Zoom, Teams, Meet), else the calendar.
        platform: claimed.platform ?? "calendar",
        topic: claimed.title,
        clientId,
        participants: claimed.attendees,
      },
      now,
    );
    callId = outcome.callId;
  } catch (error) {
    await db.update(callProposals).set({ status: "proposed", updatedAt: now }).where(eq(callProposals.id, claimed.id));
    throw error;
  }
  if (callId === null) {
    // Shorter than the account's minimum capture length: the pipeline discarded it, so it cannot be confirmed again.
    await db.update(callProposals).set({ status: "dismissed", updatedAt: now }).where(eq(callProposals.id, claimed.id));
    throw conflict(PROPOSAL_TOO_SHORT);
  }
  await db.update(callProposals).set({ callId, updatedAt: now }).where(eq(callProposals.id, claimed.id));
  return presentProposal(await getProposal(db, accountId, proposalId));
}

/** Dismiss: the user says it was not a billable meeting; the feed never brings it back. */
export async function dismissProposal(
  db: Db,
  options: { accountId: number; ownerId: number | null; proposalId: number; now: Date },
): Promise<CallProposalJson> {
  const { proposal } = await getProposal(db, options.accountId, options.proposalId, options.ownerId);
  if (proposal.status !== "proposed") throw conflict(PROPOSAL_NOT_OPEN);
  const [dismissed] = await db
    .update(callProposals)
    .set({ status: "dismissed", updatedAt: options.now })
    .where(and(proposalInAccount(options.accountId, options.proposalId), eq(callProposals.status, "proposed")))
    .returning({ id: callProposals.id });
  if (!dismissed) throw conflict(PROPOSAL_NOT_OPEN);
  return presentProposal(await getProposal(db, options.accountId, options.proposalId));
}
