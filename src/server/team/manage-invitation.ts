import { and, eq, isNull } from "drizzle-orm";
import { AppError } from "../../core/errors.js";
import type { Db } from "../db/client.js";
import { accounts, invitations } from "../db/schema/index.js";
import { newInvitationToken } from "./invitation-link.js";

const INVITATION_NOT_FOUND = "Invitation not found";

/** An open invitation of this account, locked; another account's id or a closed one is a 404. */
async function openInvitation(db: Db, accountId: number, invitationId: number) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.id, invitationId),
        eq(invitations.accountId, accountId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .for("update");
  if (!row) throw new AppError("not_found", INVITATION_NOT_FOUND);
  return row;
}

/** A new link and a fresh seven days; the earlier link stops working (its hash is replaced). */
export async function resendInvitation(db: Db, options: { accountId: number; invitationId: number; now: Date }) {
  const { accountId, invitationId, now } = options;
  return db.transaction(async (tx) => {
    await openInvitation(tx, accountId, invitationId);
    const { token, tokenHash, expiresAt } = newInvitationToken(now);
    const [invitation] = await tx
      .update(invitations)
      .set({ tokenHash, expiresAt, updatedAt: now })
      .where(eq(invitations.id, invitationId))
      .returning();
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId));
    if (!invitation || !account) throw new AppError("not_found", INVITATION_NOT_FOUND);
    return { invitation, token, account };
  });
}

/** Withdraws an invitation: its link answers "withdrawn" from now on. */
export async function revokeInvitation(db: Db, options: { accountId: number; invitationId: number; now: Date }): Promise<void> {
  const { accountId, invitationId, now } = options;
  await db.transaction(async (tx) => {
    await openInvitation(tx, accountId, invitationId);
    await tx.update(invitations).set({ revokedAt: now, updatedAt: now }).where(eq(invitations.id, invitationId));
  });
}
