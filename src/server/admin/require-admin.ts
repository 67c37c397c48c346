import type { FastifyRequest } from "fastify";
import { AppError } from "../../core/errors.js";
import { requireAuth } from "../auth/session-hook.js";
import type { AuthContext, UserRow } from "../auth/sessions.js";

/**
 * An administrator is a user granted with `npm run admin -- grant EMAIL` (users.is_admin) or named
 * in ADMIN_EMAILS (DECISIONS.md 11). The same rule as `isAdmin` in the session user.
 */
export function isAdministrator(user: Pick<UserRow, "email" | "isAdmin">, adminEmails: readonly string[]): boolean {
  return user.isAdmin || adminEmails.includes(user.email.toLowerCase());
}

/** The signed-in context of an administrator; 401 without a session, 403 for everyone else. */
export function requireAdmin(request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  if (!isAdministrator(auth.user, request.server.config.adminEmails)) {
    throw new AppError("forbidden", "Only administrators can see the waitlist dashboard.");
  }
  return auth;
}
