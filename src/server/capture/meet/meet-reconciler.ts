import type { calendar_v3 } from "@googleapis/calendar";
import type { meet_v2 } from "@googleapis/meet";
import { MEET_RECONNECT_MESSAGE } from "../../../core/contracts/meet.js";
import { AppError } from "../../../core/errors.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import type { SecretBox } from "../../http/secrets.js";
import type { CaptureEvent } from "../capture-event.js";
import { type ReconcileBatch, type ReconcileContext, ReconcileFailure, type Reconciler } from "../reconcile/reconciler.js";
import { calendarApi, googleFailure, meetApi } from "./google-clients.js";
import {
  CONFERENCE_MARGIN_MS,
  conferenceEvents,
  type MeetingToFetch,
  meetingFromEvent,
  meetingOfConference,
  participantsOf,
} from "./meet-events.js";
import { meetConfig, ROW_STATUS, readMeetSecret } from "./meet-integration.js";
import { MeetReconnectNeeded, withMeetAccess } from "./meet-tokens.js";
import { ownAddresses } from "./sync-calendar.js";

/**
 * Meet's own record → the capture events the live path would have made (docs/meet.md): the conferences
 * that ENDED in the window (conferenceRecords.list, filter on end_time, 100 a page), and for each one not
 * yet captured and ended: its space's meeting code (spaces.get, once per space), the calendar event it
 * belongs to (events.list around the page's conferences, matched by meet-events.ts meetingOfConference,
 * conferenceFilter's own rule) and its participants (participants.list, every page), through the same
 * participantsOf and conferenceEvents as `meet.fetch-conference`: same external id (the record's name)
 * and event ids (`{name}:started`, `{name}:ended`), so a conference whose push did arrive, or arrives
 * later, is a duplicate. A conference with no calendar event is skipped: the live path, which starts
 * from the calendar, never makes it a call, and without the event's guests it has no client.
 *
 * Every request goes through withMeetAccess: a 401 (the token expired or was revoked) refreshes it once,
 * under the row's lock (meet-tokens.ts), and asks again. Google's refusals fail the run in its words.
 */
const MAX_PAGES = 200;
const RECORDS_PER_PAGE = 100; // Google's maximum for conferenceRecords.list
const PARTICIPANTS_PER_PAGE = 250; // and for participants.list
const EVENTS_PER_PAGE = 250;

type Apis = { meet: meet_v2.Meet; calendar: calendar_v3.Calendar };

/** A failed request as one sentence: what was read, Google's status and words; other errors go on up. */
function failureOf(error: unknown, what: string): ReconcileFailure {
  if (error instanceof MeetReconnectNeeded) return new ReconcileFailure(MEET_RECONNECT_MESSAGE);
  if (error instanceof AppError) return new ReconcileFailure(error.message);
  // The SDK's errors (gaxios) carry the request's config; anything else is a bug and goes on up.
  if (!(error instanceof Error && "config" in error)) throw error;
  const failure = googleFailure(error);
  const sentence = failure.status
    ? `Google ${failure.status} refused the ${what}: ${failure.message}`
    : `Google did not answer (${what}): ${failure.message}`;
  return new ReconcileFailure(sentence.slice(0, 500));
}

