import { and, eq, sql } from "drizzle-orm";
import { CAPTURE_SOURCE_LABELS, type CaptureSourceId } from "../../core/capture/source-status.js";
import { CALENDAR_FEED_OFF } from "../../core/contracts/calendar-feed.js";
import { NO_SOURCE_CONNECTED, type TestEventResultJson } from "../../core/contracts/capture-health.js";
import { AppError } from "../../core/errors.js";
import { requireMayTrack } from "../../core/subscription-standing.js";
import type { AccountRow } from "../auth/sessions.js";
import { findFeed } from "../capture/calendar/feed-integration.js";
import { findMeetIntegration } from "../capture/meet/meet-integration.js";
import { findLandline } from "../capture/phone/landline-settings.js";
import { recordCaptureEvent } from "../capture/record-capture-event.js";
import { findTeamsIntegration } from "../capture/teams/teams-integration.js";
import { findZoomIntegration } from "../capture/zoom/zoom-integration.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { calls } from "../db/schema/index.js";
import type { ConnectionOwner, IntegrationRow } from "../integrations/integration-store.js";
import { notifyCallChange } from "../live/notify-call-change.js";
import { secretBoxFor } from "../http/secrets.js";
import { playPhone } from "./test-events/play-phone.js";
import { playMeet, playTeams } from "./test-events/play-video.js";
import { playZoom } from "./test-events/play-zoom.js";
import { readCalendarNow } from "./test-events/read-calendar.js";
import { TEST_EVENT_SOURCES } from "./test-events/test-event-sources.js";
import { markTestCallSeen } from "./setup-guide.js";

/** The caller's own source of each kind (a member tests their own connections). */
const FIND_ROW: Record<string, (db: Db, owner: ConnectionOwner) => Promise<IntegrationRow | null>> = {
  calendar: findFeed,
  zoom: findZoomIntegration,
  teams: findTeamsIntegration,
  meet: findMeetIntegration,
  phone: findLandline,
};

/** The row to test: the one asked for, or the quickest connected source (calendar first). */
async function chooseSource(
  db: Db,
  owner: ConnectionOwner,
  asked: CaptureSourceId | undefined,
): Promise<{ source: CaptureSourceId; row: IntegrationRow }> {
  if (asked && !TEST_EVENT_SOURCES.includes(asked))
    throw new AppError("bad_request", "A mobile has no test event of its own: text CALL_START to your number, or test the phone line");
  for (const source of asked ? [asked] : TEST_EVENT_SOURCES) {
    const row = await FIND_ROW[source]!(db, owner);
    if (row?.enabled) return { source, row };
    if (row && asked)
      throw new AppError(
        "conflict",
        source === "calendar" ? CALENDAR_FEED_OFF : `${CAPTURE_SOURCE_LABELS[source]} is turned off: turn it on in Settings first`,
      );
  }
  throw new AppError("conflict", asked ? `Connect ${CAPTURE_SOURCE_LABELS[asked]} first, then send a test event` : NO_SOURCE_CONNECTED);
}

/**
 * "Send a test event" (docs/first-run.md): one event for a connected source, made,
 * signed and verified the way its provider's would be, then recorded by the real pipeline
 * (recordCaptureEvent: matching, pricing, the live update), so the priced call appears on the open
 * dashboard. The call is marked as a test (shown so, removable in one click, never invoiced). A
 * calendar is read instead, and the meetings it found are answered.
 */
export async function sendTestEvent(
  db: Db,
  config: Config,
  options: { account: AccountRow; userId: number; source?: CaptureSourceId; origin: string; now: Date },
): Promise<TestEventResultJson> {
  const { account, now } = options;
  const box = secretBoxFor(config);
  const { source, row } = await chooseSource(db, { accountId: account.id, userId: options.userId }, options.source);
  if (source === "calendar") return readCalendarNow(db, box, config, row, now);
  requireMayTrack(account, now);

  const events =
    source === "zoom"
      ? await playZoom(db, box, row, now)
      : source === "teams"
        ? await playTeams(db, row, now)
        : source === "meet"
          ? await playMeet(db, row, now)
          : await playPhone(db, box, row, { origin: options.origin, now });
  let callId: number | null = null;
  for (const event of events) callId = (await recordCaptureEvent(db, event, now)).callId ?? callId;
  if (callId === null)
    return {
      source,
      kind: "call",
      message: "The test event arrived, but the call was left out: it is shorter than your minimum capture length (Settings → Billing).",
      callId: null,
      meetings: [],
    };
  await markTestCall(db, account.id, callId);
  await markTestCallSeen(db, { accountId: account.id, now });
  return { source, kind: "call", message: "Test event received: the call is on your dashboard, marked as a test.", callId, meetings: [] };
}

/** Marks the pipeline's call as a test, and tells the open dashboards again so they show the mark. */
async function markTestCall(db: Db, accountId: number, callId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(calls)
      .set({ isTest: true, updatedAt: sql`now()` })
      .where(and(eq(calls.accountId, accountId), eq(calls.id, callId)));
    await notifyCallChange(tx, { accountId, callId, kind: "updated" });
  });
}
