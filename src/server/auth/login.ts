import { and, eq, isNull, sql } from "drizzle-orm";
import { AppError } from "../../core/errors.js";
import type { LoginRequest } from "../../core/contracts/auth.js";
import type { Db } from "../db/client.js";
import { accounts, users } from "../db/schema/index.js";
import { checkRateLimit, countAttempt, type RateLimitRule, releaseAttempt, reserveAttempt } from "../http/rate-limit.js";
import { dummyPasswordHash, verifyPassword } from "./passwords.js";
import { createSession } from "./sessions.js";

/**
 * Failed sign-ins allowed per window (OWASP Authentication Cheat Sheet): per email and address
 * together, so guessing one account's password from one place stops while its owner, elsewhere
 * or on the same office network, still gets in; and a looser ceiling per address, for a source
 * failing on many accounts at once. Successful sign-ins never count.
 */
export type LoginLimits = { perEmailAndAddress: RateLimitRule; perAddress: RateLimitRule };
export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perEmailAndAddress: { limit: 10, windowSeconds: 15 * 60 },
  perAddress: { limit: 100, windowSeconds: 15 * 60 },
};

const INVALID = "Invalid email or password";
export const TOO_MANY_SIGN_INS = "Too many sign-in attempts. Please wait a few minutes and try again.";

/**
 * Checks the address's ceiling, then reserves a failure for the email and address before the
 * password is checked, so parallel guesses cannot overtake the limit; a success gives it back and
 * starts the pair's count again at zero, a failure also counts for the address. Only the pair is
 * reserved: in-flight sign-ins of other people behind the same address never count against it.
 * An unknown email and a wrong password take the same path, the same answer and the same time,
 * so sign-in reveals nothing about who has an account.
 */
export async function login(
  db: Db,
  input: LoginRequest & { address: string; now: Date; limits: LoginLimits; passwordHashCost?: number },
) {
  const email = input.email.toLowerCase();
  const addressKey = `login:fail:address:${input.address}`;
  await checkRateLimit(db, addressKey, input.limits.perAddress, input.now, TOO_MANY_SIGN_INS);
  const pair = await reserveAttempt(
    db,
    `login:fail:pair:${input.address} ${email}`,
    input.limits.perEmailAndAddress,
    input.now,
    TOO_MANY_SIGN_INS,
  );

  const [row] = await db
    .select({ user: users, account: accounts })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    // A removed member cannot sign in: the same answer as an unknown address.
    .where(and(eq(sql`lower(${users.email})`, email), isNull(users.removedAt)))
    .limit(1);
  const ok = await verifyPassword(input.password, row?.user.passwordHash ?? dummyPasswordHash(input.passwordHashCost));
  if (!row || !ok) {
    await countAttempt(db, addressKey, input.limits.perAddress, input.now);
    throw new AppError("unauthorized", INVALID);
  }
  await releaseAttempt(db, pair, { reset: true });
  const token = await createSession(db, row.user.id, row.account.id, input.now);
  return { token, user: row.user, account: row.account };
}
