import { once } from "node:events";
import { parentPort, threadId, workerData } from "node:worker_threads";
import type { FeedReadJob, FeedReadMessage } from "./read-feed-in-worker.js";
import { NotACalendarError, parseCalendar, READ_LIMITS, readOccurrences } from "./read-occurrences.js";

/**
 * The worker thread that reads a calendar feed (issue 23 §1): node-ical's parse and the bounded
 * expansion run here, so a hostile feed costs this thread its budget and the server's own thread
 * nothing. Started by read-feed-in-worker.ts; bundled into dist/server/calendar-feed-worker.js by
 * scripts/build-server.mjs.
 */
const job = workerData as FeedReadJob;
const port = parentPort!;
const send = (message: FeedReadMessage) => port.postMessage(message);

send({ type: "started", threadId });
if (job.waitForGo) await once(port, "message");
try {
  const components = parseCalendar(job.body);
  const read = readOccurrences(components, job.window, { ...READ_LIMITS, deadline: READ_LIMITS.clock() + job.softBudgetMs });
  send({ type: "done", read });
} catch (error) {
  if (error instanceof NotACalendarError) send({ type: "not-calendar", message: error.message });
  else send({ type: "failed", message: (error as Error).message });
}
port.close();
