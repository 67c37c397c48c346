import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../core/errors.js";
import { SESSION_COOKIE, SESSION_TTL_SECONDS, setCookie } from "./cookies.js";
import type { AuthContext } from "./sessions.js";
import { findSession } from "./sessions.js";

/**
 * Loads the session for every /api request; routes that need it call requireAuth.
 *
 * A synchronous hook: a session found in the per-instance cache (nearly every request of a signed-in
 * user) is attached without a promise or a trip through the microtask queue; only a miss awaits the
 * database.
 */
export function registerSessionHook(app: FastifyInstance): void {
  app.decorateRequest("auth", null);
  app.addHook("onRequest", (request, reply, done) => {
    if (!request.url.startsWith("/api/")) return done();
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return done();
    const now = app.now();
    const cached = app.sessionCache.get(token, now);
    if (cached) {
      request.auth = cached;
      return done();
    }
    findSession(app.db, token, now, app.sessionCache).then((found) => {
      if (found) {
        request.auth = found.auth;
        // Rolling expiry: the cookie follows the server-side record when it was extended.
        if (found.renewed) setCookie(request, reply, SESSION_COOKIE, token, SESSION_TTL_SECONDS);
      }
      done();
    }, done);
  });
  // Any successful write by an account may change what its session shows (profile, defaults, plan).
  app.addHook("onResponse", (request, reply, done) => {
    if (request.auth && request.method !== "GET" && request.method !== "HEAD" && reply.statusCode < 400) {
      app.sessionCache.forgetAccount(request.auth.accountId);
    }
    done();
  });
}

/** The signed-in context, or 401 "Unauthorized" (the web client redirects to sign-in on that text). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError("unauthorized", "Unauthorized");
  return request.auth;
}
