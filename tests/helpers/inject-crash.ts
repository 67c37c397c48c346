import type { Db } from "../../src/server/db/client.js";
import { installJobRefusals } from "./job-refusals.js";

/**
 * Simulates a process dying between claiming a webhook event and queueing its job (issue 23 defect
 * 13), in the database itself so no code of ours is replaced (tests/helpers/job-refusals.ts): the next
 * `times` inserts of a `jobName` job into pg-boss's table fail, and while installed nothing may delete a
 * claim from webhook_events (a crashed process runs no clean-up). `remove()` lifts both.
 */
export async function injectCrashBeforeQueueing(
  db: Db,
  jobName: string,
  times: number,
): Promise<{ remove: () => Promise<void> }> {
  const refusals = await installJobRefusals(db);
  await refusals.refuse(jobName, { times, message: "injected crash between claim and queue", noCleanup: true });
  return { remove: refusals.allow };
}
