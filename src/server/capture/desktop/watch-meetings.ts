import { MEETING_PLATFORMS, type MeetingPlatform } from "../../../core/contracts/platform-detection.js";
import { PLATFORM_RULES, platformsInMeeting } from "../../../core/capture/desktop/rules.js";
import type { CaptureEvent } from "../capture-event.js";
import { recordCaptureEvent } from "../record-capture-event.js";
import type { Db } from "../../db/client.js";
import { type IntegrationRow, markIntegrationEvent } from "../../integrations/integration-store.js";
import { EMPTY_PAYLOAD, type JobContext, type JobDefinition } from "../../jobs/job-types.js";
import {
  type DesktopTrackingConfig,
  desktopEvent,
  readTrackingConfig,
  storeObservation,
  trackingRows,
} from "./desktop-tracking.js";
import { permittedTrackingRows } from "./access.js";
import { NEW_LOOK, type Observation, observeComputer, thisComputer } from "./observe-computer.js";

/** The job's queue name (jobs/registry.ts) and how often it looks while someone tracks. */
export const WATCH_MEETINGS_JOB = "desktop.watch-meetings";
export const WATCH_EVERY_SECONDS = 10;

/**
 * Which platforms this look can judge: all of them when window titles were read; otherwise only those
 * with an in-meeting process (Zoom's CptHost, Webex's atmgr). A platform this look cannot see keeps
 * its previous state: a Meet call must not "end" because titles became unreadable.
 */
function judgeable(observation: Observation): Set<MeetingPlatform> {
  if (!observation.processesInspected) return new Set();
  if (observation.windowTitles !== null) return new Set(MEETING_PLATFORMS);
  return new Set(MEETING_PLATFORMS.filter((platform) => PLATFORM_RULES[platform].inMeetingProcesses.length > 0));
}

/** The next observation of one account and the capture events between the two. */
export function compareObservations(
  previous: DesktopTrackingConfig,
  inCall: ReadonlySet<MeetingPlatform>,
  seeable: ReadonlySet<MeetingPlatform>,
  row: Pick<IntegrationRow, "accountId" | "userId">,
  at: Date,
): { next: DesktopTrackingConfig; events: CaptureEvent[] } {
  const atIso = at.toISOString();
  const next: DesktopTrackingConfig = { ...previous, inMeeting: {}, lastCheckedAt: atIso };
  const events: CaptureEvent[] = [];
  const hostname = previous.hostname;
  for (const platform of MEETING_PLATFORMS) {
    const startedAt = previous.inMeeting[platform];
    const now = seeable.has(platform) ? inCall.has(platform) : startedAt !== undefined;
    if (now && startedAt) next.inMeeting[platform] = startedAt;
    else if (now) {
      next.inMeeting[platform] = atIso;
      events.push(desktopEvent(row, { hostname, platform, startedAt: atIso, kind: "started", at }));
    } else if (startedAt) events.push(desktopEvent(row, { hostname, platform, startedAt, kind: "ended", at }));
  }
  return { next, events };
}

/**
 * One look (docs/desktop-capture.md): for every account tracking meetings on this computer, compares the
 * in-meeting signals with the previous look kept in its row and records a call's start and end
 * through the capture pipeline. The observation is stored first, only if no switch-off or other look
 * changed the row meanwhile, so an event is recorded once; a lost start is harmless (an "ended" with
 * its start makes the whole call). Rows of another computer (another instance's host) are left to it.
 * Answers whether anyone here is still tracking (the job then looks again in 10 s).
 */
export async function watchMeetings(
  context: Pick<JobContext, "db" | "now" | "log" | "config">,
): Promise<{ tracking: number; recorded: number }> {
  const { db, log } = context;
  const hostname = thisComputer().hostname;
  const here = (await trackingRows(db)).filter((row) => readTrackingConfig(row, hostname).hostname === hostname);
  // Only rows PLATFORM_DETECTION still allows (access.ts): a revoked administrator's row records nothing.
  const rows = await permittedTrackingRows(db, context.config, here);
  if (rows.length === 0) return { tracking: 0, recorded: 0 };
  const at = context.now();
  // A fresh look (not the status poll's cached one): a call's start is timed to within one interval.
  const observation = await observeComputer(at, NEW_LOOK);
  const inCall = new Set(platformsInMeeting(observation));
  const seeable = judgeable(observation);
  let recorded = 0;
  for (const row of rows) recorded += await watchAccount(db, row, { inCall, seeable, at, hostname, log });
  return { tracking: rows.length, recorded };
}

async function watchAccount(
  db: Db,
  row: IntegrationRow,
  look: { inCall: Set<MeetingPlatform>; seeable: Set<MeetingPlatform>; at: Date; hostname: string; log: JobContext["log"] },
): Promise<number> {
  const previous = readTrackingConfig(row, look.hostname);
  const { next, events } = compareObservations(previous, look.inCall, look.seeable, row, look.at);
  if (!(await storeObservation(db, row, next, look.at))) return 0;
  for (const event of events) await recordCaptureEvent(db, event, look.at);
  if (events.length > 0) {
    await markIntegrationEvent(db, row.id, look.at);
    look.log.info(
      { accountId: row.accountId, events: events.map((e) => e.eventId) },
      "desktop meetings: recorded %d events",
      events.length,
    );
  }
  return events.length;
}

/** Ends every call the row holds open (tracking switched off): the same "ended" events a look would record. */
export async function endOpenDesktopCalls(
  db: Db,
  row: Pick<IntegrationRow, "accountId" | "userId">,
  previous: DesktopTrackingConfig,
  at: Date,
): Promise<void> {
  const { events } = compareObservations(previous, new Set(), new Set(MEETING_PLATFORMS), row, at);
  for (const event of events) await recordCaptureEvent(db, event, at);
}

/**
 * "Track meetings on this computer": one look, then again in 10 s while anyone here tracks; stately,
 * so looks never pile up or overlap; the cron re-seeds the chain every minute (after a restart, or a
 * lost re-queue).
 */
export const watchMeetingsJob: JobDefinition<Record<string, never>> = {
  rules: { policy: "stately", retryLimit: 1, retryDelaySeconds: 5, retryBackoff: false, expireInSeconds: 60 },
  payload: EMPTY_PAYLOAD,
  schedule: { cron: "* * * * *", data: {} },
  run: async (_data, context) => {
    const { tracking } = await watchMeetings(context);
    if (tracking > 0) await context.send(WATCH_MEETINGS_JOB, {}, { startAfter: WATCH_EVERY_SECONDS });
  },
};
