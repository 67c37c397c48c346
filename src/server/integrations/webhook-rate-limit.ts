import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client.js";
import { consumeRateLimit, counterOf, type RateLimitRule, type Reservation, refuseOverLimit } from "../http/rate-limit.js";

/**
 * A webhook's own read by its URL's token in the statement that counts the delivery (one trip to the
 * database instead of two: docs/performance.md): `counter` is the counter row to add one to, through
 * http/rate-limit.ts's COUNT_HIT; answers the new count and what was read.
 */
export type CountedLookup<T> = (db: Db, token: string, counter: Reservation) => Promise<{ count: number; found: T }>;

/**
 * Each webhook URL's token may deliver `config.webhookRateLimit` times a window (WEBHOOK_RATE_LIMIT a
 * minute, default 120): past it, 429 with Retry-After, before the body is read or
 * anything is verified. Counted in PostgreSQL (http/rate-limit.ts), so the limit holds across
 * instances. Zoom, Graph, Google and the generic webhook's senders retry a 429 (docs/capture-webhook.md);
 * Twilio does not retry by default, which is why the default sits far above a phone line's traffic.
 * The counter's key is a hash of the token: the token itself, a secret in the URL, is never stored here.
 * The route's own read by the token is made in the counting statement (`lookup`, one trip: every webhook
 * scope counts this way); the answer reads what it found for a request (undefined when nothing was read:
 * no token, or one `isToken` refuses, which is only counted, and which the route answers itself).
 */
export function registerWebhookRateLimitWithLookup<T>(
  scope: FastifyInstance,
  lookup: CountedLookup<T>,
  isToken: (token: string) => boolean,
): (request: FastifyRequest) => T | undefined {
  const found = new WeakMap<FastifyRequest, { value: T }>();
  scope.addHook("onRequest", async (request) => {
    const counted = countedToken(scope, request);
    if (!counted) return;
    const now = scope.now();
    // A token that cannot name a row (a NUL byte, the wrong length) never reaches the lookup.
    if (!isToken(counted.token)) return consumeRateLimit(scope.db, counted.key, counted.rule, now, limitMessage(counted.rule));
    const { count, found: value } = await lookup(scope.db, counted.token, counterOf(counted.key, counted.rule, now));
    refuseOverLimit(count, counted.rule, now, limitMessage(counted.rule));
    found.set(request, { value });
  });
  return (request) => found.get(request)?.value;
}

function countedToken(scope: FastifyInstance, request: FastifyRequest): { token: string; key: string; rule: RateLimitRule } | null {
  const token = (request.params as { token?: unknown } | undefined)?.token;
  if (typeof token !== "string" || token === "") return null;
  const key = `webhook:${createHash("sha256").update(token).digest("base64url").slice(0, 32)}`;
  return { token, key, rule: scope.config.webhookRateLimit };
}

function limitMessage(rule: RateLimitRule): string {
  return `Too many deliveries to this webhook URL: at most ${rule.limit} every ${rule.windowSeconds} seconds. Retry after the time in Retry-After.`;
}
