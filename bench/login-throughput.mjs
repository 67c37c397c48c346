// POST /api/auth/login: p99 and requests/s of the current tree against another tree (the code before a
// change) in the same run, both servers started the same way (bench/login-server.mjs), rounds alternated.
// Usage: node bench/login-throughput.mjs [<before-tree>]   e.g. git worktree add --detach /tmp/login-before HEAD
//   (the other tree needs node_modules: ln -s "$PWD/node_modules" /tmp/login-before/node_modules)
// Without a tree it measures the current one only. Each connection has its own source address in 127.0.0.0/8.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Agent } from "undici";
import { cpuMs, freePort, machine, sized, startProcess, stopProcess } from "./lib.mjs";

const beforeTree = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
const trees = { new: process.cwd(), ...(beforeTree ? { before: path.resolve(beforeTree) } : {}) };
const CONNECTIONS = 4;
const USERS = sized(40, 4);
const ROUND_SECONDS = sized(8, 1);
const headers = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };

async function startTree(tree, limits) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-login-bench-"));
  const env = { PORT: String(port), DATA_DIR: dataDir, BENCH_LIMITS: limits, LOG_LEVEL: "warn" };
  const { child } = await startProcess(
    ["--import", "tsx", "bench/login-server.mjs", tree],
    env,
    `http://127.0.0.1:${port}/api/health`,
    120_000,
  );
  return { baseUrl: `http://127.0.0.1:${port}`, child, dataDir };
}

async function signUpPool(baseUrl, prefix) {
  const users = [];
  for (let i = 0; i < USERS; i++) {
    const email = `${prefix}-${i}@example.test`;
    const started = await fetch(`${baseUrl}/api/auth/create-subscription`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        firstName: "Bench",
        lastName: "Mark",
        email,
        password: "benchmark",
        plan: "individual",
        billingCycle: "monthly",
      }),
    });
    const cookie = started.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const done = await fetch(`${baseUrl}/api/auth/complete-registration`, { method: "POST", headers: { ...headers, cookie } });
    if (done.status !== 201) throw new Error(`sign-up failed: ${done.status} ${await done.text()}`);
    users.push(email);
  }
  return users;
}

/**
 * A closed loop of CONNECTIONS workers for `seconds`; worker w sends from `address(w)` and signs in
 * users w, w + CONNECTIONS, …; one attempt in `wrongEvery` uses a wrong password.
 */
async function run(server, users, { seconds = ROUND_SECONDS, wrongEvery = 0, address }) {
  const latencies = [];
  const statuses = {};
  const cpuBefore = cpuMs(server.child.pid);
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, w) => {
      const dispatcher = new Agent({ localAddress: address(w) });
      for (let k = 0; performance.now() < deadline; k++) {
        const email = users[(w + k * CONNECTIONS) % users.length];
        // Across the workers, one attempt in `wrongEvery` is wrong (a worker alone makes only a few attempts a round).
        const password = wrongEvery && (k * CONNECTIONS + w) % wrongEvery === wrongEvery - 1 ? "wrong-password" : "benchmark";
        const t0 = performance.now();
        const response = await fetch(`${server.baseUrl}/api/auth/login`, {
          method: "POST",
          headers,
          body: JSON.stringify({ email, password }),
          dispatcher,
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }
      await dispatcher.close();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
  return {
    rps: +(latencies.length / elapsed).toFixed(1),
    p50: at(0.5),
    p99: at(0.99),
    serverCpuMsPerRequest: +((cpuMs(server.child.pid) - cpuBefore) / latencies.length).toFixed(1),
    statuses,
  };
}

const perWorker = (w) => `127.0.1.${w + 1}`;
const median = (runs) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)];

/** Alternates ROUNDS rounds between the trees (after a warm-up each), so a burst of other load on the shared machine hits both alike. */
async function compare(servers, pools, options) {
  for (const name of Object.keys(servers)) await run(servers[name], pools[name], { ...options, seconds: sized(2, 1) });
  const runs = Object.fromEntries(Object.keys(servers).map((n) => [n, []]));
  for (let round = 0; round < sized(3, 1); round++)
    for (const name of Object.keys(servers)) runs[name].push(await run(servers[name], pools[name], options));
  return Object.fromEntries(Object.entries(runs).map(([n, r]) => [n, median(r)]));
}

const results = {};
const started = [];
try {
  // 1 and 2: limits out of reach, so both trees answer every request the same way and only the cost differs.
  const servers = {};
  const pools = {};
  for (const [name, tree] of Object.entries(trees)) {
    servers[name] = await startTree(tree, "unreachable");
    started.push(servers[name]);
    pools[name] = await signUpPool(servers[name].baseUrl, `pool-${name}`);
  }
  results.correct = await compare(servers, pools, { address: perWorker });
  results.mixed = await compare(servers, pools, { address: perWorker, wrongEvery: 5 });

  // 3: the production limits, an office of USERS people behind one address signing in correctly:
  // before, every attempt counted per address (50 / 15 min) and per email (10 / 15 min).
  results.officeAtProductionLimits = {};
  for (const [name, tree] of Object.entries(trees)) {
    const server = await startTree(tree, "defaults");
    started.push(server);
    const pool = await signUpPool(server.baseUrl, `office-${name}`);
    results.officeAtProductionLimits[name] = await run(server, pool, { seconds: sized(10, 1), address: () => "127.0.2.1" });
  }
} finally {
  for (const server of started) {
    await stopProcess(server.child);
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

const ratio = (scenario) =>
  scenario.before
    ? { rps: +(scenario.new.rps / scenario.before.rps).toFixed(2), p99: +(scenario.new.p99 / scenario.before.p99).toFixed(2) }
    : undefined;
console.log(
  JSON.stringify(
    {
      machine: machine(),
      cpu: fs.readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.*)/)?.[1],
      loadAverage: os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" "),
      connections: CONNECTIONS,
      users: USERS,
      roundSeconds: ROUND_SECONDS,
      trees,
      correct: { ...results.correct, ratioNewToBefore: ratio(results.correct) },
      mixed: { ...results.mixed, ratioNewToBefore: ratio(results.mixed) },
      officeAtProductionLimits: results.officeAtProductionLimits,
    },
    null,
    2,
  ),
);
