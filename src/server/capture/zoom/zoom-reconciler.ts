import type { IntegrationRow } from "../../integrations/integration-store.js";
import type { SecretBox } from "../../http/secrets.js";
import type { CaptureEvent } from "../capture-event.js";
import type { ReconcileBatch, ReconcileContext, Reconciler } from "../reconcile/reconciler.js";
import { participantOf } from "./zoom-events.js";
import { readZoomSecret, zoomConfigOf } from "./zoom-integration.js";
import { meetingParticipants, pastMeetings, type ZoomPastMeeting, ZoomToken } from "./zoom-rest.js";

/**
 * Zoom's own record → the capture events the live webhooks would have made (docs/capture-pipeline.md): each past
 * meeting of the owner's Zoom user (the report of meetings, by day) becomes one "ended" event keyed
 * by the meeting UUID, like meeting.ended, at its end_time with its start_time, carrying its
 * participants exactly as meeting.participant_joined would (zoom-events.ts participantOf: the host
 * and the owner are self). A meeting's participants are read once, even when its call was captured
 * and ended live: Zoom sends one meeting.participant_joined per person, and a lost one leaves the call
 * without its client (unpriced for them); the report restores them. Meetings this reconciliation
 * already made its event for are not fetched again.
 */
const eventIdOf = (uuid: string) => `reconcile:meeting:${uuid}`;
function instantOf(value: string | null | undefined): Date | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms);
}

export const zoomReconciler: Reconciler = {
  missing(row: IntegrationRow, box: SecretBox) {
    const secret = readZoomSecret(box, row);
    if (!secret?.clientId || !secret.clientSecret)
      return "Enter your Zoom app's Client ID and Client Secret (a Server-to-Server OAuth app) to read Zoom's record.";
    if (!zoomConfigOf(row).accountId)
      return "Enter your Zoom Account ID (the Server-to-Server OAuth app's App Credentials page) to read Zoom's record.";
    return null;
  },

  async *read(context: ReconcileContext): AsyncGenerator<ReconcileBatch> {
    const { row, config, window } = context;
    const secret = readZoomSecret(context.box, row)!;
    const accountId = zoomConfigOf(row).accountId!;
    const token = new ZoomToken(config, { accountId, clientId: secret.clientId!, clientSecret: secret.clientSecret! });
    await token.get(); // credentials Zoom refuses fail the run before anything is read
    const userId = zoomConfigOf(row).zoomUser ?? context.ownerEmail ?? "me";
    for await (const page of pastMeetings(config, token, { userId, from: window.start, to: window.end })) {
      const inWindow = page.filter((meeting) => {
        const end = instantOf(meeting.end_time);
        return meeting.uuid && end !== null && end >= window.start && end <= window.end;
      });
      const done = await context.recordedEvents(
        "zoom",
        inWindow.map((meeting) => eventIdOf(meeting.uuid)),
      );
      const events: CaptureEvent[] = [];
      for (const meeting of inWindow) {
        if (done.has(eventIdOf(meeting.uuid))) continue;
        const joined = await meetingParticipants(config, token, meeting.uuid);
        events.push(meetingEvent(context, meeting, joined));
      }
      yield { records: page.length, events };
    }
  },
};

function meetingEvent(
  context: ReconcileContext,
  meeting: ZoomPastMeeting,
  joined: Awaited<ReturnType<typeof meetingParticipants>>,
): CaptureEvent {
  const end = instantOf(meeting.end_time)!;
  const start = instantOf(meeting.start_time);
  return {
    accountId: context.row.accountId,
    userId: context.row.userId,
    source: "zoom",
    eventId: eventIdOf(meeting.uuid),
    externalCallId: meeting.uuid,
    kind: "ended",
    at: end,
    startedAt: start && start <= end ? start : null,
    platform: "zoom",
    topic: meeting.topic?.trim().slice(0, 500) || null,
    participants: joined.map((person) =>
      participantOf(
        {
          id: person.id ?? null,
          user_id: person.user_id ?? null,
          user_name: person.name ?? null,
          email: person.user_email ?? null,
        },
        meeting.host_id,
        context.ownerEmail,
      ),
    ),
  };
}
