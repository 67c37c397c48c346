import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { AppError } from "../../core/errors.js";
import type { Role } from "../../core/permissions.js";
import type { Db } from "../db/client.js";
import { accounts, sessions, users } from "../db/schema/index.js";
import type { JobQueue } from "../jobs/job-queue.js";
import { sendInTransaction } from "../jobs/send-in-transaction.js";
import { SYNC_SEATS_JOB, seatSyncJob } from "../subscription/seats/seat-sync-job-name.js";

export const SOLE_OWNER = "The practice needs an owner: make another member owner first, then change or remove this one.";
export const ONLY_OWNERS_CHANGE_OWNERS = "Only an owner can make someone owner, or change or remove an owner.";
export const NOT_YOURSELF = "You cannot remove yourself. Another owner or admin can.";

type Actor = { id: number; role: string };

/**
 * The member of this account, locked with its account's row so the "last owner" count cannot race
 * another change. Another account's member, or a removed one, is a 404.
 */
async function lockedMember(db: Db, accountId: number, memberId: number) {
  await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("update");
  const [member] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, memberId), eq(users.accountId, accountId), isNull(users.removedAt)));
  if (!member) throw new AppError("not_found", "Member not found");
  return member;
}

async function otherOwners(db: Db, accountId: number, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.accountId, accountId), isNull(users.removedAt), eq(users.role, "owner"), ne(users.id, memberId)));
  return row?.n ?? 0;
}

/** Owners alone touch ownership; an owner who is the only one stays owner. */
async function assertMayChange(
  db: Db,
  accountId: number,
  actor: Actor,
  member: { id: number; role: string },
  newRole: Role | null,
) {
  const touchesOwner = member.role === "owner" || newRole === "owner";
  if (touchesOwner && actor.role !== "owner") throw new AppError("forbidden", ONLY_OWNERS_CHANGE_OWNERS);
  if (member.role === "owner" && newRole !== "owner" && (await otherOwners(db, accountId, member.id)) === 0)
    throw new AppError("conflict", SOLE_OWNER);
}

export async function changeMemberRole(
  db: Db,
  options: { accountId: number; actor: Actor; memberId: number; role: Role; now: Date },
) {
  const { accountId, actor, memberId, role, now } = options;
  return db.transaction(async (tx) => {
    const member = await lockedMember(tx, accountId, memberId);
    if (member.role === role) return member;
    await assertMayChange(tx, accountId, actor, member, role);
    const [updated] = await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, memberId)).returning();
    if (!updated) throw new AppError("not_found", "Member not found");
    return updated;
  });
}

/**
 * Removes a person from the practice: their sessions end and they can no longer sign in. The row
 * stays (removed_at), so every call and email they captured stays with the practice, still theirs.
 * The same transaction queues the Stripe seat quantity's sync (one seat fewer, prorated by Stripe).
 */
export async function removeMember(
  db: Db,
  options: { accountId: number; actor: Actor; memberId: number; now: Date; jobs?: JobQueue | null },
) {
  const { accountId, actor, memberId, now } = options;
  const jobs = options.jobs ?? null;
  if (memberId === actor.id) throw new AppError("conflict", NOT_YOURSELF);
  await db.transaction(async (tx) => {
    const member = await lockedMember(tx, accountId, memberId);
    await assertMayChange(tx, accountId, actor, member, null);
    await tx.update(users).set({ removedAt: now, updatedAt: now }).where(eq(users.id, memberId));
    await tx.delete(sessions).where(eq(sessions.userId, memberId));
    await sendInTransaction(tx, jobs, seatSyncJob(accountId, `remove:${memberId}`));
  });
  jobs?.wake(SYNC_SEATS_JOB);
}
