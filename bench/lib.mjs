// Shared helpers for benchmarks: start the built server in its own process, wait for it, sign up, run autocannon.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";

/**
 * Fast mode (BENCH_FAST=1 or --fast): tiny sizes and seconds-long phases, so CI can prove each bench still
 * starts and finishes (tests/system/benches-start.test.ts). Nothing it prints is a figure.
 */
export const fast = process.env.BENCH_FAST === "1" || process.argv.includes("--fast");

/** `full` normally, `small` in fast mode: the one switch every bench sizes itself with. */
export function sized(full, small) {
  return fast ? small : full;
}

export async function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node <entry>` with env; resolves when GET url answers (any status), with the elapsed milliseconds.
 * A server that does not answer in time is stopped before the error is thrown: left running, it kept the
 * caller's stdout open and a test waiting on the bench hung (tests/system/benches-start.test.ts).
 */
export async function startProcess(args, env, readyUrl, timeoutMs = 180_000) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env: { ...process.env, LOG_LEVEL: "warn", ...env }, stdio: ["ignore", "inherit", "inherit"] });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(readyUrl);
      return { child, readyMs: performance.now() - started };
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill("SIGKILL");
        throw new Error(`server did not start: ${args.join(" ")}`);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

export async function stopProcess(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Runs a command to its end (LOG_LEVEL warn) and returns its stdout; a failure throws with both outputs. */
export function runToEnd(command, args, env = {}, cwd = process.cwd()) {
  const result = spawnSync(command, args, { cwd, env: { ...process.env, LOG_LEVEL: "warn", ...env }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** The JSON a helper prints after `TAG ` on a line of its output (SEED_RESULT, EXPLAIN_RESULT, TEAM_RESULT). */
export function resultLine(output, tag) {
  const line = output.split("\n").find((l) => l.startsWith(`${tag} `));
  if (!line) throw new Error(`no ${tag} line in:\n${output}`);
  return JSON.parse(line.slice(tag.length + 1));
}

/** PostgreSQL's administrator URL: throwaway databases are made beside the database it names. */
export const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** One statement as the administrator (create or drop a throwaway database). */
export async function adminStatement(statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** One key for every PostgreSQL copy this process makes, so a copy of a seeded database opens its sealed secrets. */
const secretsKey = randomBytes(32).toString("base64");

/**
 * A throwaway database of `kind` ("pglite" or "postgres") named after `label`: a temporary data folder, or a
 * database beside adminUrl; `copyOf` (a seeded folder, or a database to use as template) fills it. Returns the
 * app's environment for it and `drop`.
 */
export async function throwawayDatabase(kind, label, copyOf) {
  if (kind === "pglite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `minutely-bench-${label}-`));
    if (copyOf) fs.cpSync(copyOf, dir, { recursive: true });
    return { env: { DATA_DIR: dir }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const db = `minutely_bench_${label.replace(/[^a-z0-9]/gi, "_")}_${process.pid}`;
  await adminStatement(`drop database if exists ${db} with (force)`);
  await adminStatement(copyOf ? `create database ${db} template ${copyOf}` : `create database ${db}`);
  const url = new URL(adminUrl);
  url.pathname = `/${db}`;
  return { env: { DATABASE_URL: url.toString(), SECRETS_KEY: secretsKey }, drop: () => adminStatement(`drop database if exists ${db} with (force)`) };
}

/** Seeds one account with `calls` calls over three years (npm run seed, in `tree`): its SEED_RESULT (null from an older tree that prints none). */
export function seedAccount(env, { calls, email, password, timezone }, tree = process.cwd()) {
  const args = ["tsx", "src/server/scripts/seed.ts", "--calls", String(calls), "--email", email, "--password", password, "--timezone", timezone];
  const output = runToEnd("npx", args, env, tree);
  return output.includes("\nSEED_RESULT ") || output.startsWith("SEED_RESULT ") ? resultLine(output, "SEED_RESULT") : null;
}

/** Signs in through the API as an existing user; the session cookie header. */
export async function signInCookie(baseUrl, email, password) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

/** Creates an account through the real sign-up API and returns its session cookie header. */
export async function signUpCookie(baseUrl, email = `bench-${Date.now()}@example.test`) {
  const headers = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };
  const started = await fetch(`${baseUrl}/api/auth/create-subscription`, {
    method: "POST",
    headers,
    body: JSON.stringify({ firstName: "Bench", lastName: "Mark", email, password: "benchmark", plan: "individual", billingCycle: "monthly" }),
  });
  const signup = started.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const done = await fetch(`${baseUrl}/api/auth/complete-registration`, { method: "POST", headers: { ...headers, cookie: signup } });
  if (done.status !== 201) throw new Error(`sign-up failed: ${done.status} ${await done.text()}`);
  return done.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

/** CPU time (user + system, ms) a process has used so far, from /proc (clock ticks of 10 ms). */
export function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * autocannon against url, plus the server process's CPU milliseconds per answered request: what a
 * request costs the server whatever else runs on the machine (a shared machine moves requests per
 * second far more than it moves CPU per request).
 */
export async function loadWithCpu(pid, url, options = {}) {
  const before = cpuMs(pid);
  const result = await load(url, options);
  const requests = result.rps * (options.duration ?? 8);
  return { ...result, serverCpuMsPerRequest: +((cpuMs(pid) - before) / Math.max(requests, 1)).toFixed(3) };
}

export async function load(url, { connections = 10, duration = 8, headers = {} } = {}) {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export function machine() {
  return `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
}

