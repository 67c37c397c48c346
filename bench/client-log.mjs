// A busy practice at a million calls (issue 31): the client log of the busiest client's year and of an ordinary
// client's year, on PGlite and on PostgreSQL, against the code before (another built tree) in the same run.
//   - API: 10 connections, read caches off (READ_CACHE_MS=0: every request reaches the database). Before: the
//     whole year in one answer (GET /api/calls/client/{id}); now: the first page (GET /api/calls/page …&limit=50)
//     and the year's totals (GET /api/clients/{id}/period-totals). p99 and the app's CPU per request (/proc),
//     rounds alternating before/now so a burst of other load hits both.
//   - Memory: the app's resident memory sampled while it streams CSV exports of the busiest client's year and of
//     three years (GET /api/clients/{id}/export.csv): flat means the peak does not grow with the rows.
//   - Chromium: /client-log of the busiest client, choosing its year: time to the first call rows and to
//     interactive (the last long task over 50 ms ended), before and now.
// Plans: bench/client-log-explain.ts (EXPLAIN ANALYZE, BUFFERS of every list and aggregate).
//
//   node bench/client-log.mjs [--before /tmp/before] [--calls 1000000] [--only pglite|postgres]
//        [--seeded-postgres DB] [--seeded-pglite DIR] [--duration 10] [--rounds 3] [--no-browser] [--quick]
//   --before: a built tree of the code before (git archive … | tar -x; ln -s node_modules; npm run build)
//   --seeded-*: copy an already seeded database (npm run seed -- --calls N --email E --password P) instead of seeding
//   --quick, --fast or BENCH_FAST=1: 2,000 calls, 1 s, 1 round, no warm-up (CI checks that the bench still runs; no figure is read from it)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (admin URL; throwaway databases are made beside it)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import {
  fast,
  freePort,
  load,
  loadWithCpu,
  machine,
  resultLine,
  rssMb,
  runToEnd,
  seedAccount,
  signInCookie,
  startProcess,
  stopProcess,
  throwawayDatabase,
} from "./lib.mjs";

const { values } = parseArgs({
  options: {
    before: { type: "string" },
    calls: { type: "string", default: "1000000" },
    only: { type: "string" },
    "seeded-postgres": { type: "string" },
    "seeded-pglite": { type: "string" },
    duration: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    "no-browser": { type: "boolean", default: false },
    quick: { type: "boolean", default: process.env.BENCH_QUICK === "1" || fast },
    fast: { type: "boolean", default: false },
  },
});
const quick = values.quick;
const calls = quick ? 2000 : Number(values.calls);
const duration = quick ? 1 : Number(values.duration);
const rounds = quick ? 1 : Number(values.rounds);
const email = "bench-client-log@example.test";
const password = "bench-client-log";
const timezone = "America/New_York";
const year = new Date().getUTCFullYear() - 1;
const trees = { now: process.cwd(), ...(values.before ? { before: path.resolve(values.before) } : {}) };
for (const tree of Object.values(trees))
  if (!fs.existsSync(path.join(tree, "dist/server/main.js"))) throw new Error(`${tree} is not built: npm run build there`);

/** A database of one kind holding the seeded account: a copy of a seeded one, or empty (seeded by the caller). */
const seededCopy = (kind, name) => throwawayDatabase(kind, `log_${name}`, kind === "pglite" ? values["seeded-pglite"] : values["seeded-postgres"]);

async function startApp(tree, env) {
  const port = await freePort();
  const child = await startProcess(
    [path.join(tree, "dist/server/main.js")],
    { ...env, PORT: String(port), HOST: "127.0.0.1", READ_CACHE_MS: "0", MINUTELY_NO_REBUILD: "1" },
    `http://127.0.0.1:${port}/api/health`,
    600_000,
  );
  const base = `http://127.0.0.1:${port}`;
  return { base, pid: child.child.pid, cookie: await signInCookie(base, email, password), stop: () => stopProcess(child.child) };
}

