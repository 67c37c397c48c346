// Dashboard and client-log reads with 100,000 calls in one account, on PGlite and on PostgreSQL:
// seeds the account (npm run seed), prints the query plans, then autocannon at 10 connections on
// GET /api/dashboard/stats and on one client's year of calls, against a bare Fastify route
// answering {} in the same run (throughput ratio; target ≥ 0.3; p99 target < 20 ms).
//
//   node bench/dashboard.mjs [--calls 100000] [--only pglite|postgres] [--duration 10] [--no-build]
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (admin URL; a throwaway database is made beside it)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { freePort, load, machine, startProcess, stopProcess } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    calls: { type: "string", default: "100000" },
    only: { type: "string" },
    duration: { type: "string", default: "10" },
    "no-build": { type: "boolean", default: false },
  },
});
const calls = Number(values.calls);
const duration = Number(values.duration);
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const email = "bench-dashboard@example.test";
const password = "bench-dashboard";
const timezone = "America/New_York";

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
    const name = `minutely_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
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
    console.log(`\n===== ${kind}: ${seeded.calls} calls, ${seeded.invoices} invoices, seeded in ${seeded.seconds} s (${seedSeconds} s with start-up)`);
    console.log(explainOutput.split("\nEXPLAIN_RESULT")[0]);

    const appPort = await freePort();
    const barePort = await freePort();
    const app = await startProcess(["dist/server/main.js"], { ...env, PORT: String(appPort), HOST: "127.0.0.1" }, `http://127.0.0.1:${appPort}/api/health`);
    cleanups.unshift(() => stopProcess(app.child));
    const bare = await startProcess(["bench/bare-server.mjs"], { PORT: String(barePort) }, `http://127.0.0.1:${barePort}/bare`);
    cleanups.unshift(() => stopProcess(bare.child));

    const base = `http://127.0.0.1:${appPort}`;
    const cookie = await signIn(base);
    const headers = { cookie };
    const statsUrl = `${base}/api/dashboard/stats`;
    const yearQuery = `startDate=${year}-01-01&endDate=${year}-12-31`;
    const typicalUrl = `${base}/api/calls/client/${explained.typicalClient.id}?${yearQuery}`;
    const busiestUrl = `${base}/api/calls/client/${explained.busiestClient.id}?${yearQuery}`;
    const stats = await (await fetch(statsUrl, { headers })).json();
    const typicalCount = (await (await fetch(typicalUrl, { headers })).json()).length;
    const busiestCount = (await (await fetch(busiestUrl, { headers })).json()).length;

    // Warm-up, then the measured runs, the baseline in between so both see the same machine.
    for (const url of [`http://127.0.0.1:${barePort}/bare`, statsUrl, typicalUrl]) await load(url, { duration: 2, headers });
    const baseline = await load(`http://127.0.0.1:${barePort}/bare`, { duration });
    const dashboard = await load(statsUrl, { duration, headers });
    const clientYear = await load(typicalUrl, { duration, headers });
    const busiestYear = await load(busiestUrl, { duration, headers });
    return {
      database: kind,
      calls: seeded.calls,
      seedSeconds: seeded.seconds,
      statsToday: stats,
      baseline,
      dashboard: { ...dashboard, ratio: +(dashboard.rps / baseline.rps).toFixed(2) },
      clientYear: { clientCalls: typicalCount, ...clientYear },
      busiestClientYear: { clientCalls: busiestCount, ...busiestYear },
    };
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

const kinds = values.only ? [values.only] : ["pglite", "postgres"];
const results = [];
for (const kind of kinds) results.push(await benchOne(kind));
console.log(`\n${JSON.stringify({ machine: machine(), results }, null, 2)}`);
const bad = results.flatMap((r) => [r.dashboard, r.clientYear, r.busiestClientYear].filter((x) => x.non2xx || x.errors));
if (bad.length) throw new Error("some requests failed");
