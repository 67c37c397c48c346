import type { FastifyInstance } from "fastify";
import { idParam } from "../../../core/contracts/common.js";
import { CONNECTION_DISCONNECTED, memberConnection, memberConnectionList } from "../../../core/contracts/connections.js";
import { successMessage } from "../../../core/contracts/response-fields.js";
import { can } from "../../../core/permissions.js";
import { requireAuth } from "../../auth/session-hook.js";
import type { AuthContext } from "../../auth/sessions.js";
import { routeSchema } from "../../http/route-schema.js";
import { secretBoxFor } from "../../http/secrets.js";
import { parseInput } from "../../http/validate.js";
import { disconnectOwnConnection } from "./disconnect-connection.js";
import { findMemberConnections, getMemberConnection } from "./member-connections.js";

/** Owner and admin (integrations:manage) see every member's connections; anyone else sees their own. */
const viewerOf = (auth: AuthContext) => ({
  accountId: auth.accountId,
  userId: auth.userId,
  seesEveryMember: can(auth.user.role, "integrations:manage"),
});

/** Settings → Integrations: "Your connections" and, for owner/admin, every member's (docs/team.md). */
export async function memberConnectionRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/integrations/connections",
    {
      schema: routeSchema({
        permission: "integrations:read",
        summary: "Capture connections: the caller's own, or every member's for owner/admin (status only, never a secret)",
        tags: ["integrations"],
        response: { 200: memberConnectionList },
      }),
    },
    async (request) => {
      const viewer = viewerOf(requireAuth(request));
      return { everyMember: viewer.seesEveryMember, connections: await findMemberConnections(app.db, viewer) };
    },
  );

  app.get(
    "/api/integrations/connections/:id",
    {
      schema: routeSchema({
        permission: "integrations:read",
        summary: "One capture connection the caller may see (another member's is a 404 to a member)",
        tags: ["integrations"],
        params: idParam,
        response: { 200: memberConnection },
      }),
    },
    async (request) => {
      const { id } = parseInput(idParam, request.params);
      return getMemberConnection(app.db, viewerOf(requireAuth(request)), id);
    },
  );

  app.delete(
    "/api/integrations/connections/:id",
    {
      schema: routeSchema({
        permission: "integrations:connect-own",
        summary: "Disconnect one of the caller's own capture connections (captured calls stay); another member's is a 404",
        tags: ["integrations"],
        params: idParam,
        response: { 200: successMessage },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = parseInput(idParam, request.params);
      await disconnectOwnConnection(app.db, secretBoxFor(app.config), app.config, {
        accountId: auth.accountId,
        userId: auth.userId,
        id,
        now: app.now(),
      });
      return { success: true as const, message: CONNECTION_DISCONNECTED };
    },
  );
}
