import { describe, expect, it } from "vitest";
import { parseZoomDelivery, ZoomPayloadError } from "./zoom-events.js";

const owner = { accountId: 7, userId: 3, ownerEmail: "Me@Firm.test" };
const now = new Date("2026-03-03T12:00:00Z");
const meeting = {
  id: 85746065432,
  uuid: "4444AAAiAAAAAiAiAiiAii==",
  host_id: "h1",
  topic: "Contract review",
  type: 2,
  start_time: "2026-03-03T10:00:00Z",
  duration: 30,
  timezone: "UTC",
};
const body = (event: string, object: unknown, eventTs: number | null = 1772532000123) =>
  JSON.stringify({ event, ...(eventTs === null ? {} : { event_ts: eventTs }), payload: { account_id: "A1", object } });

describe("Zoom deliveries → capture events", () => {
  it("meeting.started opens at start_time, keyed by the meeting uuid", () => {
    const delivery = parseZoomDelivery(body("meeting.started", meeting), owner, now);
    expect(delivery).toEqual({
      kind: "events",
      zoomAccountId: "A1",
      events: [
        {
          accountId: 7,
          userId: 3,
          source: "zoom",
          eventId: "meeting.started:4444AAAiAAAAAiAiAiiAii==:1772532000123",
          externalCallId: "4444AAAiAAAAAiAiAiiAii==",
          kind: "started",
          at: new Date("2026-03-03T10:00:00Z"),
          platform: "zoom",
          topic: "Contract review",
          participants: [],
        },
      ],
    });
  });

  it("meeting.ended ends at end_time and carries the provider's start", () => {
    const delivery = parseZoomDelivery(body("meeting.ended", { ...meeting, end_time: "2026-03-03T10:45:00Z" }), owner, now);
    expect(delivery.kind === "events" && delivery.events[0]).toMatchObject({
      kind: "ended",
      at: new Date("2026-03-03T10:45:00Z"),
      startedAt: new Date("2026-03-03T10:00:00Z"),
      eventId: "meeting.ended:4444AAAiAAAAAiAiAiiAii==:1772532000123",
    });
  });

  it("falls back to event_ts, then to the arrival time, when Zoom gives no usable time", () => {
    const ended = parseZoomDelivery(body("meeting.ended", { ...meeting, start_time: "soon", end_time: undefined }), owner, now);
    expect(ended.kind === "events" && ended.events[0]).toMatchObject({ at: new Date(1772532000123), startedAt: null });
    const noTs = parseZoomDelivery(body("meeting.started", { ...meeting, start_time: null }, null), owner, now);
    expect(noTs.kind === "events" && noTs.events[0]?.at).toEqual(now);
  });

  it("meeting.participant_joined adds the joiner; its id and join time make each join its own event", () => {
    const participant = {
      user_id: "16778240",
      id: "",
      user_name: " Jane Client ",
      email: "Jane@Client.TEST",
      phone_number: "+1 212 555 0100",
      join_time: "2026-03-03T10:01:00Z",
    };
    const delivery = parseZoomDelivery(body("meeting.participant_joined", { ...meeting, participant }), owner, now);
    expect(delivery.kind === "events" && delivery.events[0]).toMatchObject({
      kind: "participant",
      at: new Date("2026-03-03T10:01:00Z"),
      eventId: "meeting.participant_joined:4444AAAiAAAAAiAiAiiAii==:1772532000123:16778240:2026-03-03T10:01:00Z",
      participants: [{ name: "Jane Client", email: "jane@client.test", phone: "+1 212 555 0100" }],
    });
    const again = parseZoomDelivery(
      body("meeting.participant_joined", { ...meeting, participant: { ...participant, join_time: "2026-03-03T10:20:00Z" } }),
      owner,
      now,
    );
    expect(again.kind === "events" && again.events[0]?.eventId).not.toBe(
      delivery.kind === "events" && delivery.events[0]?.eventId,
    );
  });

  it("marks the host and the integration's owner as self (never a client candidate)", () => {
    const host = parseZoomDelivery(
      body("meeting.participant_joined", {
        ...meeting,
        participant: { id: "h1", user_name: "Host", join_time: meeting.start_time },
      }),
      owner,
      now,
    );
    expect(host.kind === "events" && host.events[0]?.participants[0]).toMatchObject({ self: true });
    const me = parseZoomDelivery(
      body("meeting.participant_joined", { ...meeting, participant: { user_id: "9", email: "me@firm.test" } }),
      owner,
      now,
    );
    expect(me.kind === "events" && me.events[0]?.participants[0]).toMatchObject({ email: "me@firm.test", self: true });
  });

  it("answers URL validation and ignores event types it does not handle", () => {
    expect(
      parseZoomDelivery(
        JSON.stringify({ event: "endpoint.url_validation", payload: { plainToken: "abc" }, event_ts: 1 }),
        owner,
        now,
      ),
    ).toEqual({ kind: "url_validation", plainToken: "abc" });
    expect(parseZoomDelivery(body("recording.completed", meeting), owner, now)).toMatchObject({ kind: "ignored" });
  });

  it("refuses bodies that are not JSON or not the event they name", () => {
    expect(() => parseZoomDelivery("{not json", owner, now)).toThrow(ZoomPayloadError);
    expect(() => parseZoomDelivery("[]", owner, now)).toThrow(ZoomPayloadError);
    expect(() => parseZoomDelivery(body("meeting.started", { id: 1 }), owner, now)).toThrow(ZoomPayloadError);
    expect(() => parseZoomDelivery(body("meeting.participant_joined", meeting), owner, now)).toThrow(ZoomPayloadError);
    expect(() => parseZoomDelivery(body("meeting.started", { ...meeting, topic: "a\u0000b" }), owner, now)).toThrow(
      ZoomPayloadError,
    );
    expect(() => parseZoomDelivery(JSON.stringify({ event: "endpoint.url_validation", payload: {} }), owner, now)).toThrow(
      ZoomPayloadError,
    );
  });
});
