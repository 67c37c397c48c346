// Issue 27 figures: the Analytics page's one request (GET /api/analytics) at 100,000 calls and the invoices the
// seed bills for them (one per client and past month), against the dashboard's figures (GET /api/dashboard/stats)
// in the same run and the same server, read caches off (READ_CACHE_MS=0: every request reaches the database).
// Rounds alternate dashboard / analytics so a burst of other load on the machine hits both. Goal: p99 < 50 ms.
//
//   node bench/analytics.mjs [--calls 100000] [--duration 8] [--rounds 3] [--seeded-pglite DIR] [--read-cache-ms 0] [--fast]
//   --seeded-postgres URL: the server on that PostgreSQL database instead of PGlite, seeded beforehand (the bench does
//   not seed it: `DATABASE_URL=URL npm run seed -- --calls 100000 --email bench-analytics@example.test --password
//   bench-analytics`); the server applies its migrations to it, so give a before and an after tree copies of one seed
//   (`createdb -T seeded copy`).
//   --read-cache-ms 1000: the same with the read caches on as shipped (the Analytics answer is cached per instance
//   for a second too, the last layer of issue 27's fix); the default 0 measures every request reaching the database.
//   --fast or BENCH_FAST=1: 2,000 calls, 1 s, 1 round (checks that the bench runs; no figure is read from it)
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fast, freePort, load, machine, startProcess, stopProcess } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    calls: { type: "string", default: "100000" },
    duration: { type: "string", default: "8" },
    rounds: { type: "string", default: "3" },
    "seeded-pglite": { type: "string" },
    "seeded-postgres": { type: "string" },
    "read-cache-ms": { type: "string", default: "0" },
    fast: { type: "boolean", default: fast },
  },
});
const calls = values.fast ? 2000 : Number(values.calls);
const duration = values.fast ? 1 : Number(values.duration);
const rounds = values.fast ? 1 : Number(values.rounds);
const email = "bench-analytics@example.test";
const password = "bench-analytics";
if (!fs.existsSync("dist/server/main.js")) throw new Error("not built: npm run build first");

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-bench-analytics-"));
const databaseUrl = values["seeded-postgres"];
if (databaseUrl) {
  // Seeded beforehand (see above).
} else if (values["seeded-pglite"]) fs.cpSync(values["seeded-pglite"], dir, { recursive: true });
else {
  const seeded = spawnSync(
    "npm",
    ["run", "-s", "seed", "--", "--calls", String(calls), "--email", email, "--password", password],
    {
      env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: "warn" },
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (seeded.status !== 0) throw new Error(`seed failed:\n${seeded.stdout}\n${seeded.stderr}`);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const app = await startProcess(
  ["dist/server/main.js"],
  {
    DATA_DIR: dir,
    // A server on PostgreSQL needs a key for stored secrets; the seed stores none, so any key reads the same data.
    ...(databaseUrl && { DATABASE_URL: databaseUrl, SECRETS_KEY: process.env.SECRETS_KEY ?? randomBytes(32).toString("base64") }),
    PORT: String(port),
    HOST: "127.0.0.1",
    READ_CACHE_MS: values["read-cache-ms"],
    MINUTELY_NO_REBUILD: "1",
  },
  `${base}/api/health`,
  600_000,
);
try {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const headers = {
    cookie: login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  };
  // Last complete quarter: invoiced, partly paid, the heaviest ordinary view.
  const now = new Date();
  const quarterStartMonth = Math.floor(now.getUTCMonth() / 3) * 3;
  const anchor = new Date(Date.UTC(now.getUTCFullYear(), quarterStartMonth - 3, 15)).toISOString().slice(0, 10);
  const analyticsUrl = `${base}/api/analytics?period=quarter&date=${anchor}`;
  const first = await fetch(analyticsUrl, { headers });
  if (first.status !== 200) throw new Error(`analytics: ${first.status} ${await first.text()}`);
  const body = await first.json();
  // One request at a time first: what a person opening the page waits for, with nothing queued ahead of it.
  const single = async (url, n) => {
    const times = [];
    for (let i = 0; i < n; i++) {
      const started = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { n, p50Ms: +times[Math.floor(n / 2)].toFixed(1), maxMs: +times[n - 1].toFixed(1) };
  };
  const oneAtATime = { dashboard: await single(`${base}/api/dashboard/stats`, 20), analytics: await single(analyticsUrl, 20) };
  const results = { dashboard: [], analytics: [] };
  for (let round = 0; round < rounds; round++) {
    results.dashboard.push(await load(`${base}/api/dashboard/stats`, { duration, headers }));
    results.analytics.push(await load(analyticsUrl, { duration, headers }));
    // Let the requests still queued on the server's one thread finish before the next round measures.
    await (await fetch(`${base}/api/health`)).arrayBuffer();
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const p99 = { dashboard: median(results.dashboard.map((r) => r.p99)), analytics: median(results.analytics.map((r) => r.p99)) };
  console.log(
    `analytics ${JSON.stringify({
      machine: machine(),
      database: databaseUrl ? "postgresql" : "pglite",
      loadAverage: os.loadavg().map((l) => +l.toFixed(2)),
      calls,
      readCacheMs: Number(values["read-cache-ms"]),
      clientsInQuarter: body.byClient.length,
      oneAtATime,
      rounds: results,
      medianP99Ms: p99,
      ratioAnalyticsToDashboard: +(p99.analytics / Math.max(p99.dashboard, 1)).toFixed(2),
    })}`,
  );
} finally {
  await stopProcess(app.child);
  fs.rmSync(dir, { recursive: true, force: true });
}
