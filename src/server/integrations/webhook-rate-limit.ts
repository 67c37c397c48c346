import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { consumeRateLimit } from "../http/rate-limit.js";

/**
 * Each webhook URL's token may deliver `config.webhookRateLimit` times a window (WEBHOOK_RATE_LIMIT a
 * minute, default 120): past it, 429 with Retry-After, before the body is read or
 * anything is verified. Counted in PostgreSQL (http/rate-limit.ts), so the limit holds across
 * instances. Zoom, Graph, Google and the generic webhook's senders retry a 429 (docs/capture-webhook.md);
 * Twilio does not retry by default, which is why the default sits far above a phone line's traffic.
 * The counter's key is a hash of the token: the token itself, a secret in the URL, is never stored here.
 */
export function registerWebhookRateLimit(scope: FastifyInstance): void {
  scope.addHook("onRequest", async (request) => {
    const token = (request.params as { token?: unknown } | undefined)?.token;
    if (typeof token !== "string" || token === "") return;
    const rule = scope.config.webhookRateLimit;
    const key = `webhook:${createHash("sha256").update(token).digest("base64url").slice(0, 32)}`;
    await consumeRateLimit(
      scope.db,
      key,
      rule,
      scope.now(),
      `Too many deliveries to this webhook URL: at most ${rule.limit} every ${rule.windowSeconds} seconds. Retry after the time in Retry-After.`,
    );
  });
}
