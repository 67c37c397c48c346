import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { READ_HARD_BUDGET_MS, READ_SOFT_BUDGET_MS, READ_TOO_SLOW } from "../../core/calendar/feed-bounds.js";
import type { FeedWindow } from "../../core/calendar/feed-window.js";
import { NotACalendarError, type ReadOccurrences } from "./read-occurrences.js";

/**
 * Reads a fetched feed in a worker thread (issue 23 §1; docs/calendar-feeds.md "Bounds"): one worker
 * per read, at most two at once (the machine's cores are the server's too), each stopped
 * (terminated) when it runs past the hard budget. The thread that answers requests only waits for a
 * message. Used by the poll and by the save's validating fetch.
 */
export type FeedReadJob = { body: string; window: FeedWindow; softBudgetMs: number; waitForGo: boolean };

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
/** The worker's heap: node-ical keeps a parsed 10 MB feed in a few hundred MB at most. */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 512 };

let running = 0;
const waiting: (() => void)[] = [];

export async function readFeedInWorker(
  body: string,
  window: FeedWindow,
  budget: { softMs: number; hardMs: number } = { softMs: READ_SOFT_BUDGET_MS, hardMs: READ_HARD_BUDGET_MS },
): Promise<ReadOccurrences> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await runWorker(
      { body, window, softBudgetMs: budget.softMs, waitForGo: Boolean(feedReadProbe.onStarted) },
      budget.hardMs,
    );
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

async function runWorker(job: FeedReadJob, hardMs: number): Promise<ReadOccurrences> {
  const worker = await startWorker(job);
  return new Promise<ReadOccurrences>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker.terminate();
      outcome();
    };
    const deadline = setTimeout(() => settle(() => reject(new FeedReadError(READ_TOO_SLOW))), hardMs);
    worker.on("message", (message: FeedReadMessage) => {
      if (message.type === "started") {
        const probe = feedReadProbe.onStarted;
        if (job.waitForGo) void Promise.resolve(probe?.({ threadId: message.threadId })).finally(() => worker.postMessage("go"));
      } else if (message.type === "done") settle(() => resolve(message.read));
      else if (message.type === "not-calendar") settle(() => reject(new NotACalendarError(message.message)));
      else settle(() => reject(new FeedReadError(`the calendar could not be read: ${message.message}`)));
    });
    worker.on("error", (error) => settle(() => reject(new FeedReadError(`the calendar could not be read: ${error.message}`))));
    worker.on("exit", () => settle(() => reject(new FeedReadError("the calendar could not be read: its reader stopped"))));
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
    const outfile = fileURLToPath(new URL(`../../../node_modules/.cache/minutely/calendar-feed-worker-${process.pid}.mjs`, here));
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

async function startWorker(job: FeedReadJob): Promise<Worker> {
  return new Worker(await workerEntry(), { workerData: job, resourceLimits: RESOURCE_LIMITS });
}
