import { readlinkSync } from "node:fs";
import { constants, setPriority } from "node:os";
import { parentPort, threadId } from "node:worker_threads";
import type { FeedReadJob, FeedReadMessage } from "./read-feed-in-worker.js";
import { NotACalendarError, parseCalendar, READ_LIMITS, readOccurrences } from "./read-occurrences.js";

/**
 * The worker thread that reads a calendar feed (docs/security.md): ical.js's parse and the bounded
 * expansion run here, so a hostile feed costs this thread its budget and the server's own thread
 * nothing. Started by read-feed-in-worker.ts; bundled into dist/server/calendar-feed-worker.js by
 * scripts/build-server.mjs.
 */
/**
 * A lower CPU priority for this thread (Linux: a thread has its own nice value, set through its thread
 * id): on a busy machine the thread that answers requests comes first. Below normal (nice 10), not the
 * lowest: at 19 a machine with a load of 25 starved a legitimate 5,000-event read toward its 30 s
 * budget (docs/performance.md). Elsewhere, as it is.
 */
function lowerPriority(): void {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // not Linux, or not allowed: the read runs at the process's priority
  }
}

lowerPriority();
const port = parentPort!;
const send = (message: FeedReadMessage) => port.postMessage(message);
let release: (() => void) | null = null;

// One read at a time (the server hands this worker the next only after the answer), as long as the
// worker lives: starting and joining a thread per poll cost the server's thread more than the read.
port.on("message", (message: FeedReadJob | "go") => {
  if (message === "go") {
    release?.();
    release = null;
  } else void read(message);
});

async function read(job: FeedReadJob): Promise<void> {
  send({ type: "started", threadId });
  if (job.waitForGo) await new Promise<void>((resolve) => (release = resolve));
  try {
    const feed = parseCalendar(job.body, { timeZone: job.timeZone });
    const read = readOccurrences(feed, job.window, { ...READ_LIMITS, deadline: READ_LIMITS.clock() + job.softBudgetMs });
    // A meeting without attendees can never be with a client: it stays here, so the server's thread
    // neither receives nor matches a flood of them (only its count goes back).
    send({ type: "done", read: { ...read, ended: read.ended.filter((occurrence) => occurrence.attendees.length > 0) } });
  } catch (error) {
    if (error instanceof NotACalendarError) send({ type: "not-calendar", message: error.message });
    else send({ type: "failed", message: (error as Error).message });
  }
}
