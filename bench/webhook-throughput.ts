// Issue 13's webhook figure: a signed Zoom webhook verified, recorded (the capture pipeline's
// transaction: idempotency row, call, matching, pricing, NOTIFY) and answered, at a fixed 200
// requests a second — p50/p99 latency (goal p99 < 10 ms), open loop: one request every 5 ms, each timed
// from the moment it was due, so a slow answer delays the clock and is counted, not hidden — and its
// throughput at full load as a
// ratio to a bare Fastify route and to the app's own GET /api/health (one `select 1`), in the same run.
// Every request is a distinct event (blocks of 200 meetings: all start, each gets a participant, all end), so each one records.
// Run: npx tsx bench/webhook-throughput.ts             (PGlite in memory, from the tests' migrated template)
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/webhook-throughput.ts
//      (a fresh database is created on that server and dropped afterwards, as the API tests do)
// CPU per delivery is reported raw (the server process's CPU over the fixed-rate phase ÷ deliveries: the
// issue's figures were raw) and net of idle: the same server's CPU over an equal window with no requests
// (timers, the pool, a job queue if one runs) is measured just before and taken away.
// BENCH_SERVER_TREE=<dir>: the server runs from that tree (another commit's worktree, for a same-run
// baseline); the load, the measuring and the bare route stay this tree's.
// BENCH_ROUNDS: the full-load rounds (3; 0 skips the full-load part); each reports the server's CPU per delivery at
// saturation as well (fullLoadCpuMsPerRequest).
// BENCH_WARMUP_SECONDS: how long the fixed rate runs before anything is measured (3).
// BENCH_NODE_FLAGS: node or V8 flags for the server process ("--wasm-tiering-budget=500000000", as the production entry sets).
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { cpuMs, freePort, machine, pacedLoad, sized, startProcess, stopProcess } from "./lib.mjs";
import {
  autocannon,
  connectZoom,
  deliveries,
  loadAverage,
  type Load,
  startWebhookServer,
  summary,
  webhookLoad,
} from "./webhook-load.js";

const RATE = Number(process.env.BENCH_RATE ?? sized(200, 20));
const RATE_SECONDS = Number(process.env.BENCH_RATE_SECONDS ?? sized(15, 1));
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? sized(3, 1));
const dbUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

