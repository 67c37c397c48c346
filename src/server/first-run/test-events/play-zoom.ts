import { AppError } from "../../../core/errors.js";
import type { CaptureEvent } from "../../capture/capture-event.js";
import { parseZoomDelivery } from "../../capture/zoom/zoom-events.js";
import { ZOOM_KIND, ZOOM_PROVIDER, readZoomSecret } from "../../capture/zoom/zoom-integration.js";
import { verifyZoomSignature, zoomSignature } from "../../capture/zoom/zoom-signature.js";
import { findWebhookTarget } from "../../capture/webhook-target.js";
import type { Db } from "../../db/client.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import type { SecretBox } from "../../http/secrets.js";
import { findTestGuest, TEST_TOPIC, testMeetingTimes } from "./test-meeting.js";

/**
 * A test Zoom meeting as Zoom would post it: meeting.participant_joined
 * with the client, then meeting.ended, each signed with the row's own Secret Token and checked by the
 * same signature check and parser as a real delivery. Only the row's "last event" is not touched:
 * an event Minutely made up proves nothing about Zoom (docs/decisions.md D12).
 */
export async function playZoom(db: Db, box: SecretBox, row: IntegrationRow, now: Date): Promise<CaptureEvent[]> {
  const secretToken = readZoomSecret(box, row)?.secretToken;
  if (!secretToken) throw new AppError("conflict", "Zoom's Secret Token cannot be read: set up Zoom again in Settings");
  const target = await findWebhookTarget(db, ZOOM_KIND, ZOOM_PROVIDER, { id: row.id });
  const guest = await findTestGuest(db, row.accountId, "email");
  const { start, end, id } = testMeetingTimes(now);
  const meeting = { uuid: `${id}==`, id: 0, host_id: "minutely-test-host", topic: TEST_TOPIC, start_time: start.toISOString() };
  const bodies = [
    {
      event: "meeting.participant_joined",
      event_ts: start.getTime(),
      payload: {
        account_id: "minutely-test",
        object: {
          ...meeting,
          participant: { user_id: "minutely-test-guest", user_name: guest.name, email: guest.email, join_time: start.toISOString() },
        },
      },
    },
    { event: "meeting.ended", event_ts: end.getTime(), payload: { account_id: "minutely-test", object: { ...meeting, end_time: end.toISOString() } } },
  ];
  const owner = { accountId: row.accountId, userId: row.userId, ownerEmail: target?.ownerEmail ?? null };
  const events: CaptureEvent[] = [];
  for (const body of bodies) {
    const rawBody = JSON.stringify(body);
    const timestamp = String(Math.floor(now.getTime() / 1000));
    const signature = zoomSignature(secretToken, timestamp, rawBody);
    const verdict = verifyZoomSignature({ secretToken, signature, timestamp, rawBody, now });
    if (!verdict.ok) throw new AppError("internal_error", verdict.message);
    const delivery = parseZoomDelivery(rawBody, owner, now);
    if (delivery.kind === "events") events.push(...delivery.events);
  }
  return events;
}
