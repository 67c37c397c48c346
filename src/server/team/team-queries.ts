import { and, asc, eq, gt, isNull, max, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { invitations, sessions, users } from "../db/schema/index.js";

/** The practice's people (removed members left out), each with their newest session activity. */
export async function findMembers(db: Db, accountId: number) {
  const lastSeen = db
    .select({ userId: sessions.userId, lastActiveAt: max(sessions.lastSeenAt).as("last_active_at") })
    .from(sessions)
    .where(eq(sessions.accountId, accountId))
    .groupBy(sessions.userId)
    .as("last_seen");
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      lastActiveAt: lastSeen.lastActiveAt,
    })
    .from(users)
    .leftJoin(lastSeen, eq(lastSeen.userId, users.id))
    .where(and(eq(users.accountId, accountId), isNull(users.removedAt)))
    .orderBy(asc(users.id));
}

/** Invitations neither accepted nor revoked (expired ones too: the page offers to resend them). */
export async function findOpenInvitations(db: Db, accountId: number) {
  return db
    .select({
      invitation: invitations,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
      inviterEmail: users.email,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .where(and(eq(invitations.accountId, accountId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .orderBy(asc(invitations.id));
}

/** Seats in use: members plus open invitations that can still be accepted. */
export async function countSeatsTaken(db: Db, accountId: number, now: Date): Promise<number> {
  const [people] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.accountId, accountId), isNull(users.removedAt)));
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invitations)
    .where(
      and(
        eq(invitations.accountId, accountId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    );
  return (people?.n ?? 0) + (open?.n ?? 0);
}

/** The practice's members (not removed): what Stripe bills on the Team plan (core/team-seats.ts seatQuantity). */
export async function countMembers(db: Db, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.accountId, accountId), isNull(users.removedAt)));
  return row?.n ?? 0;
}
