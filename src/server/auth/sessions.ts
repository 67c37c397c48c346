import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { accounts, sessions, users } from "../db/schema/index.js";
import { SESSION_TTL_SECONDS } from "./cookies.js";
import type { SessionCache } from "./session-cache.js";
import { hashToken, newToken } from "./tokens.js";

export type AccountRow = typeof accounts.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type AuthContext = {
  /** The session's row id; for a personal API token (api-token-auth.ts), minus the token's id. */
  sessionId: number;
  /** Set when the request came with `Authorization: Bearer` (docs/api.md): `user.role` is then the token's role. */
  apiTokenId?: number;
  userId: number;
  accountId: number;
  user: UserRow;
  account: AccountRow;
  expiresAt: Date;
  /** The session user's JSON, written once per cached lookup (see GET /api/auth/user). */
  userJson?: string;
};

/** Rolling expiry is written at most this often, so an ordinary request costs one read, not a write. */
const TOUCH_INTERVAL_MS = 10 * 60 * 1000;

/** A new session (a new token at every sign-in, so a planted token is useless). Returns the cookie value. */
export async function createSession(db: Db, userId: number, accountId: number, now: Date): Promise<string> {
  const { token, tokenHash } = newToken();
  // In a transaction so the audit trigger's sign-in row learns where it came from (audit/audit-actor.ts).
  await db.transaction((tx) =>
    tx.insert(sessions).values({
      tokenHash,
      userId,
      accountId,
      expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
      lastSeenAt: now,
      createdAt: now,
    }),
  );
  return token;
}

/**
 * The signed-in user and account for a cookie token, or null when unknown or expired; extends the expiry
 * as it goes. Callers that hold a SessionCache ask it first (a hit needs no await at all) and pass it
 * here to fill it.
 */
export async function findSession(
  db: Db,
  token: string,
  now: Date,
  cache?: SessionCache<AuthContext>,
): Promise<{ auth: AuthContext; renewed: boolean } | null> {
  const cached = cache?.get(token, now);
  if (cached) return { auth: cached, renewed: false };
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ session: sessions, user: users, account: accounts })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    // A removed member's sessions are deleted with the removal; the condition keeps a straggler out too.
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), isNull(users.removedAt)))
    .limit(1);
  if (!row) return null;
  let { expiresAt } = row.session;
  let renewed = false;
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    expiresAt = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, row.session.id));
    renewed = true;
  }
  const auth = { sessionId: row.session.id, userId: row.user.id, accountId: row.account.id, user: row.user, account: row.account, expiresAt };
  cache?.set(token, auth);
  return { auth, renewed };
}

export async function deleteSession(db: Db, token: string, cache?: SessionCache<AuthContext>): Promise<void> {
  cache?.forget(token);
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function pruneExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
