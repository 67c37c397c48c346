import { and, eq, sql } from "drizzle-orm";
import { VERIFY_LINK_REFUSALS } from "../../core/contracts/email-verification.js";
import { AppError } from "../../core/errors.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { users } from "../db/schema/index.js";
import { secretBoxFor } from "../http/secrets.js";
import { readVerificationToken } from "./email-verification-token.js";

export const VERIFY_LINK_OTHER_SESSION = VERIFY_LINK_REFUSALS.other_session;
export const VERIFY_LINK_OLD_ADDRESS = VERIFY_LINK_REFUSALS.old_address;

/**
 * Records that the user proved their address: the link must be genuine and unexpired, opened in a
 * browser signed in as the user who asked for it (so the real owner of an ADMIN_EMAILS address who
 * clicks a link someone else's account requested grants that account nothing), and the account must
 * still have the address it was mailed to (the update matches both, so a change racing the click
 * wins). Returns the account id, whose cached sessions the caller drops.
 */
export async function verifyEmail(
  db: Db,
  config: Config,
  options: { token: string; signedInUserId: number | null; now: Date },
): Promise<{ accountId: number }> {
  const claim = readVerificationToken(secretBoxFor(config), options.token, options.now);
  if (claim.userId !== options.signedInUserId) throw new AppError("bad_request", VERIFY_LINK_OTHER_SESSION);
  const [row] = await db
    .update(users)
    .set({ emailVerifiedAt: options.now, updatedAt: options.now })
    .where(and(eq(users.id, claim.userId), eq(sql`lower(${users.email})`, claim.email)))
    .returning({ accountId: users.accountId });
  if (!row) throw new AppError("bad_request", VERIFY_LINK_OLD_ADDRESS);
  return row;
}
