import type { FastifyInstance, FastifyReply } from "fastify";
import type { DashboardStats } from "../../core/contracts/calls.js";

/**
 * A read-through cache of what an account's screens read most, one per app instance, an entry kept
 * for `ttlMs` (one second by default, READ_CACHE_MS; like the session cache,
 * src/server/auth/session-cache.ts). Three caches use it: the dashboard's figures, the client
 * log's answers (one client's calls or emails in a period, as the JSON sent) and the Analytics
 * page's answer (one period, as the JSON sent; the last layer, after its reads were made cheap: docs/analytics.md).
 *
 * Why: these are the reads every user of an account opens and reopens, each a database round trip
 * that, on the embedded database, runs on the app's only thread. The database stays the only source
 * of truth (docs/decisions.md D2):
 * - an entry lives `ttlMs`, so another instance's change (or a provider's webhook, which is no
 *   account's request) shows within that time;
 * - any write request by the account on this instance drops the account's entries before its
 *   answer is sent, so the user who just ended a call never sees the figures from before it;
 * - a read that was already running when such a write happened does not store what it read
 *   (the write's epoch is later than the read's), so a stale figure cannot slip back in;
 * - keys hold the instants they cover (the start of the account's "today", a period's bounds), so
 *   midnight or a time-zone change moves to a new entry by itself.
 */
export class ReadCache<T> {
  private readonly entries = new Map<string, { value: T; accountId: number; storedAt: number }>();
  /** Epoch of each account's last write; accounts not listed last wrote at or before `floor`. */
  private readonly lastWrite = new Map<number, number>();
  private epoch = 0;
  private floor = 0;

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 10_000,
  ) {}

  /** Take this before reading the database; hand it back to `set`. */
  begin(): number {
    return this.epoch;
  }

  get(accountId: number, key: string): T | undefined {
    const entry = this.entries.get(`${accountId}:${key}`);
    if (!entry) return undefined;
    if (performance.now() - entry.storedAt > this.ttlMs) {
      this.entries.delete(`${accountId}:${key}`);
      return undefined;
    }
    return entry.value;
  }

  /** Stores what a read found, unless the account wrote since the read began (`began` from `begin`). */
  set(accountId: number, key: string, value: T, began: number): void {
    if (this.ttlMs <= 0) return;
    if ((this.lastWrite.get(accountId) ?? this.floor) > began) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(`${accountId}:${key}`, { value, accountId, storedAt: performance.now() });
  }

  /** The account changed something: drop its entries and refuse reads that began before now. */
  forgetAccount(accountId: number): void {
    this.epoch += 1;
    if (this.lastWrite.size >= this.maxEntries) {
      // Forget who wrote when, but treat every account as having written just now.
      this.lastWrite.clear();
      this.floor = this.epoch;
    } else {
      this.lastWrite.set(accountId, this.epoch);
    }
    for (const [key, entry] of this.entries) if (entry.accountId === accountId) this.entries.delete(key);
  }
}

/**
 * Decorates `app.statsCache`, `app.clientLogCache` and `app.analyticsCache`, and drops an account's
 * entries in all of them on any write request it makes (before the answer goes out). Register before
 * the routes.
 */
export function registerReadCaches(app: FastifyInstance, ttlMs: number): void {
  const stats = new ReadCache<DashboardStats>(ttlMs);
  const clientLog = new ReadCache<string>(ttlMs);
  const analytics = new ReadCache<string>(ttlMs);
  app.decorate("statsCache", stats);
  app.decorate("clientLogCache", clientLog);
  app.decorate("analyticsCache", analytics);
  app.addHook("onSend", (request, _reply, payload, done) => {
    if (request.auth && request.method !== "GET" && request.method !== "HEAD") {
      stats.forgetAccount(request.auth.accountId);
      clientLog.forgetAccount(request.auth.accountId);
      analytics.forgetAccount(request.auth.accountId);
    }
    done(null, payload);
  });
}

/**
 * Sends the JSON of `read()` through a cache of serialised answers: a hit costs neither the database
 * nor serialisation. `read` runs only on a miss; what it found is stored unless the account wrote
 * meanwhile.
 */
export async function sendCachedJson(
  reply: FastifyReply,
  cache: ReadCache<string>,
  accountId: number,
  key: string,
  read: () => Promise<unknown>,
): Promise<FastifyReply> {
  let json = cache.get(accountId, key);
  if (json === undefined) {
    const began = cache.begin();
    json = JSON.stringify(await read());
    cache.set(accountId, key, json, began);
  }
  return reply.type("application/json; charset=utf-8").send(json);
}
