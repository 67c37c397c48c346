// `npm start` on the embedded database (issue 22 §3): how long until the first answered GET /api/auth/user,
// and how much resident memory the idle server holds once its job queue runs (NODE_ENV=production).
//
//   node bench/startup.mjs [--baseline <tree>] [--quick] [--fresh-clone [--fresh-clones N]] [--soak-minutes 10]
//
// - starts: `node scripts/start.mjs` on this built tree, first on an empty data folder, then later starts; each
//   with the server process's CPU at its first answer (…ServerCpuMs, from /proc), the figure to read on a
//   shared machine, where the wall time mostly measures the work beside it.
// - --fresh-clone: also a copy of the tree without dist/ (node_modules linked), started with `npm start`:
//   build, migrate, serve; then later starts of that copy, through npm as a user types it. --fresh-clones N: N such
//   first starts of each tree, alternated (freshClonesMs).
// - memory: resident set of the server process 5 s and 60 s after its first answer (pg-boss starts its
//   workers and schedules after the app answers its first request, so 2 s measured too early), on a fresh
//   data folder and again on the existing one; then a soak with the schedules firing (every minute), sampled
//   every 30 s. RssAnon (JS heap, PGlite's WASM memory, buffers) is given beside the whole resident set.
// - --baseline <tree>: the same figures for another tree (e.g. `git archive <commit>` built in /tmp), run in
//   alternation for the timings and side by side for the soak, so both see the same machine load.
// - --quick: one later start, memory at 5 s and 20 s, no soak, no fresh clone; --fast (or BENCH_FAST=1): the same
//   with memory at 1 s and 2 s (CI checks that the bench still runs).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fast, freePort, machine, stopProcess } from "./lib.mjs";

const { values } = parseArgs({
  options: {
    baseline: { type: "string" },
    quick: { type: "boolean", default: false },
    "fresh-clone": { type: "boolean", default: false },
    "soak-minutes": { type: "string" },
    "later-starts": { type: "string" },
    "fresh-clones": { type: "string" },
    fast: { type: "boolean", default: false },
  },
});
const quick = values.quick || fast;
const soakMinutes = Number(values["soak-minutes"] ?? (quick ? 0 : 10));
const laterStarts = Number(values["later-starts"] ?? (quick ? 1 : 3));
const freshClones = Number(values["fresh-clones"] ?? 1);
// Fast mode (--fast, BENCH_FAST=1): memory at 1 s and 2 s, only to prove the bench runs.
const firstSeconds = fast ? 1 : 5;
const settleSeconds = fast ? 2 : quick ? 20 : 60;
const here = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const trees = { current: here, ...(values.baseline ? { baseline: path.resolve(values.baseline) } : {}) };
const work = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-startup-"));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const loadAverageAtStart = os.loadavg().map((l) => +l.toFixed(1));

/** VmRSS and RssAnon of one process, MB (from /proc). */
function processMemory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name) => Math.round(Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return { rss: field("VmRSS"), anon: field("RssAnon") };
}

/** The newest child of a process, or null. */
function childOf(pid) {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  return children.length > 0 ? Number(children.at(-1)) : null;
}

/**
 * The server's memory: the last process down the tree from the one started (npm → sh → node, and on Linux
 * scripts/start.mjs's launcher → the server it starts with MALLOC_MMAP_THRESHOLD_); the processes above it
 * are given apart (`launchers`), the launcher's own anonymous memory being what it adds.
 */
function memory(pid) {
  const chain = [pid];
  for (let next = childOf(pid); next !== null; next = childOf(next)) chain.push(next);
  const server = chain.at(-1);
  return { ...processMemory(server), launchers: chain.slice(0, -1).map((p) => processMemory(p)) };
}

const TICKS_PER_SECOND = 100; // USER_HZ, the unit of /proc/<pid>/stat's times on Linux

/** CPU (user + system, all threads) a process has used so far, ms (from /proc). */
function processCpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Math.round(((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
}

/**
 * The server's CPU at its first answer: the primary figure on a shared machine, where the wall time mostly
 * measures the other work beside it. The last process down the tree is the server; the launchers above it
 * (npm, scripts/start.mjs) are counted apart.
 */
function startCpu(pid) {
  const chain = [pid];
  for (let next = childOf(pid); next !== null; next = childOf(next)) chain.push(next);
  return { serverCpuMs: processCpuMs(chain.at(-1)), launchersCpuMs: chain.slice(0, -1).map(processCpuMs) };
}

/** Spawns a command in its own process group; resolves at the first answer of url, with the elapsed ms and CPU. */
async function start(command, args, { cwd, env, url, timeoutMs = 300_000 }) {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd,
    detached: true,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url);
      return { child, readyMs: Math.round(performance.now() - started), ...startCpu(child.pid) };
    } catch {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`did not start: ${command} ${args.join(" ")} in ${cwd}`);
      await sleep(10);
    }
  }
}

/** Ends the whole process group (npm, its shell and the server) and waits for the leader. */
async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    await stopProcess(child);
  }
  await exited;
  await sleep(200);
}

async function server(tree, dataDir) {
  const port = await freePort();
  const env = { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, MINUTELY_NO_REBUILD: "1" };
  return start(process.execPath, ["scripts/start.mjs"], { cwd: tree, env, url: `http://127.0.0.1:${port}/api/auth/user` });
}

