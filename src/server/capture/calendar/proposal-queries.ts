import { and, desc, eq } from "drizzle-orm";
import type { CallProposalJson, CallProposalQuery } from "../../../core/contracts/calendar-feed.js";
import { MEETING_LINK_PLATFORMS, type MeetingLinkPlatform } from "../../../core/capture/calendar/meeting-platform.js";
import { notFound } from "../../../core/errors.js";
import type { Db } from "../../db/client.js";
import { callProposals, clients } from "../../db/schema/index.js";
import { ownedBy } from "../../work/work-scope.js";

/** One presenter and one account-scoped lookup for call proposals (docs/calendar-capture.md). */
export type ProposalRow = typeof callProposals.$inferSelect;
type ProposalWithClient = { proposal: ProposalRow; clientName: string | null };

/** "This proposal in this account" (a member's own, with `ownerId`): another account's or member's id is a 404 that reveals nothing. */
export function proposalInAccount(accountId: number, proposalId: number, ownerId: number | null = null) {
  return and(eq(callProposals.accountId, accountId), eq(callProposals.id, proposalId), ownedBy(callProposals.userId, ownerId));
}

export async function getProposal(
  db: Db,
  accountId: number,
  proposalId: number,
  ownerId: number | null = null,
): Promise<ProposalWithClient> {
  const [row] = await db
    .select({ proposal: callProposals, clientName: clients.name })
    .from(callProposals)
    .leftJoin(clients, and(eq(clients.id, callProposals.clientId), eq(clients.accountId, callProposals.accountId)))
    .where(proposalInAccount(accountId, proposalId, ownerId))
    .limit(1);
  if (!row) throw notFound("Meeting proposal");
  return row;
}

/** The account's proposals, newest meeting first. */
export async function findProposals(
  db: Db,
  scope: { accountId: number; ownerId: number | null },
  query: CallProposalQuery,
): Promise<CallProposalJson[]> {
  const { accountId } = scope;
  const rows = await db
    .select({ proposal: callProposals, clientName: clients.name })
    .from(callProposals)
    .leftJoin(clients, and(eq(clients.id, callProposals.clientId), eq(clients.accountId, callProposals.accountId)))
    .where(
      and(
        eq(callProposals.accountId, accountId),
        ownedBy(callProposals.userId, scope.ownerId),
        query.status ? eq(callProposals.status, query.status) : undefined,
      ),
    )
    .orderBy(desc(callProposals.startsAt), desc(callProposals.id))
    .limit(query.limit ?? 20);
  return rows.map(presentProposal);
}

export function presentProposal({ proposal, clientName }: ProposalWithClient): CallProposalJson {
  return {
    id: proposal.id,
    source: proposal.source,
    status: proposal.status as CallProposalJson["status"],
    title: proposal.title,
    clientId: proposal.clientId,
    clientName,
    startsAt: proposal.startsAt.toISOString(),
    endsAt: proposal.endsAt.toISOString(),
    durationSeconds: Math.max(0, Math.round((proposal.endsAt.getTime() - proposal.startsAt.getTime()) / 1000)),
    attendees: proposal.attendees.map((person) => ({
      name: person.name ?? null,
      email: person.email ?? null,
      self: person.self === true,
    })),
    platform: isMeetingLinkPlatform(proposal.platform) ? proposal.platform : null,
    callId: proposal.callId,
  };
}

function isMeetingLinkPlatform(value: string | null): value is MeetingLinkPlatform {
  return (MEETING_LINK_PLATFORMS as readonly (string | null)[]).includes(value);
}
