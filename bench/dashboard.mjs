// Dashboard and client-log reads with 100,000 calls in one account, on PGlite and on PostgreSQL:
// seeds the account (npm run seed), prints the query plans, then autocannon at 10 connections on
// GET /api/dashboard/stats and on one client's year of calls, against a bare Fastify route
// answering {} in the same run (throughput ratio; target ≥ 0.3; p99 target < 20 ms). The three
// are measured in alternation for --rounds rounds and each keeps its median round, so a burst of
// other load on the machine hits all of them alike. Last, the app is started again with its
// read caches off (READ_CACHE_MS=0) to show what every cache miss costs (dashboard and client's year).
// The account's time zone is the one where it is late afternoon now, so "today" holds a day of calls.
//
//   node bench/dashboard.mjs [--calls 100000] [--only pglite|postgres] [--duration 10] [--rounds 3] [--no-build] [--fast]
//   --fast (or BENCH_FAST=1): 1,000 calls, 1 s, 1 round, no warm-up, no build (CI checks that the bench still runs)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (admin URL; a throwaway database is made beside it)
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { fast, freePort, load, loadWithCpu, machine, sized, startProcess, stopProcess } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    calls: { type: "string", default: sized("100000", "1000") },
    only: { type: "string" },
    duration: { type: "string", default: sized("10", "1") },
    rounds: { type: "string", default: sized("3", "1") },
    "no-build": { type: "boolean", default: fast },
    fast: { type: "boolean", default: false },
  },
});
const calls = Number(values.calls);
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const email = "bench-dashboard@example.test";
const password = "bench-dashboard";
const timezone = lateAfternoonZone(new Date());

