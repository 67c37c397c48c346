/** What the cache needs of a session: whose it is (forgetAccount) and when it ends (never served past that). */
export type CachedSession = { accountId: number; expiresAt: Date };

/**
 * A read-through cache of session lookups, one per app instance, entries kept for one second.
 *
 * Why: an authenticated request otherwise costs a database round trip before any work starts, which
 * on the embedded database caps the whole app at a few hundred requests per second. The database stays
 * the only source of truth (docs/decisions.md D2): an entry lives one second, a sign-out or any write by the
 * account on this instance drops its entries at once, and another instance sees such a change within
 * a second. Only reads use it: a write always confirms its session in the database (session-hook.ts),
 * so a sign-out on another instance stops writes at once. Times use the monotonic clock, not the app's injectable clock, so a pinned test clock
 * cannot keep an entry alive.
 *
 * Entries are keyed by the cookie token itself, not its SHA-256: the map lives only in this process's
 * memory, where the token already is while the request runs, and a hit then costs no hashing. Only the
 * hash ever reaches the database.
 *
 * It holds whatever session shape its owner gives it (auth/sessions.ts's AuthContext in the app), so it
 * imports nothing from sessions.ts, which imports it.
 */
export class SessionCache<Session extends CachedSession = CachedSession> {
  private readonly entries = new Map<string, { auth: Session; storedAt: number }>();

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 10_000,
  ) {}

  get(token: string, now: Date): Session | null {
    const entry = this.entries.get(token);
    if (!entry) return null;
    if (performance.now() - entry.storedAt > this.ttlMs || entry.auth.expiresAt <= now) {
      this.entries.delete(token);
      return null;
    }
    return entry.auth;
  }

  set(token: string, auth: Session): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { auth, storedAt: performance.now() });
  }

  forget(token: string): void {
    this.entries.delete(token);
  }

  /** Drops every cached session of an account: its user, settings or plan may just have changed. */
  forgetAccount(accountId: number): void {
    for (const [key, entry] of this.entries) if (entry.auth.accountId === accountId) this.entries.delete(key);
  }
}
