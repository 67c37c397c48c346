import { once } from "node:events";
import { readlinkSync } from "node:fs";
import { constants, setPriority } from "node:os";
import { parentPort, threadId, workerData } from "node:worker_threads";
import type { FeedReadJob, FeedReadMessage } from "./read-feed-in-worker.js";
import { NotACalendarError, parseCalendar, READ_LIMITS, readOccurrences } from "./read-occurrences.js";

/**
 * The worker thread that reads a calendar feed (issue 23 §1): node-ical's parse and the bounded
 * expansion run here, so a hostile feed costs this thread its budget and the server's own thread
 * nothing. Started by read-feed-in-worker.ts; bundled into dist/server/calendar-feed-worker.js by
 * scripts/build-server.mjs.
 */
/**
 * The lowest CPU priority for this thread (Linux: a thread has its own nice value, set through its
 * thread id): on a busy machine the thread that answers requests comes first. Elsewhere, as it is.
 */
function lowerPriority(): void {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, constants.priority.PRIORITY_LOW);
  } catch {
    // not Linux, or not allowed: the read runs at the process's priority
  }
}

lowerPriority();
const job = workerData as FeedReadJob;
const port = parentPort!;
const send = (message: FeedReadMessage) => port.postMessage(message);

send({ type: "started", threadId });
if (job.waitForGo) await once(port, "message");
try {
  const components = parseCalendar(job.body);
  const read = readOccurrences(components, job.window, { ...READ_LIMITS, deadline: READ_LIMITS.clock() + job.softBudgetMs });
  // A meeting without attendees can never be with a client: it stays here, so the server's thread
  // neither receives nor matches a flood of them (only its count goes back).
  send({ type: "done", read: { ...read, ended: read.ended.filter((occurrence) => occurrence.attendees.length > 0) } });
} catch (error) {
  if (error instanceof NotACalendarError) send({ type: "not-calendar", message: error.message });
  else send({ type: "failed", message: (error as Error).message });
}
port.close();
