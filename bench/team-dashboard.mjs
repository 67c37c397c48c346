// Issue 26's figure: the dashboard and the client log with 50 members × 100,000 calls, p99 (goal < 20 ms), as a
// ratio to the single-user figure of the same 100,000 calls in the same run; and the admin dashboard
// (GET /api/team/overview) at 50 members. PGlite and PostgreSQL (a throwaway database of its own: bench/lib.mjs throwawayDatabase).
//   1. seed one account (npm run seed, 100,000 calls over three years) and give every call to its one user;
//   2. measure (autocannon, 10 connections, --rounds rounds of --duration s, median round): dashboard stats,
//      the client log's first page of an ordinary client's year (GET /api/calls/page …&limit=50) and its totals;
//      as shipped and with the read caches off (READ_CACHE_MS=0: every request reaches the database);
//   3. add 49 members and spread the calls over the 50 round-robin (bench/team-members.ts), measure again, plus
//      the team overview and the filtered views: the dashboard and the client log page of one member (userId);
//   4. beside each closed-loop figure, an open-loop one: --rate requests a second (default 20, well above what a
//      50-person practice asks of one screen) for --paced seconds, each request's latency counted from when it
//      was due (bench/lib.mjs pacedLoad). Closed loop at 10 connections measures saturation (p99 ≈ 10 queued
//      requests × service time on 2 cores); the paced figure is the latency at a fixed arrival rate. Both are kept.
// The timed part runs under the quiet lock (/work/notes/quiet.lock, or QUIET_LOCK): taken by mkdir, waited for
// when somebody else holds it, released after each database's measurements.
//
//   node bench/team-dashboard.mjs [--calls 100000] [--members 50] [--only pglite|postgres] [--duration 5] [--rounds 3]
//                                 [--rate 20] [--paced 10] [--fast]
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (admin URL; a throwaway database is made beside it and dropped)
import fs from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import {
  fast,
  freePort,
  load,
  loadWithCpu,
  machine,
  pacedLoad,
  resultLine,
  runToEnd,
  seedAccount,
  signInCookie,
  sized,
  startProcess,
  stopProcess,
  throwawayDatabase,
} from "./lib.mjs";

const { values } = parseArgs({
  options: {
    calls: { type: "string", default: sized("100000", "1000") },
    members: { type: "string", default: "50" },
    only: { type: "string" },
    duration: { type: "string", default: sized("5", "1") },
    rounds: { type: "string", default: sized("3", "1") },
    rate: { type: "string", default: "20" },
    paced: { type: "string", default: sized("10", "2") },
    "no-build": { type: "boolean", default: fast },
    "no-lock": { type: "boolean", default: fast },
    fast: { type: "boolean", default: false },
  },
});
const calls = Number(values.calls);
const members = Number(values.members);
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const rate = Number(values.rate);
const pacedSeconds = Number(values.paced);
const lockDir = process.env.QUIET_LOCK ?? "/work/notes/quiet.lock";
const email = "bench-team@example.test";
const password = "bench-team";
const timezone = "America/New_York";
const year = new Date().getUTCFullYear() - 1;

if (!values["no-build"]) runToEnd(process.execPath, ["scripts/build-server.mjs"]);