/** Of a round-the-world list, the zone where it is now closest to 17:00 on a weekday. */
function lateAfternoonZone(now) {
  const zones = ["Pacific/Auckland", "Australia/Sydney", "Asia/Tokyo", "Asia/Shanghai", "Asia/Kolkata", "Asia/Dubai", "Europe/Berlin", "Europe/London", "America/Sao_Paulo", "America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "Pacific/Honolulu"];
  const score = (zone) => {
    const parts = Object.fromEntries(new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23", weekday: "short" }).formatToParts(now).map((p) => [p.type, p.value]));
    const weekend = parts.weekday === "Sat" || parts.weekday === "Sun";
    return Math.abs(Number(parts.hour) + 0.5 - 17) + (weekend ? 24 : 0);
  };
  return zones.reduce((best, zone) => (score(zone) < score(best) ? zone : best));
}

if (!values["no-build"]) run(process.execPath, ["scripts/build-server.mjs"], {});

function run(command, args, env) {
  const result = spawnSync(command, args, { env: { ...process.env, LOG_LEVEL: "warn", ...env }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

function resultLine(output, tag) {
  const line = output.split("\n").find((l) => l.startsWith(`${tag} `));
  if (!line) throw new Error(`no ${tag} line in:\n${output}`);
  return JSON.parse(line.slice(tag.length + 1));
}

async function signIn(baseUrl) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

async function benchOne(kind) {
  const cleanups = [];
  let env;
  if (kind === "pglite") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-bench-dash-"));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    env = { DATA_DIR: dataDir };
  } else {
    const name = `minutely_bench_dashboard_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // A PostgreSQL server needs SECRETS_KEY to start (src/server/http/startup-checks.ts).
    env = { DATABASE_URL: url.toString(), SECRETS_KEY: randomBytes(32).toString("base64") };
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    });
  }
  try {
    const seedStarted = performance.now();
    const seeded = resultLine(
      run("npx", ["tsx", "src/server/scripts/seed.ts", "--calls", String(calls), "--email", email, "--password", password, "--timezone", timezone], env),
      "SEED_RESULT",
    );
    const seedSeconds = +((performance.now() - seedStarted) / 1000).toFixed(1);
    const year = new Date().getUTCFullYear() - 1;
    const explainOutput = run("npx", ["tsx", "bench/dashboard-explain.ts"], {
      ...env,
      BENCH_ACCOUNT_ID: String(seeded.accountId),
      BENCH_TIMEZONE: timezone,
      BENCH_YEAR: String(year),
    });
    const explained = resultLine(explainOutput, "EXPLAIN_RESULT");
    console.log(`\n===== ${kind}: ${seeded.calls} calls, ${seeded.invoices} invoices, seeded in ${seeded.seconds} s (${seedSeconds} s with start-up); time zone ${timezone}`);
    console.log(explainOutput.split("\nEXPLAIN_RESULT")[0]);

    const barePort = await freePort();
    const bare = await startProcess(["bench/bare-server.mjs"], { PORT: String(barePort) }, `http://127.0.0.1:${barePort}/bare`);
    cleanups.unshift(() => stopProcess(bare.child));
    const bareUrl = `http://127.0.0.1:${barePort}/bare`;
    const startApp = async (extraEnv) => {
      const appPort = await freePort();
      const app = await startProcess(["dist/server/main.js"], { ...env, ...extraEnv, PORT: String(appPort), HOST: "127.0.0.1" }, `http://127.0.0.1:${appPort}/api/health`);
      const base = `http://127.0.0.1:${appPort}`;
      const headers = { cookie: await signIn(base) };
      const yearQuery = `startDate=${year}-01-01&endDate=${year}-12-31`;
      return {
        stop: () => stopProcess(app.child),
        pid: app.child.pid,
        headers,
        statsUrl: `${base}/api/dashboard/stats`,
        typicalUrl: `${base}/api/calls/client/${explained.typicalClient.id}?${yearQuery}`,
        busiestUrl: `${base}/api/calls/client/${explained.busiestClient.id}?${yearQuery}`,
      };
    };
    // The app process's CPU time per answered request, whatever else runs on the machine.
    const measured = async (pid, url, options) => {
      const { serverCpuMsPerRequest, ...result } = await loadWithCpu(pid, url, options);
      return { ...result, appCpuMsPerRequest: serverCpuMsPerRequest };
    };
    const median = (runs) => {
      const sorted = [...runs].sort((a, b) => a.rps - b.rps);
      const middle = sorted[Math.floor((sorted.length - 1) / 2)];
      const cpu = runs.map((r) => r.appCpuMsPerRequest).filter((x) => x !== undefined).sort((a, b) => a - b);
      return {
        ...middle,
        p99s: runs.map((r) => r.p99),
        rpss: runs.map((r) => r.rps),
        ...(cpu.length ? { appCpuMsPerRequest: cpu[Math.floor((cpu.length - 1) / 2)] } : {}),
        non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
        errors: runs.reduce((n, r) => n + r.errors, 0),
      };
    };

    let app = await startApp({});
    const { headers, statsUrl, typicalUrl, busiestUrl } = app;
    const stats = await (await fetch(statsUrl, { headers })).json();
    const typicalCount = (await (await fetch(typicalUrl, { headers })).json()).length;
    const busiestCount = (await (await fetch(busiestUrl, { headers })).json()).length;
    const runs = { baseline: [], dashboard: [], clientYear: [], busiestClientYear: [] };
    const loadBefore = os.loadavg();
    try {
      // Warm-up, then the rounds, the baseline in each so all see the same machine.
      if (!fast) for (const url of [bareUrl, statsUrl, typicalUrl]) await load(url, { duration: 2, headers });
      for (let round = 0; round < rounds; round++) {
        runs.baseline.push(await load(bareUrl, { duration }));
        runs.dashboard.push(await measured(app.pid, statsUrl, { duration, headers }));
        runs.clientYear.push(await measured(app.pid, typicalUrl, { duration, headers }));
        runs.busiestClientYear.push(await measured(app.pid, busiestUrl, { duration, headers }));
      }
    } finally {
      await app.stop();
    }
    // What a cache miss costs: the same figures with the read caches off.
    app = await startApp({ READ_CACHE_MS: "0" });
    const uncached = [];
    const uncachedBaseline = [];
    const uncachedClientYear = [];
    try {
      if (!fast) await load(app.statsUrl, { duration: 2, headers: app.headers });
      for (let round = 0; round < rounds; round++) {
        uncachedBaseline.push(await load(bareUrl, { duration }));
        uncached.push(await measured(app.pid, app.statsUrl, { duration, headers: app.headers }));
        uncachedClientYear.push(await measured(app.pid, app.typicalUrl, { duration, headers: app.headers }));
      }
    } finally {
      await app.stop();
    }
    const baseline = median(runs.baseline);
    const dashboard = median(runs.dashboard);
    const dashboardUncached = median(uncached);
    const uncachedBase = median(uncachedBaseline);
    return {
      database: kind,
      calls: seeded.calls,
      seedSeconds: seeded.seconds,
      timezone,
      loadAverage: { before: loadBefore.map((n) => +n.toFixed(2)), after: os.loadavg().map((n) => +n.toFixed(2)) },
      statsToday: stats,
      baseline,
      dashboard: { ...dashboard, ratio: +(dashboard.rps / baseline.rps).toFixed(2) },
      clientYear: { clientCalls: typicalCount, ...median(runs.clientYear) },
      busiestClientYear: { clientCalls: busiestCount, ...median(runs.busiestClientYear) },
      dashboardCacheOff: { ...dashboardUncached, baselineRps: uncachedBase.rps, ratio: +(dashboardUncached.rps / uncachedBase.rps).toFixed(2) },
      clientYearCacheOff: { clientCalls: typicalCount, ...median(uncachedClientYear) },
    };
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

const kinds = values.only ? [values.only] : ["pglite", "postgres"];
const results = [];
for (const kind of kinds) results.push(await benchOne(kind));
console.log(`\n${JSON.stringify({ machine: machine(), results }, null, 2)}`);
const bad = results.flatMap((r) => [r.dashboard, r.clientYear, r.busiestClientYear, r.dashboardCacheOff].filter((x) => x.non2xx || x.errors));
if (bad.length) throw new Error("some requests failed");
