import type { FastifyInstance } from "fastify";
import { healthResponse } from "../../core/contracts/auth.js";
import { sql } from "drizzle-orm";
import { routeSchema } from "./route-schema.js";

/** Liveness and readiness for a load balancer: answers only when the database does. */
export async function platformRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/health",
    {
      schema: routeSchema({
        summary: "Liveness: answers when the database does",
        tags: ["platform"],
        public: true,
        response: { 200: healthResponse },
      }),
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: "ok", database: app.database.kind };
    },
  );
}
