import type { FastifyInstance } from "fastify";
import { AppError } from "../../core/errors.js";
import { isApiRequest } from "./api-url.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Webhooks are called by providers, not browsers; they prove themselves with signatures instead. */
const EXEMPT_ROUTE_PREFIXES = ["/api/webhooks/"];

/**
 * A state-changing /api request must carry `X-Requested-With: XMLHttpRequest` (docs/decisions.md D3).
 * A cross-site form cannot set that header, and a cross-site fetch that sets it needs a CORS
 * preflight we never grant, so this blocks cross-site request forgery together with SameSite=Lax.
 * Both "is this the API" and "is this a webhook" are decided by the route the router matched, never
 * by the raw URL, which an encoded path (`/%61pi/…`) disguises.
 */
export function registerCsrfGuard(app: FastifyInstance): void {
  app.addHook("onRequest", (request, _reply, done) => {
    if (
      !SAFE_METHODS.has(request.method) &&
      request.headers["x-requested-with"] !== "XMLHttpRequest" &&
      isApiRequest(request) &&
      !isExemptRoute(request.routeOptions.url)
    ) {
      return done(new AppError("forbidden", "This request must be sent by the Minutely app (missing X-Requested-With header)"));
    }
    done();
  });
}

function isExemptRoute(route: string | undefined): boolean {
  return route !== undefined && EXEMPT_ROUTE_PREFIXES.some((prefix) => route.startsWith(prefix));
}
