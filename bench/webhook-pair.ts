// Issue 22 §3's webhook figure as a same-run pair that a noisy machine cannot tilt: this tree's server and another
// tree's (BENCH_BASELINE_TREE, e.g. the commit unpacked and built in /tmp/base) run side by side, each on a
// fresh database, and take turns under the same load in short windows (this, base, base, this; then base, this,
// this, base; …), so a burst of other work on the machine, or V8 still optimizing, falls on both alike. Two
// sequential runs of bench/webhook-throughput.ts differed by up to 30 % on a shared 2-core machine; in turns, the
// ratio holds (docs/performance.md).
// Each turn: signed Zoom deliveries at a fixed rate (BENCH_RATE, 200/s) for BENCH_WINDOW_SECONDS (5), then full load
// (autocannon, 10 connections) for BENCH_FULL_SECONDS (3); the server process's CPU (/proc, both its threads and
// V8's) over each window ÷ its deliveries. A bare Fastify route's full load once a round gives each side's
// throughput as a ratio to it.
// BENCH_RATES=50,100,200,400: each turn also runs these fixed rates, one window each, and the report gives the ratio at
// every rate beside each server's busy share (its CPU over the window's wall time): how much of a delivery's cost at
// a fixed rate is the machine's, for running code again after an idle gap (bench/idle-wake.ts), which a server that
// does less per delivery is idle for more often.
// Run: BENCH_BASELINE_TREE=/tmp/base npx tsx bench/webhook-pair.ts   (unset: this tree against itself, an A/A check)
//      BENCH_ROUNDS (4; each 4 turns), BENCH_WARMUP_SECONDS (10, each server, before anything is measured),
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (both servers on PostgreSQL, a fresh database each).
// Both servers run without the loop watch (BENCH_LOOP_WATCH=off), whose 1 ms timer an older tree does not have.
import fs from "node:fs";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { cpuMs, freePort, machine, pacedLoad, sized, startProcess, stopProcess } from "./lib.mjs";
import {
  autocannon,
  connectZoom,
  deliveries,
  type Deliveries,
  loadAverage,
  type Load,
  startWebhookServer,
  summary,
  webhookLoad,
  type WebhookServer,
} from "./webhook-load.js";

const RATE = Number(process.env.BENCH_RATE ?? sized(200, 20));
/** The fixed rates each turn runs: BENCH_RATE's always, first. */
const RATES = [
  RATE,
  ...(process.env.BENCH_RATES ?? "")
    .split(",")
    .filter(Boolean)
    .map(Number)
    .filter((rate) => rate !== RATE),
];
const WINDOW_SECONDS = Number(process.env.BENCH_WINDOW_SECONDS ?? sized(5, 1));
const FULL_SECONDS = Number(process.env.BENCH_FULL_SECONDS ?? sized(3, 1));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? sized(4, 1));
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? sized(10, 1));

/** One measured window of one side, at a fixed rate or at full load. */
type Window = {
  cpuMsPerDelivery: number;
  mainThreadCpuMsPerDelivery: number;
  /** The server's CPU over the window's wall time: 1 is one core busy throughout. */
  busyShare: number;
  non2xx: number;
};
type FixedWindow = Window & { p99: number };
type FullWindow = Window & { rps: number };

type Side = {
  name: "this" | "baseline";
  tree: string;
  server: WebhookServer;
  webhookUrl: string;
  next: Deliveries;
  /** Each fixed rate's windows (RATES), by rate. */
  fixed: Map<number, FixedWindow[]>;
  full: FullWindow[];
};

