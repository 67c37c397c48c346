import { eq, sql } from "drizzle-orm";
import type { AcceptInvitationRequest, InvitationPreview } from "../../core/contracts/team.js";
import { AppError } from "../../core/errors.js";
import type { Db } from "../db/client.js";
import { accounts, invitations, users } from "../db/schema/index.js";
import { hashPassword, verifyPassword } from "../auth/passwords.js";
import { createSession } from "../auth/sessions.js";
import type { JobQueue } from "../jobs/job-queue.js";
import { sendInTransaction } from "../jobs/send-in-transaction.js";
import { SYNC_SEATS_JOB, seatSyncJob } from "../subscription/seats/seat-sync-job-name.js";
import { hashInvitationToken } from "./invitation-link.js";
import { personName } from "./team-presenter.js";

export const INVITATION_UNKNOWN = "This invitation link is not valid. Ask whoever invited you for a new one.";
export const INVITATION_USED = "This invitation has already been used. Sign in instead.";
export const INVITATION_REVOKED = "This invitation was withdrawn. Ask whoever invited you for a new one.";
export const INVITATION_EXPIRED = "This invitation has expired. Ask whoever invited you to resend it.";
export const OTHER_PRACTICE =
  "This email address is already used by another practice on Minutely, and one person belongs to one practice. Ask to be invited with another address, or ask that practice to remove you first.";
export const ALREADY_MEMBER = "You are already a member of this practice. Sign in instead.";
const WRONG_PASSWORD = "Wrong password for this address. Use the password you had in this practice.";

/** The invitation a token names, if it can still be accepted; otherwise the sentence saying why not. */
async function usableInvitation(db: Db, token: string, now: Date, lock: boolean) {
  const query = db
    .select({ invitation: invitations, account: accounts })
    .from(invitations)
    .innerJoin(accounts, eq(accounts.id, invitations.accountId))
    .where(eq(invitations.tokenHash, hashInvitationToken(token)));
  const [row] = lock ? await query.for("update", { of: invitations }) : await query;
  if (!row) throw new AppError("not_found", INVITATION_UNKNOWN);
  if (row.invitation.acceptedAt) throw new AppError("conflict", INVITATION_USED);
  if (row.invitation.revokedAt) throw new AppError("conflict", INVITATION_REVOKED);
  if (row.invitation.expiresAt.getTime() <= now.getTime()) throw new AppError("conflict", INVITATION_EXPIRED);
  return row;
}

async function userByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user;
}

/** What the accept page shows: who invited whom to which practice, and whether to sign up or sign in. */
export async function previewInvitation(db: Db, token: string, now: Date): Promise<InvitationPreview> {
  const { invitation, account } = await usableInvitation(db, token, now, false);
  const existing = await userByEmail(db, invitation.email);
  if (existing && existing.accountId !== invitation.accountId) throw new AppError("conflict", OTHER_PRACTICE);
  if (existing && !existing.removedAt) throw new AppError("conflict", ALREADY_MEMBER);
  const [inviter] = invitation.invitedByUserId
    ? await db.select().from(users).where(eq(users.id, invitation.invitedByUserId))
    : [];
  return {
    email: invitation.email,
    role: invitation.role as InvitationPreview["role"],
    practiceName: account.firmName,
    invitedBy: inviter ? personName(inviter.firstName, inviter.lastName, inviter.email) : null,
    signIn: Boolean(existing),
  };
}

/**
 * Joins the practice: a new person becomes a user of the account with the invitation's role; a
 * former member of this practice signs in with their password and is back. Spends the invitation
 * and starts a session, in one transaction; the same transaction queues the Stripe seat quantity's
 * sync (subscription/seats/), so a member who joined is always billed and one who did not never is.
 */
export async function acceptInvitation(
  db: Db,
  input: AcceptInvitationRequest,
  now: Date,
  options: { passwordHashCost?: number; jobs?: JobQueue | null } = {},
) {
  const passwordHash = await hashPassword(input.password, options.passwordHashCost);
  const jobs = options.jobs ?? null;
  const joined = await db.transaction(async (tx) => {
    const { invitation, account } = await usableInvitation(tx, input.token, now, true);
    const existing = await userByEmail(tx, invitation.email);
    if (existing && existing.accountId !== invitation.accountId) throw new AppError("conflict", OTHER_PRACTICE);
    if (existing && !existing.removedAt) throw new AppError("conflict", ALREADY_MEMBER);
    let user: typeof users.$inferSelect | undefined;
    if (existing) {
      if (!(await verifyPassword(input.password, existing.passwordHash))) throw new AppError("unauthorized", WRONG_PASSWORD);
      [user] = await tx
        .update(users)
        .set({ removedAt: null, role: invitation.role, updatedAt: now })
        .where(eq(users.id, existing.id))
        .returning();
    } else {
      if (!input.firstName) throw new AppError("validation_error", "First name is required");
      if (!input.lastName) throw new AppError("validation_error", "Last name is required");
      [user] = await tx
        .insert(users)
        .values({
          accountId: invitation.accountId,
          email: invitation.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          role: invitation.role,
        })
        .returning();
    }
    if (!user) throw new Error("user write returned nothing");
    await tx
      .update(invitations)
      .set({ acceptedAt: now, acceptedByUserId: user.id, updatedAt: now })
      .where(eq(invitations.id, invitation.id));
    const token = await createSession(tx, user.id, account.id, now);
    await sendInTransaction(tx, jobs, seatSyncJob(account.id, `join:${user.id}`));
    return { token, user, account };
  });
  jobs?.wake(SYNC_SEATS_JOB);
  return joined;
}
