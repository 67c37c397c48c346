import type { FastifyInstance } from "fastify";
import { dashboardStats, dashboardStatsQuery } from "../../core/contracts/calls.js";
import { parseInput } from "../http/validate.js";
import { narrowedScope } from "../work/member-filter.js";
import { requireAuth } from "../auth/session-hook.js";
import { getDashboardStats } from "./get-dashboard-stats.js";
import { routeSchema } from "../http/route-schema.js";

/** The dashboard's figures. */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/dashboard/stats",
    {
      schema: routeSchema({
        permission: "calls:read",
        summary: "Today's figures in the account's time zone: mine, or the team's (one member's with userId)",
        tags: ["dashboard"],
        querystring: dashboardStatsQuery,
        response: { 200: dashboardStats },
      }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const scope = await narrowedScope(app.db, auth, parseInput(dashboardStatsQuery, request.query));
      return getDashboardStats(app.db, { ...scope, timezone: auth.account.timezone, now: app.now(), cache: app.statsCache });
    },
  );
}
