import type { FastifyRequest } from "fastify";
import { AppError } from "../../core/errors.js";
import { requireAuth } from "../auth/session-hook.js";
import type { AuthContext } from "../auth/sessions.js";
import { isAdministrator } from "./is-administrator.js";

/** The signed-in context of an administrator; 401 without a session, 403 for everyone else. */
export function requireAdmin(request: FastifyRequest): AuthContext {
  const auth = requireAuth(request);
  if (!isAdministrator(auth.user, request.server.config.adminEmails)) {
    throw new AppError("forbidden", "Only administrators can see the waitlist dashboard.");
  }
  return auth;
}
