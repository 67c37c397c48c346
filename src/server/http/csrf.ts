import type { FastifyInstance } from "fastify";
import { AppError } from "../../core/errors.js";
import { isApiRequest } from "./api-url.js";
import { bearerCredential, isWebhookRoute } from "./bearer.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing /api request must carry `X-Requested-With: XMLHttpRequest` (docs/decisions.md D3).
 * A cross-site form cannot set that header, and a cross-site fetch that sets it needs a CORS
 * preflight we never grant, so this blocks cross-site request forgery together with SameSite=Lax.
 * Both "is this the API" and "is this a webhook" are decided by the route the router matched, never
 * by the raw URL, which an encoded path (`/%61pi/…`) disguises. Webhooks and `Authorization: Bearer`
 * requests (personal API tokens) are not browsers' cookie requests and are left to their own proof
 * (http/bearer.ts says why a Bearer request cannot be a cookie request in disguise).
 */
export function registerCsrfGuard(app: FastifyInstance): void {
  app.addHook("onRequest", (request, _reply, done) => {
    if (
      !SAFE_METHODS.has(request.method) &&
      request.headers["x-requested-with"] !== "XMLHttpRequest" &&
      isApiRequest(request) &&
      !isWebhookRoute(request.routeOptions.url) &&
      bearerCredential(request) === null
    ) {
      return done(new AppError("forbidden", "This request must be sent by the Minutely app (missing X-Requested-With header)"));
    }
    done();
  });
}
