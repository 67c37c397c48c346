import type { TeamInvitation, TeamMember } from "../../core/contracts/team.js";
import type { Role } from "../../core/permissions.js";
import type { invitations } from "../db/schema/index.js";
import type { findMembers } from "./team-queries.js";

type MemberRow = Awaited<ReturnType<typeof findMembers>>[number];
/** What an invitation's presentation reads of its row. */
type InvitationRow = Pick<typeof invitations.$inferSelect, "id" | "email" | "role" | "createdAt" | "expiresAt">;
type Inviter = { inviterFirstName: string | null; inviterLastName: string | null; inviterEmail: string | null };

export function presentMember(row: MemberRow, youId: number): TeamMember {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role as Role,
    lastActiveAt: row.lastActiveAt ? new Date(row.lastActiveAt).toISOString() : null,
    isYou: row.id === youId,
  };
}

/** "Ada Lovelace", or the address when the person gave no name. */
export function personName(first: string | null, last: string | null, email: string | null): string | null {
  const name = [first, last].filter(Boolean).join(" ").trim();
  return name || email;
}

export function presentInvitation(invitation: InvitationRow, inviter: Inviter, now: Date): TeamInvitation {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role as TeamInvitation["role"],
    invitedBy: personName(inviter.inviterFirstName, inviter.inviterLastName, inviter.inviterEmail),
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    expired: invitation.expiresAt.getTime() <= now.getTime(),
  };
}
