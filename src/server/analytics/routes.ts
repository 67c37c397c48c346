import type { FastifyInstance } from "fastify";
import { analyticsQuery, analyticsResponse } from "../../core/contracts/analytics.js";
import { requireAuth } from "../auth/session-hook.js";
import { parseInput } from "../platform/validate.js";
import { routeSchema } from "../platform/route-schema.js";
import { getAnalytics } from "./get-analytics.js";

/** The Analytics page's one read (issue 27 §1; docs/analytics.md). */
export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/analytics",
    {
      schema: routeSchema({
        summary: "Captured, billable, invoiced and paid work of a period; clients, sources, unbilled work and the forecast",
        tags: ["analytics"],
        querystring: analyticsQuery,
        response: { 200: analyticsResponse },
      }),
    },
    async (request) => {
      const { account } = requireAuth(request);
      const query = parseInput(analyticsQuery, request.query);
      return getAnalytics(app.db, { account, query, now: app.now() });
    },
  );
}
