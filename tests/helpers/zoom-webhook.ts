import { zoomSignature } from "../../src/server/capture/zoom/zoom-signature.js";

/**
 * What Zoom would post: the raw JSON body and its signed headers (protocols.md "Zoom webhooks").
 * `timestamp` in seconds; `secretToken` null sends it unsigned.
 */
export function zoomDelivery(
  body: unknown,
  options: { secretToken: string | null; timestamp: number; signature?: string },
): { rawBody: string; headers: Record<string, string> } {
  const rawBody = typeof body === "string" ? body : JSON.stringify(body);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.secretToken !== null || options.signature) {
    headers["x-zm-request-timestamp"] = String(options.timestamp);
    headers["x-zm-signature"] = options.signature ?? zoomSignature(options.secretToken ?? "", String(options.timestamp), rawBody);
  }
  return { rawBody, headers };
}

export type ZoomMeeting = { uuid: string; id?: number; topic?: string; hostId?: string };

/** A meeting event body as Zoom sends it. */
export function zoomEvent(
  event: "meeting.started" | "meeting.ended" | "meeting.participant_joined" | string,
  meeting: ZoomMeeting,
  fields: { eventTs: number; startTime?: string; endTime?: string; participant?: Record<string, unknown> },
) {
  return {
    event,
    event_ts: fields.eventTs,
    payload: {
      account_id: "zoomAccount1",
      object: {
        id: meeting.id ?? 85746065432,
        uuid: meeting.uuid,
        host_id: meeting.hostId ?? "hostZoomId",
        topic: meeting.topic ?? "Client call",
        type: 2,
        start_time: fields.startTime,
        duration: 60,
        timezone: "UTC",
        ...(fields.endTime ? { end_time: fields.endTime } : {}),
        ...(fields.participant ? { participant: fields.participant } : {}),
      },
    },
  };
}
