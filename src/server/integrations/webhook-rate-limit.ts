import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client.js";
import { consumeRateLimit, counterOf, type RateLimitRule, type Reservation, refuseOverLimit } from "../http/rate-limit.js";
import { RememberedTargets } from "./remembered-targets.js";

/**
 * A webhook's own read by its URL's token in the statement that counts the delivery (one trip to the
 * database instead of two: docs/performance.md): `counter` is the counter row to add one to, through
 * http/rate-limit.ts's COUNT_HIT; answers the new count and what was read.
 */
export type CountedLookup<T> = (db: Db, token: string, counter: Reservation) => Promise<{ count: number; found: T }>;

/**
 * Each webhook URL's token may deliver `config.webhookRateLimit` times a window (WEBHOOK_RATE_LIMIT a
 * minute, default 120): past it, 429 with Retry-After, before the body is read or
 * anything is verified (for a remembered target, below: before anything is written). Counted in PostgreSQL (http/rate-limit.ts), so the limit holds across
 * instances. Zoom, Graph, Google and the generic webhook's senders retry a 429 (docs/capture-webhook.md);
 * Twilio does not retry by default, which is why the default sits far above a phone line's traffic.
 * The counter's key is a hash of the token: the token itself, a secret in the URL, is never stored here.
 * The route's own read by the token is made in the counting statement (`lookup`, one trip: every webhook
 * scope counts this way); the answer reads what it found for a request (undefined when nothing was read:
 * no token, or one `isToken` refuses, which is only counted, and which the route answers itself).
 *
 * `remember`: which targets the scope keeps, by token, after a counted read (Zoom's: remembered-targets.ts).
 * A delivery to a remembered target skips the hook's statement: its route verifies it with what was
 * remembered, its work's opening statement checks that the target is still the row as it is now
 * (webhook-target.ts TARGET_IS_CURRENT), and its last statement counts it, next to the COMMIT; when the target
 * is not current, or the route does other work, the route counts it on its own (DeferredWebhookCount). One trip fewer a delivery (docs/performance.md).
 */
export function registerWebhookRateLimitWithLookup<T>(
  scope: FastifyInstance,
  lookup: CountedLookup<T>,
  isToken: (token: string) => boolean,
  options: { remember?: (found: T) => boolean } = {},
): WebhookLookup<T> {
  const found = new WeakMap<FastifyRequest, { value: T; deferred?: DeferredWebhookCount }>();
  const remembered = new RememberedTargets<T>();
  scope.addHook("onRequest", async (request) => {
    const counted = countedToken(scope, request);
    if (!counted) return;
    const now = scope.now();
    // A token that cannot name a row (a NUL byte, the wrong length) never reaches the lookup.
    if (!isToken(counted.token)) return consumeRateLimit(scope.db, counted.key, counted.rule, now, limitMessage(counted.rule));
    const known = options.remember ? remembered.get(counted.token) : undefined;
    if (known !== undefined) {
      found.set(request, { value: known.value, deferred: deferredCount(scope, counted, now, () => remembered.forget(counted.token)) });
      return;
    }
    const { count, found: value } = await lookup(scope.db, counted.token, counterOf(counted.key, counted.rule, now));
    refuseOverLimit(count, counted.rule, now, limitMessage(counted.rule));
    if (options.remember?.(value)) remembered.set(counted.token, value);
    found.set(request, { value });
  });
  const targetOf = (request: FastifyRequest) => found.get(request)?.value;
  return Object.assign(targetOf, { deferredCountOf: (request: FastifyRequest) => found.get(request)?.deferred });
}

/**
 * What registerWebhookRateLimitWithLookup answers: the request's target as the hook read it (undefined when
 * nothing was read), and, for a target the scope remembered, the delivery's count the hook left to the route.
 */
export type WebhookLookup<T> = ((request: FastifyRequest) => T | undefined) & {
  deferredCountOf: (request: FastifyRequest) => DeferredWebhookCount | undefined;
};

/**
 * A delivery to a remembered target, not counted yet: the route counts it exactly once, in its own
 * statement (`count`) or in one that also does the delivery's work (the capture event's last statement,
 * which reads `counter` and `rule`, then `settle`s with the count it made). Past the limit both throw the 429.
 */
export type DeferredWebhookCount = {
  counter: Reservation;
  rule: RateLimitRule;
  /** Whether the delivery has been counted (by `count` or `settle`). */
  readonly settled: boolean;
  count(): Promise<void>;
  settle(count: number): void;
  /** The remembered target was not the row as it is: the next delivery reads it again. */
  forget(): void;
};

function deferredCount(
  scope: FastifyInstance,
  counted: { key: string; rule: RateLimitRule },
  now: Date,
  forget: () => void,
): DeferredWebhookCount {
  const message = limitMessage(counted.rule);
  let settled = false;
  return {
    counter: counterOf(counted.key, counted.rule, now),
    rule: counted.rule,
    get settled() {
      return settled;
    },
    async count() {
      if (settled) return;
      settled = true;
      await consumeRateLimit(scope.db, counted.key, counted.rule, now, message);
    },
    settle(count) {
      settled = true;
      refuseOverLimit(count, counted.rule, now, message);
    },
    forget,
  };
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
