import type { FastifyRequest } from "fastify";
import { isApiRequest } from "./api-url.js";

/** Webhooks are called by providers, not browsers; they prove themselves with signatures instead (and may send their own Authorization). */
const WEBHOOK_ROUTE_PREFIX = "/api/webhooks/";

export function isWebhookRoute(route: string | undefined): boolean {
  return route?.startsWith(WEBHOOK_ROUTE_PREFIX) ?? false;
}

/** "Bearer", a space and the credential; a bare "Bearer" (fetch trims "Bearer ") is a Bearer request with none. */
const BEARER = /^Bearer(?: +(\S*))? *$/i;

/**
 * The credential of an `Authorization: Bearer …` /api request (a personal API token, docs/api.md), or
 * null for a cookie request. One decision read by both the CSRF guard (a Bearer request needs no
 * X-Requested-With: a browser never attaches this header by itself, and a cross-site page cannot set it
 * without a CORS preflight we never grant) and the session hook (a Bearer request is authenticated by
 * its token alone, never by a cookie beside it, so a cookie request cannot skip the CSRF check by adding
 * a made-up token: it gets a 401). An empty credential ("Bearer ") is still a Bearer request, and a 401.
 */
export function bearerCredential(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined || !isApiRequest(request) || isWebhookRoute(request.routeOptions.url)) return null;
  const match = BEARER.exec(header);
  return match ? (match[1] ?? "") : null;
}
