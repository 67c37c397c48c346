// Is a production server as cheap per request once it runs, whatever its start held back? Two built trees'
// production entries (`node dist/server/main.js`, NODE_ENV=production, PGlite on copies of one data folder) take
// turns under the same full load (autocannon, 10 connections) on GET /api/health, a route that runs the request
// hooks and a database statement; the server's CPU per answered request in each turn (/proc), after a warm-up.
//
//   node bench/steady-after-start.mjs --baseline <built tree> [--rounds 4] [--seconds 5] [--warmup 10]
//
// Written for the optimizing compiler held while the server starts (src/server/optimizing-compiler.ts): the other
// webhook benches build their app from the sources (tests/helpers/test-app.ts), so they never run main.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fast, freePort, load, loadWithCpu, machine, startProcess, stopProcess } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    baseline: { type: "string" },
    rounds: { type: "string", default: fast ? "1" : "4" },
    seconds: { type: "string", default: fast ? "1" : "5" },
    warmup: { type: "string", default: fast ? "1" : "10" },
    fast: { type: "boolean", default: false },
  },
});
const here = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const trees = { current: here, baseline: path.resolve(values.baseline ?? here) };
const work = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-steady-"));
const loadAverageAtStart = os.loadavg().map((l) => +l.toFixed(1));

const servers = {};
for (const [name, tree] of Object.entries(trees)) {
  const port = await freePort();
  const { child } = await startProcess(
    [path.join(tree, "dist/server/main.js")],
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(work, name),
      NODE_ENV: "production",
      MALLOC_MMAP_THRESHOLD_: "32768",
    },
    `http://127.0.0.1:${port}/api/health`,
  );
  servers[name] = { child, url: `http://127.0.0.1:${port}/api/health` };
}
try {
  for (const server of Object.values(servers)) await load(server.url, { duration: Number(values.warmup) });
  const turns = { current: [], baseline: [] };
  for (let round = 0; round < Number(values.rounds); round++) {
    const order =
      round % 2 === 0 ? ["current", "baseline", "baseline", "current"] : ["baseline", "current", "current", "baseline"];
    for (const name of order) {
      const result = await loadWithCpu(servers[name].child.pid, servers[name].url, { duration: Number(values.seconds) });
      turns[name].push(result.serverCpuMsPerRequest);
    }
  }
  const mean = (list) => list.reduce((sum, value) => sum + value, 0) / list.length;
  console.log(
    JSON.stringify(
      {
        machine: machine(),
        trees,
        loadAverageAtStart,
        loadAverage: os.loadavg().map((l) => +l.toFixed(1)),
        cpuMsPerRequest: { current: +mean(turns.current).toFixed(4), baseline: +mean(turns.baseline).toFixed(4) },
        ratio: +(mean(turns.current) / mean(turns.baseline)).toFixed(3),
        turns,
      },
      null,
      2,
    ),
  );
} finally {
  for (const server of Object.values(servers)) await stopProcess(server.child);
  fs.rmSync(work, { recursive: true, force: true });
}