/** The quiet lock around the timed part only: mkdir is atomic; somebody else's lock is waited for. */
async function quietly(work) {
  if (values["no-lock"]) return work();
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      break;
    } catch {
      console.log(`${new Date().toISOString()} ${lockDir} is held: waiting 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 60_000));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

const median = (runs) => {
  const sorted = [...runs].sort((a, b) => a.p99 - b.p99);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  return {
    p99: middle.p99,
    p50: middle.p50,
    rps: middle.rps,
    p99s: runs.map((r) => r.p99),
    appCpuMsPerRequest: middle.serverCpuMsPerRequest,
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  };
};

/** One app process (caches as shipped, or off), each URL measured `rounds` times in alternation. */
async function measureApp(env, extraEnv, urlsOf) {
  const port = await freePort();
  const app = await startProcess(["dist/server/main.js"], { ...env, ...extraEnv, PORT: String(port), HOST: "127.0.0.1" }, `http://127.0.0.1:${port}/api/health`);
  try {
    const base = `http://127.0.0.1:${port}`;
    const headers = { cookie: await signInCookie(base, email, password) };
    const urls = urlsOf(base);
    for (const url of Object.values(urls)) {
      const probe = await fetch(url, { headers });
      if (probe.status !== 200) throw new Error(`${url}: ${probe.status} ${await probe.text()}`);
      if (!fast) await load(url, { duration: 1, headers });
    }
    const runs = Object.fromEntries(Object.keys(urls).map((name) => [name, []]));
    for (let round = 0; round < rounds; round++)
      for (const [name, url] of Object.entries(urls)) runs[name].push(await loadWithCpu(app.child.pid, url, { duration, headers }));
    // Open loop at a fixed rate, one run per URL, after the closed-loop rounds (same process, same warm caches).
    const paced = {};
    for (const [name, url] of Object.entries(urls)) {
      const path = new URL(url).pathname + new URL(url).search;
      const { rps: _rps, ...figures } = await pacedLoad(base, () => ({ path, method: "GET", headers }), rate, pacedSeconds);
      paced[name] = figures;
    }
    return Object.fromEntries(Object.entries(runs).map(([name, list]) => [name, { ...median(list), [`paced${rate}PerSecond`]: paced[name] }]));
  } finally {
    await stopProcess(app.child);
  }
}

async function benchOne(kind) {
  const { env, drop } = await throwawayDatabase(kind, "team");
  try {
    const seeded = seedAccount(env, { calls, email, password, timezone });
    const accountEnv = { ...env, BENCH_ACCOUNT_ID: String(seeded.accountId), BENCH_TIMEZONE: timezone, BENCH_YEAR: String(year) };
    const explained = resultLine(runToEnd("npx", ["tsx", "bench/dashboard-explain.ts"], accountEnv), "EXPLAIN_RESULT");
    const client = explained.typicalClient;
    const yearQuery = `startDate=${year}-01-01&endDate=${year}-12-31`;
    // With the team: the overview, and the owner's views narrowed to one member (issue 26 §2's member filter).
    const urlsOf = (team) => (base) => ({
      dashboard: `${base}/api/dashboard/stats`,
      clientLogPage: `${base}/api/calls/page?clientId=${client.id}&${yearQuery}&limit=50`,
      clientLogTotals: `${base}/api/clients/${client.id}/period-totals?${yearQuery}`,
      ...(team
        ? {
            dashboardOneMember: `${base}/api/dashboard/stats?view=team&userId=${team.memberId}`,
            clientLogPageOneMember: `${base}/api/calls/page?clientId=${client.id}&${yearQuery}&limit=50&userId=${team.memberId}`,
            teamOverview: `${base}/api/team/overview`,
          }
        : {}),
    });
    const single = resultLine(runToEnd("npx", ["tsx", "bench/team-members.ts"], { ...accountEnv, BENCH_MEMBERS: "1" }), "TEAM_RESULT");
    console.log(`\n===== ${kind}: ${seeded.calls} calls; ordinary client ${client.id} (${client.n} calls in ${year}); one user: ${JSON.stringify(single)}`);
    const measured = await quietly(async () => {
      const loadBefore = os.loadavg();
      const one = { shipped: await measureApp(env, {}, urlsOf(null)), cacheOff: await measureApp(env, { READ_CACHE_MS: "0" }, urlsOf(null)) };
      const team = resultLine(runToEnd("npx", ["tsx", "bench/team-members.ts"], { ...accountEnv, BENCH_MEMBERS: String(members) }), "TEAM_RESULT");
      // The plans at 50 members: the overview's hours, and the views narrowed to one member.
      console.log(runToEnd("npx", ["tsx", "bench/dashboard-explain.ts"], { ...accountEnv, BENCH_MEMBER_ID: String(team.memberId) }).split("\nEXPLAIN_RESULT")[0]);
      const many = { shipped: await measureApp(env, {}, urlsOf(team)), cacheOff: await measureApp(env, { READ_CACHE_MS: "0" }, urlsOf(team)) };
      return { one, many, team, loadAverage: { before: loadBefore.map((n) => +n.toFixed(2)), after: os.loadavg().map((n) => +n.toFixed(2)) } };
    });
    const ratios = {};
    for (const config of ["shipped", "cacheOff"])
      for (const name of ["dashboard", "clientLogPage", "clientLogTotals"])
        ratios[`${config} ${name} p99, ${members} members / 1`] = +(measured.many[config][name].p99 / Math.max(measured.one[config][name].p99, 1)).toFixed(2);
    // One member's view of the 50 against today's one user, who sees the same screen unfiltered.
    for (const config of ["shipped", "cacheOff"])
      for (const [filtered, name] of [["dashboardOneMember", "dashboard"], ["clientLogPageOneMember", "clientLogPage"]])
        ratios[`${config} ${filtered} p99 / one user's ${name}`] = +(measured.many[config][filtered].p99 / Math.max(measured.one[config][name].p99, 1)).toFixed(2);
    return { database: kind, calls: seeded.calls, clientCallsInYear: client.n, members: measured.team, timezone, ...measured, ratios };
  } finally {
    await drop();
  }
}

const kinds = values.only ? [values.only] : ["pglite", "postgres"];
const results = [];
for (const kind of kinds) results.push(await benchOne(kind));
console.log(`\n${JSON.stringify({ machine: machine(), results }, null, 2)}`);
// A short table of the p99s: closed loop (10 connections, saturation) and open loop (--rate a second).
for (const r of results)
  for (const [side, label] of [["one", "one user"], [`many`, `${members} members`]])
    for (const [config, figures] of Object.entries(r[side]))
      for (const [name, f] of Object.entries(figures))
        console.log(`${r.database} ${label} ${config} ${name}: p99 ${f.p99} ms at 10 connections (${f.rps}/s, ${f.appCpuMsPerRequest} ms CPU), p99 ${f[`paced${rate}PerSecond`].p99} ms at ${rate}/s open loop`);
const failed = results
  .flatMap((r) => [r.one, r.many].flatMap((side) => Object.values(side).flatMap((config) => Object.values(config))))
  .flatMap((x) => [x, x[`paced${rate}PerSecond`]])
  .filter((x) => x.non2xx || x.errors);
if (failed.length) throw new Error("some requests failed");