/** Child mode: the app on a fresh database (tests/helpers/test-app.ts), its base URL on stdout. */
async function serve(): Promise<void> {
  if (dbUrl) process.env.TEST_DATABASE_URL = dbUrl;
  const { default: makeTemplate } = await import("../tests/helpers/global-setup.js");
  if (!dbUrl) await makeTemplate();
  const { startTestApp } = await import("../tests/helpers/test-app.js");
  // The per-URL limit (WEBHOOK_RATE_LIMIT, 120 a minute) still counts every delivery, but never refuses one here.
  const app = await startTestApp({ logLevel: "silent", webhookRateLimit: { limit: 1_000_000, windowSeconds: 60 } });
  // The watch's 1 ms timer wakes the server a thousand times a second, which costs CPU of its own: BENCH_LOOP_WATCH=off
  // leaves it out (an older tree's server, BENCH_SERVER_TREE, has none), so CPU per delivery compares like with like.
  const watchesLoop = process.env.BENCH_LOOP_WATCH !== "off";
  if (watchesLoop) watchTheLoop();
  console.log(JSON.stringify({ baseUrl: app.baseUrl, database: app.app.database.kind, watchesLoop }));
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

/**
 * The server's event loop over the fixed-rate phase: SIGUSR2 from the bench starts a window, the next one ends it and
 * prints the loop's delay (perf_hooks' histogram, 1 ms resolution) and the garbage collections of that window as one
 * JSON line, so a slow percentile can be told apart: a stall of the server's one thread, or queueing. (It found the
 * 40-140 ms stall behind issue 22's p99 at 200/s: docs/performance.md.)
 */
function watchTheLoop(): void {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let gcs: { kind: number; ms: number }[] = [];
  let open = false;
  new PerformanceObserver((list) => {
    if (open)
      for (const entry of list.getEntries())
        gcs.push({ kind: (entry as PerformanceEntry & { detail: { kind: number } }).detail.kind, ms: entry.duration });
  }).observe({ entryTypes: ["gc"] });
  process.on("SIGUSR2", () => {
    if (!open) {
      delay.reset();
      delay.enable();
      gcs = [];
      open = true;
      return;
    }
    delay.disable();
    open = false;
    const ms = (ns: number) => +(ns / 1e6).toFixed(2);
    const byKind: Record<string, { count: number; totalMs: number; maxMs: number; over5ms: number }> = {};
    for (const { kind, ms: d } of gcs) {
      const name = { 1: "scavenge", 2: "mark-compact", 4: "incremental", 8: "weak-callbacks" }[kind] ?? String(kind);
      byKind[name] ??= { count: 0, totalMs: 0, maxMs: 0, over5ms: 0 };
      const k = byKind[name];
      k.count++;
      k.totalMs = +(k.totalMs + d).toFixed(2);
      k.maxMs = +Math.max(k.maxMs, d).toFixed(2);
      if (d > 5) k.over5ms++;
    }
    const loop = {
      p50: ms(delay.percentile(50)),
      p90: ms(delay.percentile(90)),
      p99: ms(delay.percentile(99)),
      p999: ms(delay.percentile(99.9)),
      max: ms(delay.max),
    };
    console.log(JSON.stringify({ serverLoopDelayMs: loop, gc: byKind }));
  });
}

async function main(): Promise<void> {
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // BENCH_NODE_FLAGS="--wasm-tiering-budget=500000000": node or V8 flags for the server process (e.g. the production
  // entry's WebAssembly tiering budget, db/wasm-tiering.ts, which the bench's own server does not set).
  const nodeFlags = process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const serverTree = process.env.BENCH_SERVER_TREE;
  const { child, baseUrl, database, watchesLoop, lines } = await startWebhookServer({
    tree: serverTree,
    nodeFlags: [...profile, ...nodeFlags],
  });
  // An older tree's server (BENCH_SERVER_TREE) has no loop watch, and SIGUSR2 would end it.
  const startLoopWatch = () => {
    if (watchesLoop) process.kill(child.pid!, "SIGUSR2");
  };
  const endLoopWatch = () => {
    if (!watchesLoop) return Promise.resolve(null);
    const line = new Promise<unknown>((resolve) => lines.once("line", (text) => resolve(JSON.parse(text))));
    process.kill(child.pid!, "SIGUSR2");
    return line;
  };
  const barePort = await freePort();
  const bare = await startProcess(["bench/bare-server.mjs"], { PORT: String(barePort) }, `http://127.0.0.1:${barePort}/bare`);
  const pid = child.pid!;
  const next = deliveries(`bench${Date.now()}`);
  const loadBefore = loadAverage();
  try {
    const webhookUrl = await connectZoom(baseUrl);
    const webhookPath = new URL(webhookUrl).pathname;
    // Warm-up: JIT, prepared statements, the connection pool. V8 keeps optimizing hot code on background threads
    // for a minute or more under steady traffic (PGlite's WebAssembly most of all), which the server's CPU counts:
    // BENCH_WARMUP_SECONDS=60 measures a server that has settled, as one does after its first minutes of traffic.
    await pacedLoad(webhookUrl, () => ({ ...next(), path: webhookPath }), RATE, WARMUP_SECONDS);

    // The idle server's own CPU over a window as long as the fixed-rate phase, just before it.
    const idleBefore = cpuMs(pid);
    const idleStart = performance.now();
    await new Promise((resolve) => setTimeout(resolve, RATE_SECONDS * 1000));
    const idleCpuMsPerSecond = (cpuMs(pid) - idleBefore) / ((performance.now() - idleStart) / 1000);

    startLoopWatch();
    const cpuBefore = cpuMs(pid);
    const fixedStart = performance.now();
    const fixed: Load = await pacedLoad(webhookUrl, () => ({ ...next(), path: webhookPath }), RATE, RATE_SECONDS);
    const fixedCpu = cpuMs(pid) - cpuBefore;
    const serverLoop = await endLoopWatch();
    const fixedSeconds = (performance.now() - fixedStart) / 1000;
    const fixedCpuMs = +(fixedCpu / Math.max(fixed.requests, 1)).toFixed(3);
    const netCpuMs = +((fixedCpu - idleCpuMsPerSecond * fixedSeconds) / Math.max(fixed.requests, 1)).toFixed(3);

    // Full load, alternating three rounds; each side's median, so a burst of other load hits all alike.
    const runs: Record<"bare" | "health" | "webhook", Load[]> = { bare: [], health: [], webhook: [] };
    const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
    for (let round = 0; round < rounds; round++) {
      const duration = sized(4, 1);
      runs.bare.push(summary(await autocannon({ url: `http://127.0.0.1:${barePort}/bare`, connections: 10, duration })));
      runs.health.push(summary(await autocannon({ url: `${baseUrl}/api/health`, connections: 10, duration })));
      const cpuBeforeRound = cpuMs(pid);
      const round = summary(await webhookLoad(webhookUrl, next, { duration }));
      // CPU per delivery at saturation too: at a fixed rate every delivery also pays for waking the idle server.
      runs.webhook.push({
        ...round,
        serverCpuMsPerRequest: +((cpuMs(pid) - cpuBeforeRound) / Math.max(round.requests, 1)).toFixed(3),
      });
    }
    const median = (list: Load[]) => [...list].sort((a, b) => a.rps - b.rps)[Math.floor(list.length / 2)];
    const full = rounds > 0 ? { bare: median(runs.bare)!, health: median(runs.health)!, webhook: median(runs.webhook)! } : null;
    const non2xx = fixed.non2xx + runs.webhook.reduce((n, r) => n + r.non2xx + r.errors, 0);
    console.log(
      JSON.stringify(
        {
          machine: machine(),
          database,
          serverTree: serverTree ?? ".",
          fixedRate: {
            warmupSeconds: WARMUP_SECONDS,
            rate: RATE,
            seconds: RATE_SECONDS,
            ...fixed,
            serverCpuMsPerRequest: fixedCpuMs,
            idleServerCpuMsPerSecond: +idleCpuMsPerSecond.toFixed(2),
            serverCpuMsPerRequestNetOfIdle: netCpuMs,
            goalP99Ms: 10,
            // The server's own event-loop delay and GC over the same phase (null: a server tree without the watch).
            serverLoop,
            met: fixed.p99 < 10,
          },
          fullLoad: full,
          ratioToBare: full && +(full.webhook.rps / full.bare.rps).toFixed(3),
          // Each full-load round's server CPU per delivery (the median round is fullLoad.webhook's).
          fullLoadCpuMsPerRequest: runs.webhook.map((round) => round.serverCpuMsPerRequest),
          ratioToHealth: full && +(full.webhook.rps / full.health.rps).toFixed(3),
          webhookNon2xx: non2xx,
          loadavgBefore: loadBefore,
          loadavg: loadAverage(),
        },
        null,
        2,
      ),
    );
    if (non2xx) throw new Error(`the webhook answered ${non2xx} non-2xx responses or errors`);
  } finally {
    await stopProcess(bare.child);
    await stopProcess(child);
  }
}

if (process.argv.includes("--serve")) await serve();
else await main();
