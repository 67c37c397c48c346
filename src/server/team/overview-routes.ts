import type { FastifyInstance } from "fastify";
import { teamOverviewResponse } from "../../core/contracts/team-overview.js";
import { requireAuth } from "../auth/session-hook.js";
import { routeSchema } from "../http/route-schema.js";
import { readTeamOverview } from "./read-team-overview.js";

/** The Team overview page (/team): the admin dashboard of issue 26 §5, owners and admins (members:manage). */
export async function teamOverviewRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/team/overview",
    {
      schema: routeSchema({
        permission: "members:manage",
        summary:
          "The admin dashboard: members with hours captured and billed this week and month (account zone), their connections' health, seats and pending invitations",
        tags: ["team"],
        response: { 200: teamOverviewResponse },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      return readTeamOverview(app.database, { account: auth.account, youId: auth.userId, now: app.now() });
    },
  );
}
