import type { FastifyInstance, preHandlerHookHandler } from "fastify";
import { AppError } from "../../core/errors.js";
import { can, type Permission, PERMISSIONS, refusalMessage } from "../../core/permissions.js";
import { PERMISSION_KEY } from "../http/route-schema.js";

/**
 * The one enforcement of the permission table (docs/team.md). Every /api route declares in
 * its routeSchema either `public: true` or the permission a role needs; at registration each declared
 * route gets this preHandler, and a route that declares neither stops the app from starting, so no
 * future route can forget it. Runs after the session hook: no session → 401, a role without the
 * permission → 403 naming the role and what it lacks.
 */
export function registerPermissionCheck(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") || route.method === "HEAD") return;
    const declared = (route.schema as Record<string, unknown> | undefined)?.[PERMISSION_KEY];
    if (declared === "public") return;
    if (!(PERMISSIONS as readonly unknown[]).includes(declared)) {
      throw new Error(
        `${[route.method].flat().join(",")} ${route.url} declares no permission: give its routeSchema a permission of core/permissions.ts, or public: true`,
      );
    }
    const check = permissionCheck(declared as Permission);
    route.preHandler = [check, ...[route.preHandler ?? []].flat()];
  });
}

function permissionCheck(permission: Permission): preHandlerHookHandler {
  return (request, _reply, done) => {
    const auth = request.auth;
    if (!auth) return done(new AppError("unauthorized", "Unauthorized"));
    if (!can(auth.user.role, permission)) return done(new AppError("forbidden", refusalMessage(auth.user.role, permission)));
    done();
  };
}
