import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { runChild } from "../helpers/run-child.js";

/**
 * Benches that cannot rot (issue 31 §2): each bench below runs in its fast mode (BENCH_FAST=1: tiny sizes,
 * one-second phases; bench/lib.mjs `sized`) and must finish with exit code 0. Nothing here reads a figure or
 * a time. CI's 20-minute limit leaves this file well under a minute, so it runs the benches that cover the
 * most for their cost (each costs 10–20 s of CPU even in fast mode, mostly start-up: docs/performance.md,
 * issue 31); every other bench is listed with why it is left out, and `BENCH_FAST=1 npm run bench` runs them
 * all by hand. The .ts benches are also typechecked (tsconfig includes bench/), so a moved import fails
 * `npm run typecheck`. A bench added to bench/ must join one of the lists.
 */
const postgres = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Benches on PostgreSQL make throwaway databases beside this one (the server's `test` database by default). */
const onPostgres = { BENCH_DATABASE_URL: postgres };
const RUN: Record<string, { args: string[]; env?: Record<string, string> }> = {
  // Issue 31's bench on PostgreSQL: seed, migrations, its EXPLAIN script, the built server with SECRETS_KEY,
  // paged and whole-year reads, the streamed CSV export.
  "client-log.mjs": { args: ["--only", "postgres", "--no-browser"], env: onPostgres },
  // The built server on the embedded database (template, start-up) against a bare Fastify route.
  "auth-throughput.mjs": { args: [] },
  // The calendar corpus against its independent reading: no database, about a second of work.
  "ics-corpus.ts": { args: [] },
  // A trip into the embedded database through the app's runner against PGlite's query(): no app, a few seconds.
  "pglite-trip.ts": { args: [] },
  // A named statement's run on node-postgres, the app's way against node-postgres's own: one connection, seconds.
  "pg-named-run.ts": { args: [], env: onPostgres },
  // The same work back to back and after a sleep: PGlite in this process and a Zoom delivery's parse, no app, seconds.
  "idle-wake.ts": { args: [] },
};

/** Left out of CI, each for its reason (all run with `BENCH_FAST=1 npm run bench`). */
const EXCLUDED: Record<string, string> = {
  "dashboard.mjs": "seeds PostgreSQL and starts the built server as client-log.mjs does, which runs here (budget)",
  "analytics.mjs":
    "seeds PGlite and starts the built server as auth-throughput.mjs does, which runs here; the analytics API tests cover its route (budget)",
  "ledes-export.ts": "in-process app on PGlite; typecheck covers its imports, the LEDES API tests its work (budget)",
  "accounting-sync.ts": "in-process app and accounting stand-ins; its paths are the accounting API tests' (budget)",
  "capture-idempotency.ts": "in-process capture pipeline, the same calls as tests/api capture tests (budget)",
  "capture-latency.ts": "starts Chromium and the built app (budget)",
  "email-search.ts": "starts two Dovecot servers and fills a mailbox (budget)",
  "hostile-feed.ts": "in-process app and a worker thread, covered by the calendar-feed API tests (budget)",
  "ics-feed.ts": "in-process app and a worker thread, covered by the calendar-feed API tests (budget)",
  "invoices.ts": "starts Chromium as its baseline (budget)",
  "landing-js.mjs": "starts Chromium; the public pages' JavaScript budget is also a browser journey's concern (budget)",
  "lighthouse.mjs": "installs Lighthouse from the registry into bench/lighthouse on first use: CI does not download",
  "live-updates.ts": "built app and server-sent event streams (budget)",
  "lost-webhooks.ts":
    "a child app on PostgreSQL killed with SIGKILL and started twice, the Zoom, Twilio, Microsoft and Google stand-ins and the job queue; the reconciliation API tests cover its paths (budget)",
  "login-throughput.mjs": "two servers through tsx and a pool of scrypt sign-ups (budget)",
  "pglite-memory.mjs": "seeds two data folders and starts two built servers (budget)",
  "platform-status.ts": "a child app and a paced load; the route is in the API suite (budget)",
  "startup.mjs": "waits for memory to settle after several starts of the built server (budget)",
  "steady-after-start.mjs": "two built servers under load in turns, as audit-writes.mjs (budget)",
  "stripe-webhook.ts": "a child app, the Stripe stand-in and the job queue draining (budget)",
  "teams-capture-latency.ts": "starts Chromium, the built app and the Microsoft stand-in with its certificate (budget)",
  "webhook-throughput.ts": "a child app and a bare server under load (budget)",
  "webhook-pair.ts": "two child apps (this tree's and another built tree's) and a bare server under load in turns (budget)",
  "phone-webhook-pair.ts":
    "four child processes, each a test app of its tree on a fresh database; the phone webhook API tests cover its route (budget)",
  "audit-writes.mjs": "two built servers on copies of one database under load (budget)",
  "audit-crash.mjs": "tests/system/audit-crash.test.ts runs it in its fast mode and checks its counts",
  "test-app-start.ts": "starts test apps ten times in a row with and without the job queue; tests/api/test-database-pool.test.ts covers the pool it measures (budget)",
  "team-dashboard.mjs":
    "seeds 100,000 calls on PGlite and on PostgreSQL and starts the built server as client-log.mjs does, which runs here; the Team overview API tests cover its route (budget)",
};

/** Modules the benches import or start, not benches themselves. */
const HELPERS = [
  "lib.mjs",
  "run-all.mjs",
  "bare-server.mjs",
  "login-server.mjs",
  "lost-webhooks-server.ts",
  "bench-owner.ts",
  "server-database.ts",
  "migrated-template.ts",
  "client-log-explain.ts",
  "dashboard-explain.ts",
  "analytics-explain.ts",
  "audit-setup.mjs",
  "team-members.ts",
  "explain-helpers.ts",
  "webhook-load.ts",
];

describe("benches in their fast mode", () => {
  it("lists every bench under bench/ as run here, left out with a reason, or a helper", () => {
    const files = fs.readdirSync("bench").filter((f) => /\.(mjs|ts)$/.test(f));
    const known = [...Object.keys(RUN), ...Object.keys(EXCLUDED), ...HELPERS];
    expect(files.filter((f) => !known.includes(f))).toEqual([]);
    expect(known.filter((f) => !files.includes(f))).toEqual([]);
  });

  // The budget is a safety net for a hung bench on a loaded machine, not a speed check (runChild ends the bench
  // when it runs out).
  it.for(Object.entries(RUN))("bench/%s starts and finishes", { timeout: 300_000 }, async ([file, { args, env }], { signal }) => {
    const { BENCH_DATABASE_URL: _unused, ...inherited } = process.env;
    const runner = file.endsWith(".ts")
      ? ["npx", ["tsx", `bench/${file}`, ...args]]
      : [process.execPath, [`bench/${file}`, ...args]];
    const result = await runChild(runner[0] as string, runner[1] as string[], {
      env: { ...inherited, ...env, BENCH_FAST: "1", LOG_LEVEL: "warn" },
      signal,
    });
    expect(result.status, `${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`).toBe(0);
  });
});