/** Resident memory of `pid` every 20 ms while `url` downloads; the bytes and the peak over the idle figure. */
async function exportMemory(app, url) {
  const idle = rssMb(app.pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(app.pid))), 20);
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie: app.cookie } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  clearInterval(sampler);
  return { status: response.status, rows: lines - 1, kilobytes: Math.round(bytes / 1024), ms: Math.round(performance.now() - started), idleMb: idle, peakMb: peak, growthMb: peak - idle };
}

/** Chromium: the client log of `clientId`, its year chosen; ms to the first call row and to the last long task's end. */
async function browserTimes(browser, app, clientId) {
  const context = await browser.newContext({ baseURL: app.base, viewport: { width: 1280, height: 900 } });
  const [name, value] = app.cookie.split("=");
  await context.addCookies([{ name, value, url: app.base }]);
  const page = await context.newPage();
  await page.goto(`/client-log?client=${clientId}`);
  await page.getByRole("combobox", { name: "Period", exact: true }).click();
  await page.getByRole("option", { name: "Year" }).click();
  await page.getByRole("heading", { name: /^Call History - \d{4}$/ }).waitFor();
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => e.startTime + e.duration))).observe({ type: "longtask" });
  });
  await page.getByRole("combobox", { name: "Year", exact: true }).click();
  const option = page.getByRole("option", { name: String(year) });
  await option.waitFor();
  const started = await page.evaluate(() => performance.now());
  await option.click();
  await page.getByRole("heading", { name: `Call History - ${year}` }).waitFor();
  await page.getByTestId("call-row").first().waitFor({ timeout: 120_000 });
  const firstRows = (await page.evaluate(() => performance.now())) - started;
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(2000);
  const lastLongTask = await page.evaluate(() => Math.max(0, ...window.__longTasks));
  const rows = await page.getByTestId("call-row").count();
  await context.close();
  return { firstRowsMs: Math.round(firstRows), interactiveMs: Math.round(Math.max(firstRows, lastLongTask - started)), rowsRendered: rows };
}

const median = (runs, key) => [...runs.map((r) => r[key])].sort((a, b) => a - b)[Math.floor((runs.length - 1) / 2)];
function summarise(runs) {
  return {
    p99: median(runs, "p99"),
    p99s: runs.map((r) => r.p99),
    rps: median(runs, "rps"),
    cpuMsPerRequest: median(runs, "serverCpuMsPerRequest"),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  };
}

