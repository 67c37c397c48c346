import type { SessionCache } from "../auth/session-cache.js";
import type { AuthContext } from "../auth/sessions.js";
import type { Config } from "../config.js";
import type { DashboardStats } from "../../core/contracts/calls.js";
import type { ReadCache } from "./read-cache.js";
import type { Database, Db } from "../db/client.js";
import type { JobQueue } from "../jobs/job-queue.js";
import type { PaymentProvider } from "../subscription/payment-provider.js";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    payments: PaymentProvider;
    /** The job queue (jobs/job-queue.ts): `app.jobs.send(name, data)`; null when config.jobs is false. */
    jobs: JobQueue | null;
    /** The clock every service reads; tests can pin it through config.now. */
    now: () => Date;
    routeTable: { method: string; url: string }[];
    sessionCache: SessionCache<AuthContext>;
    /** The dashboard's figures per account for a second (http/read-cache.ts). */
    statsCache: ReadCache<DashboardStats>;
    /** The client log's answers (JSON) per account for a second (http/read-cache.ts). */
    clientLogCache: ReadCache<string>;
    /** The Analytics page's answers (JSON) per account for a second (http/read-cache.ts). */
    analyticsCache: ReadCache<string>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
