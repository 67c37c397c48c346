import { eq, sql } from "drizzle-orm";
import { AppError } from "../../core/errors.js";
import type { LoginRequest } from "../../core/contracts/auth.js";
import type { Db } from "../db/client.js";
import { accounts, users } from "../db/schema/index.js";
import { consumeRateLimit, type RateLimitRule } from "../platform/rate-limit.js";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "./passwords.js";
import { createSession } from "./sessions.js";

export type LoginLimits = { perAddress: RateLimitRule; perEmail: RateLimitRule };
export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perAddress: { limit: 50, windowSeconds: 15 * 60 },
  perEmail: { limit: 10, windowSeconds: 15 * 60 },
};

const INVALID = "Invalid email or password";

/**
 * Checks the limits first, then the password. An unknown email and a wrong password get the
 * same answer and take the same time, so sign-in reveals nothing about who has an account.
 */
export async function login(db: Db, input: LoginRequest & { address: string; now: Date; limits: LoginLimits }) {
  const tooMany = "Too many sign-in attempts. Please wait a few minutes and try again.";
  await consumeRateLimit(db, `login:ip:${input.address}`, input.limits.perAddress, input.now, tooMany);
  await consumeRateLimit(db, `login:email:${input.email}`, input.limits.perEmail, input.now, tooMany);

  const [row] = await db
    .select({ user: users, account: accounts })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
    .limit(1);
  const ok = await verifyPassword(input.password, row?.user.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!row || !ok) throw new AppError("unauthorized", INVALID);
  const token = await createSession(db, row.user.id, row.account.id, input.now);
  return { token, user: row.user, account: row.account };
}
