import type { FastifyInstance } from "fastify";
import { requireAuth } from "../auth/session-hook.js";
import { getDashboardStats } from "./get-dashboard-stats.js";

/** The dashboard's figures (spec 000 §2.5). */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/dashboard/stats", async (request) => {
    const { accountId, account } = requireAuth(request);
    return getDashboardStats(app.db, { accountId, timezone: account.timezone, now: app.now(), cache: app.statsCache });
  });
}