export const meetReconciler: Reconciler = {
  missing(row: IntegrationRow, box: SecretBox) {
    if (row.status === ROW_STATUS.reconnect) return MEET_RECONNECT_MESSAGE;
    if (row.status !== ROW_STATUS.connected || !readMeetSecret(box, row)?.refreshToken)
      return "Connect your Google account (Connect Google account above) so Minutely can read Meet's conference records.";
    return null;
  },

  async *read(context: ReconcileContext): AsyncGenerator<ReconcileBatch> {
    const { db, box, config, row, window } = context;
    // Each request judges the token's freshness by the clock of that moment: a long run outlasts a token.
    const ask = async <T>(what: string, call: (apis: Apis) => Promise<{ data: T }>): Promise<T> => {
      try {
        return await withMeetAccess(db, box, config, { accountId: row.accountId, now: new Date() }, async (token) => {
          const answer = await call({ meet: meetApi(config, token), calendar: calendarApi(config, token) });
          return answer.data;
        });
      } catch (error) {
        throw failureOf(error, what);
      }
    };
    const own = await ownAddresses(db, row, meetConfig(row).googleAccount);
    const owner = { accountId: row.accountId, userId: row.userId };
    const codes = new Map<string, string | null>();
    const codeOf = async (space: string): Promise<string | null> => {
      if (!codes.has(space))
        codes.set(space, (await ask("Meet space", ({ meet }) => meet.spaces.get({ name: space }))).meetingCode ?? null);
      return codes.get(space) ?? null;
    };
    const filter = `end_time >= "${window.start.toISOString()}" AND end_time <= "${window.end.toISOString()}"`;

    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const listed = await ask("conference records list", ({ meet }) =>
        meet.conferenceRecords.list({ filter, pageSize: RECORDS_PER_PAGE, pageToken }),
      );
      const records = listed.conferenceRecords ?? [];
      const ended = records.filter((record) => record.name && record.startTime && record.endTime && record.space);
      const known = await context.endedCalls(
        "meet",
        ended.map((record) => record.name!),
      );
      const todo = ended.filter((record) => !known.has(record.name!));
      const events: CaptureEvent[] = [];
      if (todo.length > 0) {
        const meetings = await calendarMeetings(ask, own, todo);
        for (const record of todo) {
          const code = await codeOf(record.space!);
          const meeting = code ? meetingOfConference(meetings, { meetingCode: code, startTime: record.startTime! }) : null;
          if (!meeting) continue;
          const joined = await participants(ask, record.name!);
          events.push(...conferenceEvents(owner, meeting, record, participantsOf(meeting.attendees, joined)));
        }
      }
      yield { records: records.length, events };
      pageToken = listed.nextPageToken ?? undefined;
      if (!pageToken) return;
    }
  },
};

type Ask = <T>(what: string, call: (apis: Apis) => Promise<{ data: T }>) => Promise<T>;

/**
 * The calendar's meetings that these conferences can belong to: events ending after the earliest start
 * less the margin and starting before the latest start plus it (events.list's timeMin and timeMax),
 * recurring ones as their instances, read with meetingFromEvent like the sync job reads them.
 */
async function calendarMeetings(
  ask: Ask,
  own: readonly string[],
  records: readonly meet_v2.Schema$ConferenceRecord[],
): Promise<MeetingToFetch[]> {
  const starts = records.map((record) => new Date(record.startTime!).getTime());
  const timeMin = new Date(Math.min(...starts) - CONFERENCE_MARGIN_MS).toISOString();
  const timeMax = new Date(Math.max(...starts) + CONFERENCE_MARGIN_MS).toISOString();
  const meetings: MeetingToFetch[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const listed = await ask("calendar events list", ({ calendar }) =>
      calendar.events.list({
        calendarId: "primary",
        singleEvents: true,
        timeMin,
        timeMax,
        maxResults: EVENTS_PER_PAGE,
        pageToken,
      }),
    );
    for (const event of listed.items ?? []) {
      const meeting = meetingFromEvent(event, own);
      if (meeting) meetings.push(meeting);
    }
    pageToken = listed.nextPageToken ?? undefined;
    if (!pageToken) break;
  }
  return meetings;
}

/** Everyone who joined the conference, every page. */
async function participants(ask: Ask, record: string): Promise<meet_v2.Schema$Participant[]> {
  const joined: meet_v2.Schema$Participant[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const listed = await ask("participants list", ({ meet }) =>
      meet.conferenceRecords.participants.list({ parent: record, pageSize: PARTICIPANTS_PER_PAGE, pageToken }),
    );
    joined.push(...(listed.participants ?? []));
    pageToken = listed.nextPageToken ?? undefined;
    if (!pageToken) break;
  }
  return joined;
}
