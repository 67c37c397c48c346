// The embedded database's memory against its speed (issue 12 item 10): this tree's built server and another
// built tree's (the baseline, e.g. a worktree of the commit before a PGlite setting changed), each on its own
// copy of the same seeded data folder, with the read caches off so every request reaches PGlite. Rounds
// alternate A, B, A, B… on the dashboard figures and on one client's year of calls; each side keeps its median
// round; resident memory is read idle after start-up and again after the load.
//
//   node bench/pglite-memory.mjs --baseline /tmp/before [--calls 100000] [--duration 5] [--rounds 3]
// Both trees must be built (npm run build). Uses the baseline tree's node_modules through its own imports.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fast, freePort, loadWithCpu, machine, rssMb, sized, startProcess, stopProcess } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    // Fast mode (--fast, BENCH_FAST=1) compares this tree with itself, only to prove the bench runs.
    baseline: { type: "string", default: fast ? "." : undefined },
    calls: { type: "string", default: sized("100000", "1000") },
    duration: { type: "string", default: sized("5", "1") },
    rounds: { type: "string", default: sized("3", "1") },
    fast: { type: "boolean", default: false },
  },
});
if (!values.baseline) throw new Error("--baseline <built tree> is required");
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const email = "bench-memory@example.test";
const password = "bench-memory";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-memory-"));

const seeded = spawnSync(
  "npx",
  ["tsx", "src/server/scripts/seed.ts", "--calls", values.calls, "--email", email, "--password", password, "--timezone", "UTC"],
  { env: { ...process.env, DATA_DIR: path.join(work, "a"), LOG_LEVEL: "warn" }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
);
if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
fs.cpSync(path.join(work, "a"), path.join(work, "b"), { recursive: true });

async function start(tree, dataDir) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, READ_CACHE_MS: "0", LOG_LEVEL: "warn" };
  const app = await startProcess([path.join(tree, "dist/server/main.js")], env, `${base}/api/health`);
  await new Promise((r) => setTimeout(r, 2000));
  const idleRssMb = rssMb(app.child.pid);
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({ email, password }),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const clients = await (await fetch(`${base}/api/clients`, { headers: { cookie } })).json();
  const year = new Date().getUTCFullYear() - 1;
  return {
    child: app.child,
    idleRssMb,
    headers: { cookie },
    urls: {
      dashboard: `${base}/api/dashboard/stats`,
      clientYear: `${base}/api/calls/client/${clients[0].id}?startDate=${year}-01-01&endDate=${year}-12-31`,
    },
  };
}

const sides = { a: await start(process.cwd(), path.join(work, "a")), b: await start(path.resolve(values.baseline), path.join(work, "b")) };
const runs = { a: { dashboard: [], clientYear: [] }, b: { dashboard: [], clientYear: [] } };
for (let round = 0; round < rounds; round++) {
  for (const target of ["dashboard", "clientYear"]) {
    for (const side of ["a", "b"]) {
      const { child, urls, headers } = sides[side];
      runs[side][target].push(await loadWithCpu(child.pid, urls[target], { duration, headers }));
    }
  }
}
const median = (list) => [...list].sort((x, y) => x.rps - y.rps)[Math.floor((list.length - 1) / 2)];
const report = { machine: machine(), loadAverage: os.loadavg().map((n) => +n.toFixed(1)), calls: Number(values.calls), duration, rounds, sides: {} };
for (const side of ["a", "b"]) {
  report.sides[side] = {
    tree: side === "a" ? process.cwd() : path.resolve(values.baseline),
    idleRssMb: sides[side].idleRssMb,
    rssAfterLoadMb: rssMb(sides[side].child.pid),
    dashboard: median(runs[side].dashboard),
    clientYear: median(runs[side].clientYear),
  };
}
report.ratioThisToBaseline = Object.fromEntries(
  ["dashboard", "clientYear"].map((target) => [
    target,
    {
      rps: +(report.sides.a[target].rps / report.sides.b[target].rps).toFixed(2),
      p99: +(report.sides.a[target].p99 / Math.max(report.sides.b[target].p99, 1)).toFixed(2),
      cpuPerRequest: +(report.sides.a[target].serverCpuMsPerRequest / report.sides.b[target].serverCpuMsPerRequest).toFixed(2),
    },
  ]),
);
await stopProcess(sides.a.child);
await stopProcess(sides.b.child);
fs.rmSync(work, { recursive: true, force: true });
console.log(JSON.stringify(report, null, 2));