/** The CPU milliseconds of one thread of a process (the main thread's id is the process's). */
function threadCpuMs(pid: number, thread: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/task/${thread}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU milliseconds of the side's server per delivery over one window of `load`: the whole process, and its main
 * thread alone (the rest is V8's: optimizing compilers, above all for PGlite's WebAssembly, and the GC's helpers).
 */
async function measured<T extends Load>(
  side: Side,
  load: () => Promise<T>,
): Promise<{ load: T; cpuMsPerDelivery: number; mainThreadCpuMsPerDelivery: number; busyShare: number }> {
  const pid = side.server.pid;
  const before = cpuMs(pid);
  const mainBefore = threadCpuMs(pid, pid);
  const start = performance.now();
  const result = await load();
  const deliveries = Math.max(result.requests, 1);
  const used = cpuMs(pid) - before;
  return {
    load: result,
    cpuMsPerDelivery: used / deliveries,
    mainThreadCpuMsPerDelivery: (threadCpuMs(pid, pid) - mainBefore) / deliveries,
    busyShare: used / (performance.now() - start),
  };
}

async function turn(side: Side): Promise<void> {
  const path = new URL(side.webhookUrl).pathname;
  for (const rate of RATES) {
    const fixed = await measured(side, () => pacedLoad(side.webhookUrl, () => ({ ...side.next(), path }), rate, WINDOW_SECONDS));
    const windows = side.fixed.get(rate) ?? [];
    side.fixed.set(rate, windows);
    windows.push({
      cpuMsPerDelivery: fixed.cpuMsPerDelivery,
      mainThreadCpuMsPerDelivery: fixed.mainThreadCpuMsPerDelivery,
      busyShare: fixed.busyShare,
      p99: fixed.load.p99,
      non2xx: fixed.load.non2xx + fixed.load.errors,
    });
  }
  const full = await measured(side, async () =>
    summary(await webhookLoad(side.webhookUrl, side.next, { duration: FULL_SECONDS })),
  );
  side.full.push({
    cpuMsPerDelivery: full.cpuMsPerDelivery,
    mainThreadCpuMsPerDelivery: full.mainThreadCpuMsPerDelivery,
    busyShare: full.busyShare,
    rps: full.load.rps,
    non2xx: full.load.non2xx + full.load.errors,
  });
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const round3 = (value: number) => +value.toFixed(3);

function report(side: Side, bareRps: number) {
  const primary = side.fixed.get(RATE) ?? [];
  const fixedCpu = primary.map((w) => w.cpuMsPerDelivery);
  const fullCpu = side.full.map((w) => w.cpuMsPerDelivery);
  const rps = median(side.full.map((w) => w.rps));
  return {
    tree: side.tree,
    fixedRate: {
      rate: RATE,
      cpuMsPerDelivery: round3(mean(fixedCpu)),
      mainThreadCpuMsPerDelivery: round3(mean(primary.map((w) => w.mainThreadCpuMsPerDelivery))),
      busyShare: round3(mean(primary.map((w) => w.busyShare))),
      windows: fixedCpu.map(round3),
      p99MedianOfWindows: median(primary.map((w) => w.p99)),
    },
    fullLoad: {
      cpuMsPerDelivery: round3(mean(fullCpu)),
      mainThreadCpuMsPerDelivery: round3(mean(side.full.map((w) => w.mainThreadCpuMsPerDelivery))),
      busyShare: round3(mean(side.full.map((w) => w.busyShare))),
      windows: fullCpu.map(round3),
      rps,
      ratioToBare: round3(rps / bareRps),
    },
  };
}

/** Each fixed rate, slowest first, then full load: both sides' mean CPU per delivery and busy share, and the ratio. */
function byRate(mine: Side, theirs: Side) {
  const row = (rate: number | "full", ours: Window[], base: Window[]) => {
    const cpu = (windows: Window[]) => mean(windows.map((w) => w.cpuMsPerDelivery));
    const busy = (windows: Window[]) => round3(mean(windows.map((w) => w.busyShare)));
    return {
      rate,
      thisCpuMsPerDelivery: round3(cpu(ours)),
      baselineCpuMsPerDelivery: round3(cpu(base)),
      ratio: round3(cpu(ours) / cpu(base)),
      thisBusyShare: busy(ours),
      baselineBusyShare: busy(base),
    };
  };
  return [
    ...[...RATES].sort((a, b) => a - b).map((rate) => row(rate, mine.fixed.get(rate) ?? [], theirs.fixed.get(rate) ?? [])),
    row("full", mine.full, theirs.full),
  ];
}

async function main(): Promise<void> {
  process.env.BENCH_LOOP_WATCH = "off";
  const thisTree = process.env.BENCH_SERVER_TREE ?? process.cwd();
  // Without a baseline the tree is paired with itself: the ratios then show the method's own spread (about 1).
  const baselineTree = process.env.BENCH_BASELINE_TREE ?? thisTree;
  const barePort = await freePort();
  const bare = await startProcess(["bench/bare-server.mjs"], { PORT: String(barePort) }, `http://127.0.0.1:${barePort}/bare`);
  const servers: WebhookServer[] = [];
  const loadBefore = loadAverage();
  try {
    const sides: Side[] = [];
    for (const [name, tree] of [
      ["this", thisTree],
      ["baseline", baselineTree],
    ] as const) {
      const server = await startWebhookServer({ tree });
      servers.push(server);
      const webhookUrl = await connectZoom(server.baseUrl);
      sides.push({ name, tree, server, webhookUrl, next: deliveries(`${name}${Date.now()}`), fixed: new Map(), full: [] });
    }
    const [mine, theirs] = sides as [Side, Side];
    // Warm-up, in turns too: JIT, prepared statements, and V8 optimizing PGlite's WebAssembly.
    for (const side of [mine, theirs, theirs, mine]) {
      const path = new URL(side.webhookUrl).pathname;
      await pacedLoad(side.webhookUrl, () => ({ ...side.next(), path }), RATE, WARMUP_SECONDS / 2);
    }
    const bareRps: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [mine, theirs, theirs, mine] : [theirs, mine, mine, theirs];
      for (const side of order) await turn(side);
      bareRps.push(
        summary(await autocannon({ url: `http://127.0.0.1:${barePort}/bare`, connections: 10, duration: FULL_SECONDS })).rps,
      );
    }
    const bareMedian = median(bareRps);
    const ours = report(mine, bareMedian);
    const base = report(theirs, bareMedian);
    const windows = [mine, theirs].flatMap((side) => [...[...side.fixed.values()].flat(), ...side.full]);
    const non2xx = windows.reduce((n, w) => n + w.non2xx, 0);
    console.log(
      JSON.stringify(
        {
          machine: machine(),
          database: mine.server.database,
          turns: { rounds: ROUNDS, windowSeconds: WINDOW_SECONDS, fullLoadSeconds: FULL_SECONDS, warmupSeconds: WARMUP_SECONDS },
          this: ours,
          baseline: base,
          bareRps: bareMedian,
          // This tree's CPU per delivery ÷ the baseline's: 0.5 is "halved".
          ratio: {
            fixedRateCpu: round3(ours.fixedRate.cpuMsPerDelivery / base.fixedRate.cpuMsPerDelivery),
            fullLoadCpu: round3(ours.fullLoad.cpuMsPerDelivery / base.fullLoad.cpuMsPerDelivery),
            fullLoadThroughput: round3(ours.fullLoad.rps / base.fullLoad.rps),
            fixedRateMainThreadCpu: round3(ours.fixedRate.mainThreadCpuMsPerDelivery / base.fixedRate.mainThreadCpuMsPerDelivery),
            fullLoadMainThreadCpu: round3(ours.fullLoad.mainThreadCpuMsPerDelivery / base.fullLoad.mainThreadCpuMsPerDelivery),
          },
          // Every fixed rate (BENCH_RATES) and full load: each side's CPU per delivery and busy share, and the ratio.
          byRate: byRate(mine, theirs),
          webhookNon2xx: non2xx,
          loadavgBefore: loadBefore,
          loadavg: loadAverage(),
        },
        null,
        2,
      ),
    );
    if (non2xx) throw new Error(`the webhooks answered ${non2xx} non-2xx responses or errors`);
  } finally {
    await stopProcess(bare.child);
    for (const server of servers) await stopProcess(server.child);
  }
}

await main();