/** The q-quantile (0..1) of samples, nearest rank: what p50/p99 mean in every bench here. */
export function percentile(samples, q) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/**
 * Open loop at a fixed rate: request i is due at start + i/rate and sent then (on kept-alive
 * connections, as many as needed); its latency counts from when it was due, so a slow answer is
 * counted, not hidden. autocannon's own rate limit sends each second's requests in one burst at
 * the top of the second, which measures a queue rather than a rate.
 * `next()` gives each request: { path, method?, headers, body }.
 * Returns { rps, p50, p90, p99, max, requests, non2xx, errors } in milliseconds.
 */
export async function pacedLoad(baseUrl, next, rate, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const target = new URL(baseUrl);
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  const total = Math.round(rate * seconds);
  const start = performance.now();
  const pending = [];
  const send = (due) =>
    new Promise((resolve) => {
      const delivery = next();
      const request = http.request(
        { host: target.hostname, port: target.port, path: delivery.path, method: delivery.method ?? "POST", agent, headers: delivery.headers },
        (response) => {
          response.resume();
          response.on("end", () => {
            latencies.push(performance.now() - due);
            if ((response.statusCode ?? 0) >= 300) non2xx++;
            resolve();
          });
        },
      );
      request.on("error", () => {
        errors++;
        resolve();
      });
      request.end(delivery.body);
    });
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(due));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q) => +(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2);
  return { rps: Math.round(latencies.length / elapsed), p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1), requests: latencies.length, non2xx, errors };
}

/**
 * This process's CPU per run (µs, process.cpuUsage) of each of `kinds` (name → run(i)), in `rounds` rounds of
 * `runs` runs: after `warmupRuns` runs of each (statements prepared, V8's tiers settled), and in alternating order,
 * so a burst of other work on the machine does not fall on one kind only. Answers each kind's median round.
 */
export async function cpuMicrosPerRunInRounds(kinds, { runs, rounds, warmupRuns }) {
  const perRun = async (run) => {
    const start = process.cpuUsage();
    for (let i = 0; i < runs; i++) await run(i);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / runs;
  };
  for (const run of Object.values(kinds)) for (let i = 0; i < Math.min(runs, warmupRuns); i++) await run(i);
  const samples = Object.fromEntries(Object.keys(kinds).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? Object.keys(kinds) : Object.keys(kinds).reverse();
    for (const name of order) samples[name].push(await perRun(kinds[name]));
  }
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, percentile(values, 0.5)]));
}
