import { randomBytes } from "node:crypto";
import fs from "node:fs";
import zlib from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/server/app.js";
import { type Config, loadConfig } from "../../src/server/config.js";
import type { JobRegistry } from "../../src/server/jobs/job-types.js";
import type { JobsOptions } from "../../src/server/jobs/queue-options.js";
import { ApiClient, type ApiClientOptions } from "./api-client.js";
import { TEMPLATE_PATH } from "./global-setup.js";
import { leasePglite, notePristineQueue, type SpareKind } from "./pglite-pool.js";
import { forgetRoutes } from "./response-contracts.js";
import { leaseServerDatabase } from "./server-database-pool.js";

export { createServerDatabase } from "./server-database.js";

export type TestApp = {
  app: FastifyInstance;
  baseUrl: string;
  /** A new signed-out client with its own cookie jar (and, if given, its own source address in 127.0.0.0/8). */
  client: (options?: ApiClientOptions) => ApiClient;
  close: () => Promise<void>;
};

/**
 * The migrated template, read and unpacked once per worker (test files share a worker's modules:
 * vitest.config.ts). An in-memory PGlite loads the plain tar about 1 s faster than the gzipped one
 * (docs/performance.md, issue 22); a data folder on disk takes the gzipped file, as `npm start` does.
 */
let templates: { gzipped: Blob; tar: Blob } | undefined;
function migratedTemplate(inMemory: boolean): Blob {
  if (!templates) {
    const gzipped = fs.readFileSync(TEMPLATE_PATH);
    templates = { gzipped: new Blob([gzipped]), tar: new Blob([zlib.gunzipSync(gzipped)]) };
  }
  return inMemory ? templates.tar : templates.gzipped;
}

/**
 * A database from the worker's pool as the next app of `kind` would get it (tests of the pools themselves): the
 * PostgreSQL server's with TEST_DATABASE_URL (its URL is what names it), else PGlite's (the instance itself).
 */
export async function leaseTestDatabase(
  kind: SpareKind,
): Promise<{ database: PGlite | string; reused: SpareKind | null; release: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const lease = await leaseServerDatabase(adminUrl, kind);
    return { database: lease.url, reused: lease.reused, release: lease.release };
  }
  const lease = await leasePglite(migratedTemplate(true), kind);
  return { database: lease.client, reused: lease.reused, release: lease.release };
}

/** The database an app runs on, as leaseTestDatabase names it. */
export function databaseOf(app: FastifyInstance): PGlite | string {
  return app.database.pglite ?? (app.config.databaseUrl as string);
}

/**
 * scrypt's N for passwords hashed by test apps (production: 2^15, pinned in src/server/auth/passwords.test.ts).
 * Every test signs users up and in; at the real cost that was about a tenth of npm test's CPU.
 */
export const TEST_PASSWORD_HASH_COST = 1024;

/** Where a provider's host is in tests that bring no stand-in for it: nothing listens there. */
const NO_HOST = "http://127.0.0.1:9";

/** A test's configuration; `jobs.extraHandlers` adds the test's own queues (probes) beside the app's. */
export type TestAppOverrides = Omit<Partial<Config>, "jobs"> & { jobs?: false | (JobsOptions & { extraHandlers?: JobRegistry }) };

/**
 * Starts the whole app on a fresh database and a real loopback port. PGlite in memory from the
 * migrated template by default; the PostgreSQL server when TEST_DATABASE_URL is set.
 */
export async function startTestApp(testOverrides: TestAppOverrides = {}): Promise<TestApp> {
  const { jobs: testJobs, ...rest } = testOverrides;
  const { extraHandlers, ...jobsOptions } = testJobs || {};
  const overrides: Partial<Config> = { ...rest, ...(testJobs !== undefined && { jobs: testJobs && jobsOptions }) };
  // An app with the job queue takes a database that already has pg-boss's tables when the pool holds one.
  const withQueue = testJobs !== undefined && testJobs !== false;
  // On the server, a database from the worker's pool (server-database-pool.ts). A given databaseUrl (a second
  // instance on the same database) is used as it is, and not given back.
  const serverDb =
    process.env.TEST_DATABASE_URL && !overrides.databaseUrl
      ? await leaseServerDatabase(process.env.TEST_DATABASE_URL, withQueue ? "queue" : "plain")
      : null;
  // An in-memory embedded database is lent from the worker's pool (pglite-pool.ts); a data dir on disk, a given
  // template or a second instance on a given database opens its own.
  const pooled = !serverDb && !overrides.databaseUrl && (overrides.inMemoryDatabase ?? true) && !overrides.pgliteTemplate;
  const lease = pooled ? await leasePglite(migratedTemplate(true), withQueue ? "queue" : "plain") : undefined;
  const config = loadConfig(
    { LOG_LEVEL: "silent", SECRETS_KEY: randomBytes(32).toString("base64") },
    {
      databaseUrl: serverDb?.url,
      inMemoryDatabase: !serverDb,
      // The PGlite template (made by the run's global setup) only for an app on PGlite.
      pgliteTemplate:
        serverDb || overrides.databaseUrl || lease ? undefined : migratedTemplate(overrides.inMemoryDatabase ?? true),
      pgliteLease: lease,
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      // Every test signs in and up from 127.0.0.1: the per-address ceilings are raised; auth-throttling.test.ts tests the real rules.
      loginLimits: { perEmailAndAddress: { limit: 10, windowSeconds: 900 }, perAddress: { limit: 1000, windowSeconds: 900 } },
      signupLimit: { limit: 100_000, windowSeconds: 3600 },
      // The IMAP stand-ins and Dovecot listen on loopback without TLS; tests of the guard turn it off.
      allowPrivateMailHosts: true,
      // No job queue unless a test asks for one (jobs: {}): its worker would prune sessions and counters
      // with the test's clock at any moment. tests/api/job-queue.test.ts runs it.
      jobs: false,
      ...overrides,
      // A test that asks for the queue gets it without cron schedules (jobs/job-queue.ts `schedules`): a
      // scheduled run never lands in the middle of a test. Tests of the schedules ask for them.
      ...(overrides.jobs && { jobs: { schedules: false, ...overrides.jobs } }),
      // Reconciliation never reaches Zoom, Twilio or SignalWire from a test: each host a test does not point
      // at its stand-in is a closed loopback port (9, discard), so a run fails "could not be reached".
      providers: {
        zoomOAuthBase: NO_HOST,
        zoomApiBase: NO_HOST,
        twilioApiBase: NO_HOST,
        signalwireApiBase: NO_HOST,
        ...overrides.providers,
      },
    },
  );
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { extraJobs: extraHandlers });
  } catch (error) {
    await lease?.release();
    await serverDb?.release();
    throw error;
  }
  // The first app of the worker that installed pg-boss and the app's own queues on a plain database shows what a
  // queue spare must look like (pglite-pool.ts, server-database-pool.ts); no test code has run yet. Only an ordinary one: no probes of a
  // test's own, no cron schedules (pg-boss's cron leaves more than rows); otherwise which file a worker happened
  // to run first decided what every later database was compared with (a CI run lent none again).
  const ordinaryQueue = withQueue && !extraHandlers && config.jobs !== false && config.jobs?.schedules === false;
  if (lease && ordinaryQueue && lease.reused !== "queue") await notePristineQueue(lease.client);
  if (serverDb && ordinaryQueue && serverDb.reused !== "queue") await serverDb.notePristineQueue();
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    baseUrl,
    client: (options) => new ApiClient(baseUrl, options),
    close: async () => {
      forgetRoutes(baseUrl);
      await app.close();
      await serverDb?.release();
    },
  };
}
