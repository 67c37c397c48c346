import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";

/** Liveness and readiness for a load balancer: answers only when the database does. */
export async function platformRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/health", async () => {
    await app.db.execute(sql`select 1`);
    return { status: "ok", database: app.database.kind };
  });
}
