import type { ProviderRateLimit } from "./rate-limits.js";

/**
 * The pure arithmetic of the shared rate limiter (rate-limiter.ts): requests to one organisation
 * are spaced evenly, never bursting, so a limit of 500 a minute and 10 a second becomes one request
 * every 120 ms, and 60 a minute one a second.
 */
export function requestSpacingMs(limit: ProviderRateLimit): number {
  const perMinute = Math.max(1, limit.perMinute);
  const byMinute = 60_000 / perMinute;
  const bySecond = limit.perSecond ? 1000 / Math.max(1, limit.perSecond) : 0;
  return Math.ceil(Math.max(byMinute, bySecond));
}

/**
 * The spacing the limiter actually schedules: 5% wider than the published limit. Providers count
 * requests as they arrive, and a request that leaves a few milliseconds late (a busy event loop, a
 * slow database answer) while the next leaves on time would otherwise put limit + 1 requests in
 * one of the provider's windows (the QuickBooks stand-in saw 2 such 429s in 1,618 requests with no
 * margin). 5% absorbs delays of up to 3 s a minute and 6 ms between two QuickBooks requests.
 */
export const SCHEDULE_MARGIN = 1.05;

export function scheduledSpacingMs(limit: ProviderRateLimit): number {
  return Math.ceil(requestSpacingMs(limit) * SCHEDULE_MARGIN);
}

/** YYYY-MM-DD of `now` in UTC (daily limits count per UTC day). */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Whole seconds until the next UTC midnight (at least 1), when a daily limit starts again. */
export function secondsUntilUtcMidnight(now: Date): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}
