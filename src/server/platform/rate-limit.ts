import { lt, sql } from "drizzle-orm";
import { AppError } from "../../core/errors.js";
import type { Db } from "../db/client.js";
import { rateLimitCounters } from "../db/schema/index.js";

export type RateLimitRule = { limit: number; windowSeconds: number };

/**
 * Counts one hit for `key` in the current fixed window, in the database so every app
 * instance shares the count (DECISIONS.md 2). Throws 429 with Retry-After once over the limit.
 */
export async function consumeRateLimit(db: Db, key: string, rule: RateLimitRule, now: Date, message: string): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  if ((row?.count ?? 0) > rule.limit) {
    const retryAfter = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
    throw new AppError("rate_limited", message, retryAfter);
  }
}

/** Drops windows older than a day; called now and then so the table stays small. */
export async function pruneRateLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(now.getTime() - 86_400_000)));
}
