import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../core/errors.js";
import { isApiRequest } from "../http/api-url.js";
import { bearerCredential } from "../http/bearer.js";
import { authenticateApiToken } from "./api-token-auth.js";
import { SESSION_COOKIE, SESSION_TTL_SECONDS, setCookie } from "./cookies.js";
import type { AuthContext } from "./sessions.js";
import { findSession } from "./sessions.js";

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Loads the session for every /api request; routes that need it call requireAuth.
 *
 * A synchronous hook: a session found in the per-instance cache (nearly every request of a signed-in
 * user) is attached without a promise or a trip through the microtask queue; only a miss awaits the
 * database.
 *
 * Writes (any method but GET, HEAD, OPTIONS) never trust the cache: they confirm the session in the
 * database, so a sign-out on another instance stops them at once (docs/security.md). Reads keep the
 * cache, and so may still be answered for up to the cache's lifetime (1 s) after a sign-out elsewhere.
 * When the database says the session is gone, this instance's entry goes too.
 *
 * `Authorization: Bearer <token>` (a personal API token, docs/api.md) is asked of the database on
 * every request, never cached: a revocation stops the next call on every instance.
 */
export function registerSessionHook(app: FastifyInstance): void {
  app.decorateRequest("auth", null);
  app.addHook("onRequest", (request, reply, done) => {
    if (!isApiRequest(request)) return done();
    // A Bearer request is its token's alone: a cookie beside it is never read (http/bearer.ts).
    const bearer = bearerCredential(request);
    if (bearer !== null) {
      authenticateApiToken(app.db, bearer, { now: app.now(), rateLimit: app.config.apiTokenRateLimit }).then((auth) => {
        request.auth = auth;
        done();
      }, done);
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return done();
    const now = app.now();
    const isWrite = !READ_METHODS.has(request.method);
    if (!isWrite) {
      const cached = app.sessionCache.get(token, now);
      if (cached) {
        request.auth = cached;
        return done();
      }
    }
    // A write neither reads nor fills the cache: the database answers, and the write drops the
    // account's entries anyway when it succeeds (below).
    findSession(app.db, token, now, isWrite ? undefined : app.sessionCache).then((found) => {
      if (!found && isWrite) app.sessionCache.forget(token);
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
