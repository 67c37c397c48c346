import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { READ_HARD_BUDGET_MS, READ_SOFT_BUDGET_MS, READ_TOO_SLOW } from "../../../core/capture/calendar/feed-bounds.js";
import type { FeedWindow } from "../../../core/capture/calendar/feed-window.js";
import { NotACalendarError, type ReadOccurrences } from "./feed-occurrence.js";

/**
 * Reads a fetched feed in a worker thread (docs/calendar-capture.md "Bounds"): at most two
 * workers (the machine's cores are the server's too), each reading one feed at a time and kept for the
 * next read while polls come, a worker that runs past the hard budget (or fails) terminated. The thread that answers requests only waits for a
 * message. Used by the poll and by the save's validating fetch.
 */
export type FeedReadJob = {
  body: string;
  window: FeedWindow;
  /** The account's IANA zone: where floating times and undefined zones are read (ical/feed-zones.ts). */
  timeZone: string;
  softBudgetMs: number;
  waitForGo: boolean;
};

export type FeedReadMessage =
  | { type: "started"; threadId: number }
  | { type: "done"; read: ReadOccurrences }
  | { type: "not-calendar"; message: string }
  | { type: "failed"; message: string };

/** A read that did not give meetings: too slow (stopped), or the worker failed. The poll records the message. */
export class FeedReadError extends Error {}

/**
 * Where a test holds a read at its start (an event the test controls: the worker has started and
 * waits until `onStarted` resolves). Production leaves it empty and the worker does not wait.
 */
export const feedReadProbe: { onStarted?: (info: { threadId: number }) => Promise<void> | void } = {};

const MAX_PARALLEL = 2;
/** The worker's heap: a parsed 10 MB feed takes a few hundred MB at most. */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 512 };

/** An idle worker is kept this long for the next read (polls come every 5 minutes), then ended. */
const IDLE_MS = 6 * 60 * 1000;

type PooledWorker = { worker: Worker; idleTimer: NodeJS.Timeout | null };
const idle: PooledWorker[] = [];
let live = 0;
const waiting: (() => void)[] = [];

export async function readFeedInWorker(
  body: string,
  window: FeedWindow,
  timeZone: string,
  budget: { softMs: number; hardMs: number } = { softMs: READ_SOFT_BUDGET_MS, hardMs: READ_HARD_BUDGET_MS },
): Promise<ReadOccurrences> {
  const pooled = await acquire();
  const job: FeedReadJob = { body, window, timeZone, softBudgetMs: budget.softMs, waitForGo: Boolean(feedReadProbe.onStarted) };
  let reusable = false;
  try {
    const read = await runJob(pooled.worker, job, budget.hardMs);
    reusable = true;
    return read;
  } catch (error) {
    reusable = error instanceof NotACalendarError;
    throw error;
  } finally {
    if (reusable) giveBack(pooled);
    else discard(pooled);
  }
}

/** An idle worker, a new one while fewer than MAX_PARALLEL live, or the next one given back. */
async function acquire(): Promise<PooledWorker> {
  for (;;) {
    const ready = idle.pop();
    if (ready) {
      if (ready.idleTimer) clearTimeout(ready.idleTimer);
      ready.idleTimer = null;
      ready.worker.ref();
      return ready;
    }
    if (live < MAX_PARALLEL) {
      live += 1;
      try {
        const worker = await startWorker();
        const pooled: PooledWorker = { worker, idleTimer: null };
        // A worker that fails or dies while idle leaves the pool (a read's own listeners report it otherwise).
        worker.on("error", () => {});
        worker.on("exit", () => {
          const at = idle.indexOf(pooled);
          if (at >= 0) {
            idle.splice(at, 1);
            live -= 1;
            waiting.shift()?.();
          }
        });
        return pooled;
      } catch (error) {
        live -= 1;
        throw error;
      }
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
}

function giveBack(pooled: PooledWorker): void {
  pooled.worker.unref(); // an idle worker never keeps the process alive
  pooled.idleTimer = setTimeout(() => {
    const at = idle.indexOf(pooled);
    if (at >= 0) idle.splice(at, 1);
    live -= 1;
    void pooled.worker.terminate();
    waiting.shift()?.();
  }, IDLE_MS);
  pooled.idleTimer.unref();
  idle.push(pooled);
  waiting.shift()?.();
}

/** Stopped (past its budget, or failed): terminated, and its place freed. */
function discard(pooled: PooledWorker): void {
  live -= 1;
  void pooled.worker.terminate();
  waiting.shift()?.();
}

function runJob(worker: Worker, job: FeedReadJob, hardMs: number): Promise<ReadOccurrences> {
  return new Promise<ReadOccurrences>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      worker.off("message", received).off("error", failed).off("exit", exited);
      outcome();
    };
    const deadline = setTimeout(() => settle(() => reject(new FeedReadError(READ_TOO_SLOW))), hardMs);
    const exited = () => settle(() => reject(new FeedReadError("the calendar could not be read: its reader stopped")));
    const received = (message: FeedReadMessage) => {
      if (message.type === "started") {
        const probe = feedReadProbe.onStarted;
        if (job.waitForGo) void Promise.resolve(probe?.({ threadId: message.threadId })).finally(() => worker.postMessage("go"));
      } else if (message.type === "done") settle(() => resolve(message.read));
      else if (message.type === "not-calendar") settle(() => reject(new NotACalendarError(message.message)));
      else settle(() => reject(new FeedReadError(`the calendar could not be read: ${message.message}`)));
    };
    const failed = (error: Error) => settle(() => reject(new FeedReadError(`the calendar could not be read: ${error.message}`)));
    worker.on("message", received).on("error", failed).on("exit", exited);
    worker.postMessage(job);
  });
}

/**
 * The worker's entry file. Bundled, dist/server/calendar-feed-worker.js next to the server
 * (scripts/build-server.mjs). From source (tsx, vitest, the benches), read-feed-worker.ts is bundled
 * the same way with esbuild once per process into node_modules/.cache (where its packages resolve),
 * so the worker runs plain JavaScript as in production, without a TypeScript loader thread.
 */
let sourceBundle: Promise<URL> | null = null;

async function workerEntry(): Promise<URL> {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) return new URL("./calendar-feed-worker.js", here);
  sourceBundle ??= (async () => {
    const { build } = await import("esbuild");
    const outfile = fileURLToPath(new URL(`../../../../node_modules/.cache/minutely/calendar-feed-worker-${process.pid}.mjs`, here));
    await build({
      entryPoints: [fileURLToPath(new URL("./read-feed-worker.ts", here))],
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      logLevel: "warning",
    });
    return pathToFileURL(outfile);
  })();
  return sourceBundle;
}

async function startWorker(): Promise<Worker> {
  return new Worker(await workerEntry(), { resourceLimits: RESOURCE_LIMITS });
}
