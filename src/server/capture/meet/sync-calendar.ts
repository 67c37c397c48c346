import type { calendar_v3 } from "@googleapis/calendar";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import type { JobContext } from "../../jobs/job-types.js";
import { secretBoxFor } from "../../http/secrets.js";
import { calendarApi, googleFailure } from "./google-clients.js";
import { type MeetingToFetch, meetingFromEvent } from "./meet-events.js";
import { findMeetIntegration, type MeetOwner, meetConfig, ROW_STATUS, updateMeetRow } from "./meet-integration.js";
import { withMeetAccess } from "./meet-tokens.js";

/** Wait this long after a meeting's scheduled end before asking Meet for its record. */
export const FETCH_AFTER_END_MS = 5 * 60 * 1000;
/** Meetings further ahead are picked up by a later sync (any change to them pushes a notification). */
const HORIZON_MS = 14 * 24 * 60 * 60 * 1000;
/** The first (full) sync looks back this far for meetings that just ended. */
const FIRST_SYNC_LOOKBACK_MS = 24 * 60 * 60 * 1000;

/** `userId`: whose Meet row (absent in a job queued before members had their own connections). */
export type FetchConferenceJob = { accountId: number; userId?: number | null; meeting: MeetingToFetch };

/** The addresses that are the user's own: the Google account and the Minutely sign-in. */
export async function ownAddresses(
  db: Db,
  row: { userId: number | null },
  googleAccount: string | null | undefined,
): Promise<string[]> {
  const addresses = googleAccount ? [googleAccount] : [];
  if (row.userId !== null) {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).limit(1);
    if (user?.email) addresses.push(user.email.toLowerCase());
  }
  return addresses;
}

/**
 * `meet.sync-calendar` (after a push, or the first time): events.list with the stored sync token,
 * so only what changed comes back (a 410 means the token expired: a full sync from a day ago).
 * Every event with a Meet link becomes a `meet.fetch-conference` job: now when it has ended, else
 * a few minutes after its scheduled end. A moved event simply gets another job; fetching is
 * idempotent.
 */
export async function syncMeetCalendar(data: MeetOwner, context: JobContext): Promise<void> {
  const { db, config } = context;
  const now = context.now();
  const box = secretBoxFor(config);
  const row = await findMeetIntegration(db, data);
  if (!row?.enabled || row.status !== ROW_STATUS.connected) return;
  await withMeetAccess(db, box, config, { accountId: data.accountId, userId: row.userId, now }, async (accessToken, current) => {
    const api = calendarApi(config, accessToken);
    await syncWith(api, current, data.accountId, context, now);
  });
}

async function syncWith(
  api: calendar_v3.Calendar,
  current: IntegrationRow,
  accountId: number,
  context: JobContext,
  now: Date,
): Promise<void> {
  const { db, config } = context;
  const box = secretBoxFor(config);

  let syncToken = meetConfig(current).syncToken ?? null;
  let events: calendar_v3.Schema$Event[] = [];
  let pageToken: string | undefined;
  let nextSyncToken: string | null = null;
  for (;;) {
    let page: calendar_v3.Schema$Events;
    try {
      page = (
        await api.events.list({
          calendarId: "primary",
          singleEvents: true,
          maxResults: 250,
          pageToken,
          ...(syncToken ? { syncToken } : { timeMin: new Date(now.getTime() - FIRST_SYNC_LOOKBACK_MS).toISOString() }),
        })
      ).data;
    } catch (error) {
      const failure = googleFailure(error);
      if (failure.status === 401) throw error;
      if (failure.status === 410 && syncToken) {
        syncToken = null;
        events = [];
        pageToken = undefined;
        continue;
      }
      await updateMeetRow(db, box, current, { lastError: `Google Calendar sync failed: ${failure.message}` }, now);
      throw new Error(`Google Calendar sync failed: ${failure.message}`);
    }
    events = events.concat(page.items ?? []);
    if (page.nextPageToken) {
      pageToken = page.nextPageToken;
      continue;
    }
    nextSyncToken = page.nextSyncToken ?? null;
    break;
  }

  const own = await ownAddresses(db, current, meetConfig(current).googleAccount);
  for (const event of events) {
    const meeting = meetingFromEvent(event, own);
    if (!meeting) continue;
    const fetchAt = new Date(meeting.end).getTime() + FETCH_AFTER_END_MS;
    if (fetchAt - now.getTime() > HORIZON_MS) continue;
    const job: FetchConferenceJob = { accountId, userId: current.userId, meeting };
    await context.send("meet.fetch-conference", job, fetchAt > now.getTime() ? { startAfter: new Date(fetchAt) } : undefined);
  }
  await updateMeetRow(db, box, current, { config: { syncToken: nextSyncToken }, lastError: null }, now);
}