/** A copy of the tree as a fresh clone has it: sources only, no dist/ or data; node_modules linked. */
function freshCopy(tree, name) {
  const copy = path.join(work, name);
  const skip = new Set(["node_modules", "dist", "data", ".tmp", ".git", "coverage", "test-results"]);
  fs.mkdirSync(copy);
  for (const entry of fs.readdirSync(tree)) {
    if (skip.has(entry)) continue;
    fs.cpSync(path.join(tree, entry), path.join(copy, entry), { recursive: true });
  }
  fs.symlinkSync(fs.realpathSync(path.join(tree, "node_modules")), path.join(copy, "node_modules"));
  return copy;
}

const result = {};
for (const name of Object.keys(trees))
  result[name] = { laterStartsMs: [], laterStartsServerCpuMs: [], laterNpmStartsMs: [], laterNpmStartsServerCpuMs: [] };

// Timings, in alternation between the trees.
for (const [name, tree] of Object.entries(trees)) {
  const dataDir = path.join(work, `${name}-data`);
  const first = await server(tree, dataDir);
  result[name].firstStartMs = first.readyMs;
  result[name].firstStartServerCpuMs = first.serverCpuMs;
  await stop(first.child);
}
for (let i = 0; i < laterStarts; i++) {
  for (const [name, tree] of Object.entries(trees)) {
    const run = await server(tree, path.join(work, `${name}-data`));
    result[name].laterStartsMs.push(run.readyMs);
    result[name].laterStartsServerCpuMs.push(run.serverCpuMs);
    await stop(run.child);
  }
}

/** A fresh copy of the tree started with `npm start`; its first answer, and the options to start it again. */
async function freshCloneStart(tree, copyName) {
  const copy = freshCopy(tree, copyName);
  const port = await freePort();
  const options = { cwd: copy, env: { PORT: String(port), HOST: "127.0.0.1" }, url: `http://127.0.0.1:${port}/api/auth/user` };
  return { copy, options, first: await start("npm", ["start"], options) };
}

if (values["fresh-clone"]) {
  // Further fresh clones first, the trees alternated (--fresh-clones N): one clone's time spreads by a second on
  // these machines. Each is a new copy, removed after its first answer.
  for (let round = 1; round < freshClones; round++) {
    for (const [name, tree] of Object.entries(trees)) {
      const { copy, first } = await freshCloneStart(tree, `${name}-clone-${round}`);
      result[name].freshClonesMs = [...(result[name].freshClonesMs ?? []), first.readyMs];
      await stop(first.child);
      fs.rmSync(copy, { recursive: true, force: true });
    }
  }
  for (const [name, tree] of Object.entries(trees)) {
    const { options, first } = await freshCloneStart(tree, `${name}-clone`);
    result[name].freshCloneFirstNpmStartMs = first.readyMs;
    if (freshClones > 1) result[name].freshClonesMs.push(first.readyMs);
    // The build's processes have ended by the first answer; the server's own CPU is the part after them.
    result[name].freshCloneFirstNpmStartServerCpuMs = first.serverCpuMs;
    await stop(first.child);
    for (let i = 0; i < laterStarts; i++) {
      const run = await start("npm", ["start"], options);
      result[name].laterNpmStartsMs.push(run.readyMs);
      result[name].laterNpmStartsServerCpuMs.push(run.serverCpuMs);
      await stop(run.child);
    }
  }
}

// Memory: every tree at once on its own data folder, so the soak sees the same machine for both.
async function idleMemory(dataFolder, label) {
  const running = {};
  for (const [name, tree] of Object.entries(trees)) running[name] = await server(tree, path.join(work, `${name}-${dataFolder}`));
  const at = async (seconds) => {
    await sleep(seconds * 1000);
    for (const name of Object.keys(trees)) result[name][`${label}At${at.elapsed + seconds}s`] = memory(running[name].child.pid);
    at.elapsed += seconds;
  };
  at.elapsed = 0;
  await at(firstSeconds);
  await at(settleSeconds - firstSeconds);
  return running;
}
const fresh = await idleMemory("memory-data", "freshFolder");
for (const run of Object.values(fresh)) await stop(run.child);
const existing = await idleMemory("memory-data", "existingFolder");
if (soakMinutes > 0) {
  const samples = Object.fromEntries(Object.keys(trees).map((name) => [name, []]));
  for (let s = 30; s <= soakMinutes * 60; s += 30) {
    await sleep(30_000);
    for (const name of Object.keys(trees)) samples[name].push(memory(existing[name].child.pid).rss);
  }
  for (const name of Object.keys(trees)) {
    result[name].soak = {
      minutes: soakMinutes,
      maxRss: Math.max(...samples[name]),
      finalRss: samples[name].at(-1),
      rssEvery30s: samples[name],
    };
    result[name].soak.finalAnon = memory(existing[name].child.pid).anon;
  }
}
for (const run of Object.values(existing)) await stop(run.child);
fs.rmSync(work, { recursive: true, force: true });

console.log(
  JSON.stringify(
    { machine: machine(), loadAverageAtStart, loadAverage: os.loadavg().map((l) => +l.toFixed(1)), trees, ...result },
    null,
    2,
  ),
);
