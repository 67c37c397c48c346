// Throughput of an authenticated GET /api/auth/user as a ratio to a bare Fastify route answering {} —
// both servers in their own processes, the same autocannon settings, in the same run.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, load, loadWithCpu, machine, signUpCookie, sized, startProcess, stopProcess } from "./lib.mjs";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-bench-"));
const appPort = await freePort();
const barePort = await freePort();
const dbUrl = process.env.BENCH_DATABASE_URL;
const app = await startProcess(["dist/server/main.js"], { PORT: String(appPort), DATA_DIR: dataDir, ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}), ...(dbUrl ? { DATABASE_URL: dbUrl, SECRETS_KEY: randomBytes(32).toString("base64") } : {}) }, `http://127.0.0.1:${appPort}/api/health`);
const bare = await startProcess(["bench/bare-server.mjs"], { PORT: String(barePort) }, `http://127.0.0.1:${barePort}/bare`);

let baseline;
let authUser;
try {
  const cookie = await signUpCookie(`http://127.0.0.1:${appPort}`);
  await load(`http://127.0.0.1:${barePort}/bare`, { duration: sized(2, 1) });
  await load(`http://127.0.0.1:${appPort}/api/auth/user`, { duration: sized(2, 1), headers: { cookie } });
  // Alternate three rounds and keep each side's median, so a burst of other load hits both alike.
  const bareRuns = [];
  const authRuns = [];
  const duration = sized(5, 1);
  for (let round = 0; round < sized(3, 1); round++) {
    bareRuns.push(await loadWithCpu(bare.child.pid, `http://127.0.0.1:${barePort}/bare`, { duration }));
    authRuns.push(await loadWithCpu(app.child.pid, `http://127.0.0.1:${appPort}/api/auth/user`, { duration, headers: { cookie } }));
  }
  const middle = (runs) => runs[Math.floor((runs.length - 1) / 2)];
  const median = (runs) => middle([...runs].sort((a, b) => a.rps - b.rps));
  const medianCpu = (runs) => middle([...runs].map((r) => r.serverCpuMsPerRequest).sort((a, b) => a - b));
  baseline = { ...median(bareRuns), serverCpuMsPerRequest: medianCpu(bareRuns) };
  authUser = { ...median(authRuns), serverCpuMsPerRequest: medianCpu(authRuns), non2xx: authRuns.reduce((n, r) => n + r.non2xx, 0) };
} finally {
  await stopProcess(app.child);
  await stopProcess(bare.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  JSON.stringify({ machine: machine(), database: dbUrl ? "postgres" : "pglite", baseline, authUser, ratio: +(authUser.rps / baseline.rps).toFixed(2),
    // The same ratio from the server's CPU per request: throughput each would reach on a core of its own.
    cpuRatio: +(baseline.serverCpuMsPerRequest / authUser.serverCpuMsPerRequest).toFixed(2),
    uptime: os.loadavg().map((l) => l.toFixed(2)).join(" ") }, null, 2),
);
if (authUser.non2xx) throw new Error(`auth/user answered ${authUser.non2xx} non-2xx responses`);