async function benchOne(kind) {
  const cleanups = [];
  try {
    const copies = {};
    for (const name of Object.keys(trees)) {
      copies[name] = await seededCopy(kind, name);
      cleanups.push(copies[name].drop);
    }
    const seedFromScratch = kind === "pglite" ? !values["seeded-pglite"] : !values["seeded-postgres"];
    if (seedFromScratch) {
      // Seeded by the oldest tree, so each tree migrates on top of the same data as it would in production.
      for (const [name, tree] of Object.entries(trees)) {
        seedAccount(copies[name].env, { calls, email, password, timezone }, trees.before ?? tree);
      }
    }
    // This tree's migrations (the keyset indexes), then the plans on its copy.
    runToEnd(process.execPath, ["dist/server/migrate.js"], copies.now.env);
    const explainOutput = runToEnd("npx", ["tsx", "bench/client-log-explain.ts"], { ...copies.now.env, BENCH_ACCOUNT_ID: "1", BENCH_TIMEZONE: timezone, BENCH_YEAR: String(year) });
    const { busiestClient, typicalClient } = resultLine(explainOutput, "EXPLAIN_RESULT");
    console.log(`\n===== ${kind}: ${calls} calls; busiest client ${busiestClient.id} (${busiestClient.n} calls in ${year}), ordinary ${typicalClient.id} (${typicalClient.n})`);
    console.log(explainOutput.split("\nEXPLAIN_RESULT")[0]);

    const apps = {};
    for (const [name, tree] of Object.entries(trees)) {
      apps[name] = await startApp(tree, copies[name].env);
      cleanups.unshift(apps[name].stop);
    }
    const yearQuery = `startDate=${year}-01-01&endDate=${year}-12-31`;
    const urls = (app, client) =>
      app === apps.now
        ? { page: `${app.base}/api/calls/page?clientId=${client.id}&${yearQuery}&limit=50`, totals: `${app.base}/api/clients/${client.id}/period-totals?${yearQuery}` }
        : { whole: `${app.base}/api/calls/client/${client.id}?${yearQuery}` };
    const measured = {};
    const loadBefore = os.loadavg();
    for (const [label, client] of [["busiest", busiestClient], ["ordinary", typicalClient]]) {
      if (!quick) for (const app of Object.values(apps)) for (const url of Object.values(urls(app, client))) await load(url, { duration: 1, headers: { cookie: app.cookie } });
      for (let round = 0; round < rounds; round++) {
        for (const [name, app] of Object.entries(apps)) {
          for (const [endpoint, url] of Object.entries(urls(app, client))) {
            const key = `${label} ${name} ${endpoint}`;
            measured[key] = [...(measured[key] ?? []), await loadWithCpu(app.pid, url, { duration, headers: { cookie: app.cookie } })];
          }
        }
      }
    }
    const api = Object.fromEntries(Object.entries(measured).map(([key, runs]) => [key, summarise(runs)]));
    const ratios = {};
    if (apps.before) {
      for (const label of ["busiest", "ordinary"]) {
        const screenCpu = api[`${label} now page`].cpuMsPerRequest + api[`${label} now totals`].cpuMsPerRequest;
        ratios[`${label}: app CPU per screen, now / before`] = +(screenCpu / api[`${label} before whole`].cpuMsPerRequest).toFixed(3);
        ratios[`${label}: p99 of the first page, now / before`] = +(api[`${label} now page`].p99 / api[`${label} before whole`].p99).toFixed(3);
      }
    }

    const exportBase = `${apps.now.base}/api/clients/${busiestClient.id}/export.csv`;
    const memory = {
      oneYear: await exportMemory(apps.now, `${exportBase}?${yearQuery}`),
      threeYears: await exportMemory(apps.now, `${exportBase}?startDate=${year - 2}-01-01&endDate=${year + 1}-12-31`),
      ...(apps.before ? { beforeWholeYearJson: await exportMemory(apps.before, urls(apps.before, busiestClient).whole) } : {}),
    };

    let browser = null;
    if (!values["no-browser"]) {
      const instance = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
      try {
        browser = {};
        for (let round = 0; round < Math.max(rounds, 1); round++) {
          for (const [name, app] of Object.entries(apps)) browser[name] = [...(browser[name] ?? []), await browserTimes(instance, app, busiestClient.id)];
        }
        browser = Object.fromEntries(Object.entries(browser).map(([name, runs]) => [name, { firstRowsMs: median(runs, "firstRowsMs"), interactiveMs: median(runs, "interactiveMs"), rowsRendered: runs[0].rowsRendered, runs }]));
      } finally {
        await instance.close();
      }
    }
    return { database: kind, calls, year, busiestClient, typicalClient, loadAverage: { before: loadBefore.map((n) => +n.toFixed(2)), after: os.loadavg().map((n) => +n.toFixed(2)) }, api, ratios, memory, browser };
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((error) => console.error(`cleanup: ${error.message}`));
  }
}

const kinds = values.only ? [values.only] : ["pglite", "postgres"];
const results = [];
for (const kind of kinds) results.push(await benchOne(kind));
console.log(`\n${JSON.stringify({ machine: machine(), uptime: os.loadavg(), results }, null, 2)}`);
// The old whole-year endpoint timing out under load is a finding (its errors are in the JSON above), not a broken bench.
const failed = results.flatMap((r) => Object.entries(r.api).filter(([key, x]) => !key.includes(" before ") && (x.non2xx || x.errors)).map(([key]) => `${r.database} ${key}`));
if (failed.length) throw new Error(`requests failed: ${failed.join(", ")}`);
