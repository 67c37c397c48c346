import type { CaptureEvent } from "../../capture/capture-event.js";
import { conferenceEvents, participantsOf } from "../../capture/meet/meet-events.js";
import { MEET_KIND, MEET_PROVIDER } from "../../capture/meet/meet-integration.js";
import { callRecordEvents } from "../../capture/teams/call-record-events.js";
import { TEAMS_KIND, TEAMS_PROVIDER } from "../../capture/teams/teams-integration.js";
import { findWebhookTarget } from "../../capture/webhook-target.js";
import type { Db } from "../../db/client.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import { findTestGuest, TEST_TOPIC, testMeetingTimes } from "./test-meeting.js";

/**
 * Teams and Meet deliver no call in their notifications: the call comes from a Graph call record or
 * a Meet conference record fetched afterwards. A test plays such a record, in the providers'
 * documented JSON, through the same conversion the fetch jobs use (callRecordEvents,
 * conferenceEvents) into the pipeline; nothing is asked of Microsoft or Google.
 */
export async function playTeams(db: Db, row: IntegrationRow, now: Date): Promise<CaptureEvent[]> {
  const target = await findWebhookTarget(db, TEAMS_KIND, TEAMS_PROVIDER, { id: row.id });
  const guest = await findTestGuest(db, row.accountId, "email");
  const { start, end, id } = testMeetingTimes(now);
  const owner = { accountId: row.accountId, userId: row.userId, ownerEmail: target?.ownerEmail ?? null };
  const organizer = { user: { id: "minutely-test-organizer", displayName: "You", userPrincipalName: owner.ownerEmail } };
  const record = {
    id,
    version: 1,
    type: "groupCall",
    startDateTime: start.toISOString(),
    endDateTime: end.toISOString(),
    organizer_v2: { id: "minutely-test-organizer", identity: organizer },
  };
  const participants = [
    { id: "minutely-test-guest", identity: { user: { id: "minutely-test-guest", displayName: guest.name, userPrincipalName: guest.email } } },
  ];
  return callRecordEvents(owner, record, participants, now);
}

export async function playMeet(db: Db, row: IntegrationRow, now: Date): Promise<CaptureEvent[]> {
  const target = await findWebhookTarget(db, MEET_KIND, MEET_PROVIDER, { id: row.id });
  const guest = await findTestGuest(db, row.accountId, "email");
  const { start, end, id } = testMeetingTimes(now);
  const attendees = [
    ...(guest.email ? [{ email: guest.email, name: guest.name, self: false }] : []),
    ...(target?.ownerEmail ? [{ email: target.ownerEmail, name: null, self: true }] : []),
  ];
  const joined = guest.email ? [] : [{ anonymousUser: { displayName: guest.name } }];
  const record = { name: `conferenceRecords/${id}`, startTime: start.toISOString(), endTime: end.toISOString() };
  return conferenceEvents({ accountId: row.accountId, userId: row.userId }, { topic: TEST_TOPIC }, record, participantsOf(attendees, joined));
}
