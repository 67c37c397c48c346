import { and, eq, isNull, sql } from "drizzle-orm";
import type { InviteMemberRequest } from "../../core/contracts/team.js";
import { AppError } from "../../core/errors.js";
import { assertSeatFor } from "../../core/team-seats.js";
import type { Db } from "../db/client.js";
import { accounts, invitations, users } from "../db/schema/index.js";
import { newInvitationToken } from "./invitation-link.js";
import { countSeatsTaken } from "./team-queries.js";

/**
 * Opens an invitation for an address with a role. The account row is locked for the count, so two
 * invitations at once cannot both take the trial's last seat. Returns the row and the token (the
 * only time it exists outside the link).
 */
export async function inviteMember(
  db: Db,
  options: { accountId: number; inviterId: number; input: InviteMemberRequest; now: Date },
) {
  const { accountId, inviterId, input, now } = options;
  return db.transaction(async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for("update");
    if (!account) throw new AppError("not_found", "Account not found");
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.accountId, accountId), isNull(users.removedAt), eq(sql`lower(${users.email})`, input.email)));
    if (member) throw new AppError("conflict", `${input.email} is already a member of your practice.`);
    const [open] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(
        and(
          eq(invitations.accountId, accountId),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          eq(sql`lower(${invitations.email})`, input.email),
        ),
      );
    if (open) throw new AppError("conflict", `An invitation to ${input.email} is already open: resend it from the list instead.`);
    assertSeatFor(account, await countSeatsTaken(tx, accountId, now));
    const { token, tokenHash, expiresAt } = newInvitationToken(now);
    const [invitation] = await tx
      .insert(invitations)
      .values({
        accountId,
        email: input.email,
        role: input.role,
        tokenHash,
        invitedByUserId: inviterId,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!invitation) throw new Error("invitation insert returned nothing");
    return { invitation, token, account };
  });
}
