import { sql } from "drizzle-orm";
import type { AccountingProviderId } from "../../../core/accounting/providers.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { AccountingRateLimited } from "../accounting-errors.js";
import { PUBLISHED_RATE_LIMITS, type ProviderRateLimit } from "./rate-limits.js";
import { scheduledSpacingMs, secondsUntilUtcMidnight, utcDay } from "./slot-arithmetic.js";

/**
 * The providers' rate limits, shared by every instance because the schedule is a row of
 * `outbound_rate_limits` per provider and remote organisation. Each request reserves the next free
 * slot in one statement (INSERT … ON CONFLICT DO UPDATE … RETURNING): the row moves on by one
 * spacing, and the caller sleeps until its slot. Two instances reserving at once get two different
 * slots, because the upsert locks the row. A 429 sets `blocked_until`, which every reservation
 * respects.
 */

/** The limit a provider's requests obey: the published one, with a test's or bench's override. */
export function rateLimitFor(config: Config, provider: AccountingProviderId): ProviderRateLimit | null {
  const published = PUBLISHED_RATE_LIMITS[provider];
  const override = config.accounting?.rateLimits?.[provider];
  if (!published && !override) return null;
  return { perMinute: 60, ...published, ...override } as ProviderRateLimit;
}

/** One key per provider and remote organisation (QuickBooks company, Xero tenant …): the unit the limits are published for. */
export function rateLimitKey(
  provider: AccountingProviderId,
  config: Record<string, string | undefined>,
  integrationId: number,
): string {
  const organisation =
    config.realmId ?? config.tenantId ?? config.businessId ?? config.accountId ?? `integration-${integrationId}`;
  return `${provider}:${organisation}`;
}

type SlotRow = { next_ms: number | string; day_count: number | string };

/**
 * Reserves the organisation's next request slot; the milliseconds to wait before sending (0: now).
 * Over the daily limit (Xero's 5,000): throws AccountingRateLimited until UTC midnight.
 */
export async function reserveRequestSlot(db: Db, options: { key: string; limit: ProviderRateLimit; now: Date }): Promise<number> {
  const { key, limit, now } = options;
  const spacing = scheduledSpacingMs(limit);
  const at = now.toISOString();
  const today = utcDay(now);
  const result = await db.execute(sql`
    insert into outbound_rate_limits as l (key, next_slot_at, day, day_count, updated_at)
    values (${key}, ${at}::timestamptz + ${spacing} * interval '1 millisecond', ${today}::date, 1, ${at}::timestamptz)
    on conflict (key) do update set
      next_slot_at = greatest(l.next_slot_at, coalesce(l.blocked_until, ${at}::timestamptz), ${at}::timestamptz)
        + ${spacing} * interval '1 millisecond',
      day_count = case when l.day = excluded.day then l.day_count + 1 else 1 end,
      day = excluded.day,
      updated_at = excluded.updated_at
    returning extract(epoch from l.next_slot_at) * 1000 as next_ms, l.day_count`);
  const row = (result as unknown as { rows: SlotRow[] }).rows[0];
  if (!row) throw new Error("outbound_rate_limits returned no row");
  if (limit.perDay !== undefined && Number(row.day_count) > limit.perDay) {
    const seconds = secondsUntilUtcMidnight(now);
    throw new AccountingRateLimited(
      `The daily limit of ${limit.perDay} requests is used up; syncing resumes after midnight UTC`,
      seconds,
    );
  }
  const slot = Number(row.next_ms) - spacing;
  return Math.max(0, Math.round(slot - now.getTime()));
}

/** The provider answered 429: nobody (no instance) calls this organisation for `seconds`. */
export async function holdRequests(db: Db, options: { key: string; seconds: number; now: Date }): Promise<void> {
  const at = options.now.toISOString();
  const until = new Date(options.now.getTime() + options.seconds * 1000).toISOString();
  await db.execute(sql`
    insert into outbound_rate_limits as l (key, next_slot_at, blocked_until, updated_at)
    values (${options.key}, ${at}::timestamptz, ${until}::timestamptz, ${at}::timestamptz)
    on conflict (key) do update set
      blocked_until = greatest(coalesce(l.blocked_until, excluded.blocked_until), excluded.blocked_until),
      updated_at = excluded.updated_at`);
}
