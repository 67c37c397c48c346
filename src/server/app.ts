import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { auditedTransactions, registerAuditScope } from "./audit/audit-actor.js";
import { SessionCache } from "./auth/session-cache.js";
import { registerPermissionCheck } from "./auth/require-permission.js";
import { registerSessionHook } from "./auth/session-hook.js";
import { type AuthContext, pruneExpiredSessions } from "./auth/sessions.js";
import type { Config } from "./config.js";
import { openDatabase } from "./db/client.js";
import { runMigrations } from "./db/migrate.js";
import { registerFeatures } from "./features.js";
import { JobQueue } from "./jobs/job-queue.js";
import type { JobRegistry } from "./jobs/job-types.js";
import { MAINTENANCE_JOB } from "./jobs/maintenance-job.js";
import { jobRegistry } from "./jobs/registry.js";
import { registerCsrfGuard } from "./http/csrf.js";
import { registerErrorHandler } from "./http/error-handler.js";
import { httpTimeoutOptions } from "./http/http-timeouts.js";
import { trackInFlightHandlers } from "./http/in-flight-handlers.js";
import { loggerOptions } from "./http/logger.js";
import { registerOpenApi } from "./http/openapi.js";
import { pruneRateLimits } from "./http/rate-limit.js";
import { requestIdGenerator } from "./http/request-id.js";
import { registerResponseSerializers } from "./http/response-serializers.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { assertStartableConfig } from "./http/startup-checks.js";
import { fastifyTrustProxy } from "./http/trust-proxy.js";
import "./http/types.js";
import { registerWebApp } from "./http/web-app.js";
import { registerRateHiding } from "./work/hide-rates.js";
import { selectPaymentProvider } from "./subscription/select-provider.js";

/** How long closing waits for handlers still running (their clients gone) before it closes the database. */
const IN_FLIGHT_DRAIN_MS = 10_000;

/**
 * Builds the whole app — database opened and migrated, every feature registered — without
 * listening, so tests can inject requests or listen on any port. `extraJobs` are queues beside the
 * app's own (jobs/registry.ts): tests add probes there.
 */
export async function buildApp(config: Config, options: { extraJobs?: JobRegistry } = {}): Promise<FastifyInstance> {
  assertStartableConfig(config);
  const app = Fastify({
    logger: loggerOptions(config.logLevel, config.logDestination),
    genReqId: requestIdGenerator(),
    requestIdHeader: config.trustProxy !== false ? "x-request-id" : false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Fastify gives up on a plugin that has not finished 10 s (wall time) after it began; on a busy machine a start
    // failed there at register(cookie), the plugin itself trivial (servers at load 18-33, both before and after the
    // changes of docs/performance.md, issue 22 §3, 2026-11-28 evening). A minute still ends a plugin that never
    // finishes.
    pluginTimeout: 60_000,
    ...httpTimeoutOptions(config.httpTimeouts),
  });

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    inMemory: config.inMemoryDatabase,
    template: config.pgliteTemplate,
    lease: config.pgliteLease,
  });
  let jobs: JobQueue | null = null;
  const handlers = trackInFlightHandlers(app);
  app.addHook("onClose", async () => {
    // Fastify has closed every connection by now; handlers whose client hung up may still be running.
    await handlers.drain(IN_FLIGHT_DRAIN_MS);
    // The queue next: it waits (bounded) for running jobs, which still need the database.
    await jobs?.stop();
    await database.close();
  });
  await runMigrations(database);
  if (config.auditActor !== false) auditedTransactions(database.db);

  const now = config.now ?? (() => new Date());
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("now", now);
  app.decorate("payments", selectPaymentProvider(config));
  app.decorate("sessionCache", new SessionCache<AuthContext>(config.sessionCacheMs ?? 1000));
  if (config.jobs === false) {
    // No queue (a test app that does not need one): the maintenance runs once, now.
    await pruneExpiredSessions(database.db, now());
    await pruneRateLimits(database.db, now());
  } else {
    const registry = { ...jobRegistry, ...options.extraJobs };
    jobs = await JobQueue.start(database, { db: database.db, now, log: app.log, config }, registry, config.jobs);
  }
  app.decorate("jobs", jobs);

  // JSON bodies only. An empty body with a JSON content type (a POST without payload) means "no body";
  // anything else goes through Fastify's own parser, which guards against prototype poisoning.
  app.removeContentTypeParser("text/plain");
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "") return done(null, undefined);
    parseJson(request, body as string, done);
  });

  registerErrorHandler(app);
  // Security headers and x-request-id on every response. Hooks here are synchronous (done()): an
  // async hook costs a promise per request on every route.
  registerSecurityHeaders(app);
  registerResponseSerializers(app);
  await app.register(cookie);
  registerCsrfGuard(app);
  // Every route the app serves, for the test that throws bad input at all of them.
  const routeTable: { method: string; url: string }[] = [];
  app.decorate("routeTable", routeTable);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) if (method !== "HEAD") routeTable.push({ method, url: route.url });
  });
  // Before the routes: every /api route's declared permission becomes its first preHandler.
  registerPermissionCheck(app);
  // Before the routes: it collects their schemas into GET /api/openapi.json.
  await registerOpenApi(app);
  registerSessionHook(app);
  registerRateHiding(app);
  registerAuditScope(app);
  await registerFeatures(app);
  await registerWebApp(app, config.webDistDir);

  if (jobs) {
    // Workers last: their first polls and the maintenance run no longer compete with registering the routes for
    // the one PGlite thread (about a third of a later start's time went there; docs/performance.md, issue 22 §3).
    await jobs.startWorkers();
    // Once at start, then every 15 minutes by its schedule (jobs/maintenance-job.ts).
    await jobs.send(MAINTENANCE_JOB, {});
  }
  return app;
}
