import type { FastifyInstance } from "fastify";
import { dashboardStats } from "../../core/contracts/calls.js";
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
        summary: "Today's figures in the account's time zone",
        tags: ["dashboard"],
        response: { 200: dashboardStats },
      }),
    },
    async (request) => {
      const { accountId, account } = requireAuth(request);
      return getDashboardStats(app.db, { accountId, timezone: account.timezone, now: app.now(), cache: app.statsCache });
    },
  );
}
