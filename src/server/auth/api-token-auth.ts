import { and, eq, isNull, lte, or } from "drizzle-orm";
import { AppError } from "../../core/errors.js";
import { isRoleWithin } from "../../core/permissions.js";
import type { Db } from "../db/client.js";
import { accounts, apiTokens, users } from "../db/schema/index.js";
import { consumeRateLimit, type RateLimitRule } from "../http/rate-limit.js";
import type { AuthContext } from "./sessions.js";
import { hashToken, isApiTokenShape } from "./tokens.js";

/** The 401 sentences of a refused token (docs/api.md): each says what happened and what to do. */
export const API_TOKEN_INVALID = "This API token is not valid: copy the whole token, or make a new one in Settings → API";
export const API_TOKEN_REVOKED = "This API token was revoked: make a new one in Settings → API";
export const API_TOKEN_EXPIRED = "This API token has expired: make a new one in Settings → API";
export const API_TOKEN_MEMBER_REMOVED = "This API token's owner is no longer a member of the practice";
export const API_TOKEN_ABOVE_ROLE = "This API token's role is above its owner's role now: make a new one in Settings → API";
export const API_TOKEN_RATE_LIMITED = "Too many requests with this API token: wait a moment and try again";

/**
 * `last_used_at` is written at most this often. Writing it on every request would add a row update
 * (a dead tuple, WAL, and a lock on the token's row that lines up a client's parallel calls) to every
 * API call; "last used" on Settings → API needs minutes, not milliseconds.
 */
export const LAST_USED_INTERVAL_MS = 5 * 60 * 1000;

/**
 * The signed-in context of a Bearer request: the token's creator acting with the token's role, or a
 * 401 saying why not. The role is checked against the creator's role of now, so demoting someone
 * stops their tokens that are above the new role. Then one hit on the token's own rate limit, counted
 * in the database so every instance shares it (429 with Retry-After).
 */
export async function authenticateApiToken(
  db: Db,
  token: string,
  options: { now: Date; rateLimit: RateLimitRule },
): Promise<AuthContext> {
  if (!isApiTokenShape(token)) throw unauthorized(API_TOKEN_INVALID);
  const { now } = options;
  const [row] = await db
    .select({ token: apiTokens, user: users, account: accounts })
    .from(apiTokens)
    .innerJoin(users, and(eq(users.id, apiTokens.userId), eq(users.accountId, apiTokens.accountId)))
    .innerJoin(accounts, eq(accounts.id, apiTokens.accountId))
    .where(eq(apiTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw unauthorized(API_TOKEN_INVALID);
  if (row.token.revokedAt) throw unauthorized(API_TOKEN_REVOKED);
  if (row.token.expiresAt <= now) throw unauthorized(API_TOKEN_EXPIRED);
  if (row.user.removedAt) throw unauthorized(API_TOKEN_MEMBER_REMOVED);
  if (!isRoleWithin(row.token.role, row.user.role)) throw unauthorized(API_TOKEN_ABOVE_ROLE);
  await consumeRateLimit(db, `api-token:${row.token.id}`, options.rateLimit, now, API_TOKEN_RATE_LIMITED);
  if (!row.token.lastUsedAt || now.getTime() - row.token.lastUsedAt.getTime() >= LAST_USED_INTERVAL_MS) {
    // Conditional, so two instances that both saw a stale value write once.
    const staleBefore = new Date(now.getTime() - LAST_USED_INTERVAL_MS);
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(apiTokens.id, row.token.id), or(isNull(apiTokens.lastUsedAt), lte(apiTokens.lastUsedAt, staleBefore))));
  }
  return {
    // No session row stands behind a token: a negative id never matches a session's sign-out NOTIFY.
    sessionId: -row.token.id,
    apiTokenId: row.token.id,
    userId: row.user.id,
    accountId: row.account.id,
    // Every check downstream (the permission preHandler, the Team page's rules) reads this role.
    user: { ...row.user, role: row.token.role },
    account: row.account,
    expiresAt: row.token.expiresAt,
  };
}

function unauthorized(message: string): AppError {
  return new AppError("unauthorized", message);
}
