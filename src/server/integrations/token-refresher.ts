import type { Db } from "../db/client.js";

/**
 * The one OAuth token refresher of the integrations kit, used by Google
 * Meet (capture/meet/meet-tokens.ts), the accounting connections (accounting/sync/token-store.ts) and
 * the OAuth mailboxes (emails/mailbox-credentials.ts). The rule, written once:
 *
 * 1. In ONE transaction, read the connection's row `FOR UPDATE` (`lock`). Two jobs or two instances
 *    never refresh at once: the second waits for the lock, then finds the first one's new token.
 *    Rotating refresh tokens (Xero's are single-use; Google and Microsoft may rotate) are spent once.
 *    On PGlite (one connection) transactions already run one at a time, and the lock costs nothing.
 * 2. A stored token that is still good (`usable`: fresh by the provider's margin and not the one the
 *    provider just refused) is returned as is, without asking the provider.
 * 3. Else ask the provider (`refresh`) and write the new tokens (`save`) BEFORE the lock is released:
 *    the next caller sees the new pair, never the spent one.
 * 4. A refused refresh token (`isRefused`: OAuth `invalid_grant` and its kin) can never succeed on a
 *    retry: `reconnect` marks the row so the screen says "reconnect", that write is committed, and the
 *    error it answers is thrown after the commit.
 * 5. Any other failure (timeout, 429, 5xx) leaves the stored pair, which was not spent: `failed`, when
 *    given, records it on the row (committed) and answers the error to throw; without it the error is
 *    rethrown and nothing is written. The caller (usually a job) retries later.
 */
export type LockedRefresh<Row, Renewed, Token> = {
  /** Reads the row FOR UPDATE on `tx`; throws (nothing written) when it is missing or cannot be refreshed. */
  lock: (tx: Db) => Promise<Row>;
  /** The stored token when it may be used as is, else null. */
  usable: (row: Row) => Token | null;
  /** Asks the provider for new tokens (under the lock). */
  refresh: (row: Row) => Promise<Renewed>;
  /** Stores the new tokens on `tx` and answers the token to use. */
  save: (tx: Db, row: Row, renewed: Renewed) => Promise<Token>;
  /** Is this failure the provider refusing the refresh token itself (invalid_grant …)? */
  isRefused: (error: unknown) => boolean;
  /** Marks the row "reconnect" on `tx`; answers the error to throw once that is committed. */
  reconnect: (tx: Db, row: Row, error: unknown) => Promise<Error>;
  /** Records another failure on `tx` and answers the error to throw once committed; absent: rethrown, nothing written. */
  failed?: (tx: Db, row: Row, error: unknown) => Promise<Error>;
};

type Outcome<Token> = { ok: true; token: Token } | { ok: false; error: Error };

/** Runs the rule above: the token to use, or the error to show (after any status it wrote is committed). */
export async function refreshUnderLock<Row, Renewed, Token>(db: Db, plan: LockedRefresh<Row, Renewed, Token>): Promise<Token> {
  const outcome = await db.transaction(async (tx): Promise<Outcome<Token>> => {
    const row = await plan.lock(tx);
    const stored = plan.usable(row);
    if (stored !== null) return { ok: true, token: stored };
    let renewed: Renewed;
    try {
      renewed = await plan.refresh(row);
    } catch (error) {
      if (plan.isRefused(error)) return { ok: false, error: await plan.reconnect(tx, row, error) };
      if (!plan.failed) throw error;
      return { ok: false, error: await plan.failed(tx, row, error) };
    }
    return { ok: true, token: await plan.save(tx, row, renewed) };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.token;
}

/** Is a token expiring at `expiresAtMs` still good at `now`, `marginMs` ahead (so no call starts with a dying token)? */
export function isFresh(expiresAtMs: number | null | undefined, now: Date, marginMs: number): boolean {
  return (expiresAtMs ?? 0) - marginMs > now.getTime();
}
