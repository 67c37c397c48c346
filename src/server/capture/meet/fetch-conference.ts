import type { meet_v2 } from "@googleapis/meet";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import type { JobContext } from "../../jobs/job-types.js";
import { secretBoxFor } from "../../http/secrets.js";
import { recordCaptureEvent } from "../record-capture-event.js";
import { googleFailure, meetApi } from "./google-clients.js";
import { conferenceEvents, conferenceFilter, participantsOf } from "./meet-events.js";
import { findMeetIntegration, ROW_STATUS, updateMeetRow } from "./meet-integration.js";
import { withMeetAccess } from "./meet-tokens.js";
import type { FetchConferenceJob } from "./sync-calendar.js";

/** Meet publishes a record shortly after the call; until this long after the scheduled end, "not found yet" is retried. */
const GIVE_UP_AFTER_END_MS = 3 * 60 * 60 * 1000;
/** A conference still in progress is looked at again after this long. */
const STILL_RUNNING_RETRY_MS = 5 * 60 * 1000;

/**
 * `meet.fetch-conference`: the meeting's conference records (Meet REST v2 conferenceRecords.list by
 * meeting code and time window), each record's participants, then capture events through the one
 * pipeline (recordCaptureEvent: dedup, state machine, matching by the attendees' emails, pricing,
 * live update). A record still open is recorded as started and fetched again later.
 */
export async function fetchMeetConference(data: FetchConferenceJob, context: JobContext): Promise<void> {
  const { db, config } = context;
  const now = context.now();
  const box = secretBoxFor(config);
  const row = await findMeetIntegration(db, data);
  if (!row?.enabled || row.status !== ROW_STATUS.connected) return;
  await withMeetAccess(db, box, config, { accountId: data.accountId, userId: row.userId, now }, (accessToken, current) =>
    fetchWith(meetApi(config, accessToken), current, data, context, now),
  );
}

async function fetchWith(
  api: meet_v2.Meet,
  current: IntegrationRow,
  data: FetchConferenceJob,
  context: JobContext,
  now: Date,
): Promise<void> {
  const { db, config } = context;
  const box = secretBoxFor(config);

  let records: meet_v2.Schema$ConferenceRecord[];
  try {
    records =
      (await api.conferenceRecords.list({ filter: conferenceFilter(data.meeting), pageSize: 10 })).data.conferenceRecords ?? [];
  } catch (error) {
    if (googleFailure(error).status === 401) throw error;
    const message = `Google Meet did not list conference records: ${googleFailure(error).message}`;
    await updateMeetRow(db, box, current, { lastError: message }, now);
    throw new Error(message);
  }
  if (records.length === 0) {
    // Nobody joined, or Meet has not published the record yet.
    if (now.getTime() < new Date(data.meeting.end).getTime() + GIVE_UP_AFTER_END_MS)
      throw new Error(`No Meet conference record yet for ${data.meeting.meetingCode}`);
    return;
  }

  for (const record of records) {
    if (!record.name) continue;
    const joined: meet_v2.Schema$Participant[] = [];
    let pageToken: string | undefined;
    do {
      let page: meet_v2.Schema$ListParticipantsResponse;
      try {
        page = (await api.conferenceRecords.participants.list({ parent: record.name, pageSize: 100, pageToken })).data;
      } catch (error) {
        if (googleFailure(error).status === 401) throw error;
        throw new Error(`Google Meet did not list participants: ${googleFailure(error).message}`);
      }
      joined.push(...(page.participants ?? []));
      pageToken = page.nextPageToken ?? undefined;
    } while (pageToken);

    const participants = participantsOf(data.meeting.attendees, joined);
    const owner = { accountId: data.accountId, userId: current.userId };
    for (const event of conferenceEvents(owner, data.meeting, record, participants)) await recordCaptureEvent(db, event, now);
    if (!record.endTime)
      await context.send("meet.fetch-conference", data, { startAfter: new Date(now.getTime() + STILL_RUNNING_RETRY_MS) });
  }
}
