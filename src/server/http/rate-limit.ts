import { and, eq, lt, sql } from "drizzle-orm";
import { AppError } from "../../core/errors.js";
import type { Db } from "../db/client.js";
import { compiledOnce } from "../db/compiled-statement.js";
import { queryPrepared } from "../db/prepared-query.js";
import { rateLimitCounters } from "../db/schema/index.js";

export type RateLimitRule = { limit: number; windowSeconds: number };

/** One counted attempt: the counter row it went into, so it can be given back. */
export type Reservation = { key: string; windowStart: Date };

function windowOf(rule: RateLimitRule, now: Date): { windowStart: Date; windowMs: number } {
  const windowMs = rule.windowSeconds * 1000;
  return { windowStart: new Date(Math.floor(now.getTime() / windowMs) * windowMs), windowMs };
}

/** Adds one to `key`'s counter of this window (one statement, so no two counter locks are ever held) and returns the new count. */
async function countHit(db: Db, key: string, windowStart: Date): Promise<number> {
  // A prepared statement: every webhook delivery and sign-in counts one (docs/performance.md).
  const [row] = await queryPrepared(db, countHitStatement({ key, windowStart: windowStart.toISOString() }));
  return Number(row?.count ?? 0);
}

/**
 * The counter's upsert, answering the new `count`: a statement of its own here, or the first part
 * (a CTE) of a statement that also reads what the request needs (capture/webhook-target.ts). Its values
 * are the placeholders `key` and `windowStart` (ISO text).
 */
export const COUNT_HIT = sql`insert into ${rateLimitCounters} (key, window_start, count)
      values (${sql.placeholder("key")}, ${sql.placeholder("windowStart")}::timestamptz, 1)
      on conflict (key, window_start) do update set count = ${rateLimitCounters}.count + 1
      returning count`;

const countHitStatement = compiledOnce<{ key: string; windowStart: string }>(COUNT_HIT);

/** The counter row a hit for `key` now goes into. */
export function counterOf(key: string, rule: RateLimitRule, now: Date): Reservation {
  return { key, windowStart: windowOf(rule, now).windowStart };
}

/** Throws the 429 (with Retry-After) when a hit counted elsewhere (COUNT_HIT) made `count` pass the limit. */
export function refuseOverLimit(count: number, rule: RateLimitRule, now: Date, message: string): void {
  const { windowStart, windowMs } = windowOf(rule, now);
  if (count > rule.limit) throw tooMany(message, windowStart, windowMs, now);
}

/** The 429 a caller reads, with the seconds until the window ends as Retry-After. */
function tooMany(message: string, windowStart: Date, windowMs: number, now: Date): AppError {
  return new AppError("rate_limited", message, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
}

/**
 * Counts one hit for `key` in the current fixed window, in the database so every app
 * instance shares the count. Throws 429 with Retry-After once over the limit.
 */
export async function consumeRateLimit(db: Db, key: string, rule: RateLimitRule, now: Date, message: string): Promise<void> {
  refuseOverLimit(await countHit(db, key, windowOf(rule, now).windowStart), rule, now, message);
}

/**
 * Counts one attempt for `key` before the work it guards, so a burst of parallel requests cannot
 * all slip under the limit while the first ones are still at work. Over the limit, the attempt is
 * given back and a 429 with Retry-After is thrown; otherwise the caller keeps the reservation (a
 * failure) or gives it back with `releaseAttempt` (a success).
 */
export async function reserveAttempt(db: Db, key: string, rule: RateLimitRule, now: Date, message: string): Promise<Reservation> {
  const { windowStart, windowMs } = windowOf(rule, now);
  const reservation = { key, windowStart };
  if ((await countHit(db, key, windowStart)) <= rule.limit) return reservation;
  await releaseAttempt(db, reservation);
  throw tooMany(message, windowStart, windowMs, now);
}

/**
 * Throws 429 with Retry-After if `key` has already reached its limit in this window; counts nothing.
 * With `countAttempt` after the work, requests already under way are not counted yet: the limit can be
 * passed by as many as run at once (for a loose ceiling; a strict limit uses `reserveAttempt`).
 */
export async function checkRateLimit(db: Db, key: string, rule: RateLimitRule, now: Date, message: string): Promise<void> {
  const { windowStart, windowMs } = windowOf(rule, now);
  const [row] = await db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart)));
  if ((row?.count ?? 0) >= rule.limit) throw tooMany(message, windowStart, windowMs, now);
}

/** Counts one attempt for `key` after the fact (a failure found by the work itself). */
export async function countAttempt(db: Db, key: string, rule: RateLimitRule, now: Date): Promise<void> {
  await countHit(db, key, windowOf(rule, now).windowStart);
}

/** Gives a reserved attempt back; `reset` sets the count to zero instead (a success forgives the failures before it). */
export async function releaseAttempt(db: Db, reservation: Reservation, options: { reset?: boolean } = {}): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ count: options.reset ? 0 : sql`greatest(${rateLimitCounters.count} - 1, 0)` })
    .where(and(eq(rateLimitCounters.key, reservation.key), eq(rateLimitCounters.windowStart, reservation.windowStart)));
}

/** Drops windows older than a day; called now and then so the table stays small. */
export async function pruneRateLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(now.getTime() - 86_400_000)));
}
