import type { FastifyInstance } from "fastify";
import { analyticsQuery, analyticsResponse } from "../../core/contracts/analytics.js";
import { requireAuth } from "../auth/session-hook.js";
import { parseInput } from "../http/validate.js";
import { routeSchema } from "../http/route-schema.js";
import { sendCachedJson } from "../http/read-cache.js";
import { analyticsBounds, getAnalytics } from "./get-analytics.js";

/** The Analytics page's one read (docs/analytics.md). */
export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/analytics",
    {
      schema: routeSchema({
        permission: "analytics:read",
        summary: "Captured, billable, invoiced and paid work of a period; clients, sources, unbilled work and the forecast",
        tags: ["analytics"],
        querystring: analyticsQuery,
        response: { 200: analyticsResponse },
      }),
    },
    async (request, reply) => {
      const { account } = requireAuth(request);
      const query = parseInput(analyticsQuery, request.query);
      const now = app.now();
      // The last layer (docs/analytics.md): the answer's reads are aggregates and kept totals; the per-instance cache
      // (http/read-cache.ts) spares ten people opening the page at once the same work. The key holds
      // everything the answer depends on besides the data: the zone, today in it, and the period.
      const { timezone, today, period } = analyticsBounds({ account, query, now });
      const key = `${timezone} ${today} ${period.kind} ${period.startDate} ${period.endDate}`;
      return sendCachedJson(reply, app.analyticsCache, account.id, key, () => getAnalytics(app.db, { account, query, now }));
    },
  );
}
