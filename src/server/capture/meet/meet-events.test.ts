import { describe, expect, it } from "vitest";
import {
  conferenceEvents,
  conferenceFilter,
  meetingCodeOf,
  meetingFromEvent,
  meetingOfConference,
  participantsOf,
} from "./meet-events.js";

const event = {
  id: "evt1",
  summary: "Contract review",
  start: { dateTime: "2026-03-03T10:00:00Z" },
  end: { dateTime: "2026-03-03T10:45:00Z" },
  attendees: [
    { email: "Owner@Gmail.test", self: true, responseStatus: "accepted" },
    { email: "jane@client.test", displayName: "Jane Client", responseStatus: "accepted" },
    { email: "room-1@resource.calendar.google.com", resource: true },
    { email: "declined@client.test", responseStatus: "declined" },
  ],
  conferenceData: {
    conferenceId: "abc-mnop-xyz",
    conferenceSolution: { key: { type: "hangoutsMeet" } },
    entryPoints: [{ entryPointType: "video", uri: "https://meet.google.com/abc-mnop-xyz" }],
  },
};

describe("a calendar event → the conference to look up", () => {
  it("reads the Meet code from conferenceData, the video entry point or hangoutLink", () => {
    expect(meetingCodeOf(event)).toBe("abc-mnop-xyz");
    expect(meetingCodeOf({ hangoutLink: "https://meet.google.com/qrs-tuvw-xyz?authuser=0" })).toBe("qrs-tuvw-xyz");
    expect(
      meetingCodeOf({
        conferenceData: { entryPoints: [{ entryPointType: "video", uri: "https://meet.google.com/aaa-bbbb-ccc" }] },
      }),
    ).toBe("aaa-bbbb-ccc");
    // A Zoom link or another host is not a Meet meeting.
    expect(meetingCodeOf({ hangoutLink: "https://evil.example/abc-mnop-xyz" })).toBeNull();
    expect(
      meetingCodeOf({ conferenceData: { conferenceId: "123456789", conferenceSolution: { key: { type: "addOn" } } } }),
    ).toBeNull();
    expect(meetingCodeOf({})).toBeNull();
  });

  it("keeps attendees by email (the user's own marked self), skipping rooms and those who declined", () => {
    const meeting = meetingFromEvent(event, ["owner@gmail.test"]);
    expect(meeting).toEqual({
      calendarEventId: "evt1",
      meetingCode: "abc-mnop-xyz",
      start: "2026-03-03T10:00:00.000Z",
      end: "2026-03-03T10:45:00.000Z",
      topic: "Contract review",
      attendees: [
        { email: "owner@gmail.test", name: null, self: true },
        { email: "jane@client.test", name: "Jane Client", self: false },
      ],
    });
    // The Minutely sign-in address counts as the user's own too.
    expect(meetingFromEvent({ ...event, attendees: [{ email: "me@firm.test" }] }, ["me@firm.test"])?.attendees[0]?.self).toBe(
      true,
    );
  });

  it("ignores cancelled, all-day and link-less events", () => {
    expect(meetingFromEvent({ ...event, status: "cancelled" }, [])).toBeNull();
    expect(meetingFromEvent({ ...event, start: { date: "2026-03-03" }, end: { date: "2026-03-04" } }, [])).toBeNull();
    expect(meetingFromEvent({ ...event, conferenceData: null }, [])).toBeNull();
  });

  it("filters conference records by meeting code and a window around the event", () => {
    expect(
      conferenceFilter({ meetingCode: "abc-mnop-xyz", start: "2026-03-03T10:00:00.000Z", end: "2026-03-03T10:45:00.000Z" }),
    ).toBe(
      'space.meeting_code = "abc-mnop-xyz" AND start_time >= "2026-03-03T08:00:00.000Z" AND start_time <= "2026-03-03T12:45:00.000Z"',
    );
  });
});

describe("Meet participants → call participants", () => {
  const attendees = meetingFromEvent(event, ["owner@gmail.test"])!.attendees;

  it("matches signed-in users (users/{id}, no email) through the attendees' emails", () => {
    const list = participantsOf(attendees, [
      { signedinUser: { user: "users/1", displayName: "Jane Client" } },
      { signedinUser: { user: "users/2", displayName: "Guest Expert" } },
      { anonymousUser: { displayName: "Visitor" } },
      { phoneUser: { displayName: "+1 555-***-**12" } },
    ]);
    expect(list).toEqual([
      { email: "owner@gmail.test", name: null, self: true },
      { email: "jane@client.test", name: "Jane Client" },
      { name: "Guest Expert" },
      { name: "Visitor" },
      { phone: "+1 555-***-**12", direction: "inbound" },
    ]);
  });

  it("an attendee who is only in the calendar still identifies the client", () => {
    expect(participantsOf(attendees, []).map((p) => p.email)).toEqual(["owner@gmail.test", "jane@client.test"]);
  });
});

describe("a conference record → capture events", () => {
  const owner = { accountId: 7, userId: 3 };
  it("started and ended, keyed by the conference record's name", () => {
    const events = conferenceEvents(
      owner,
      { topic: "Review" },
      { name: "conferenceRecords/r1", startTime: "2026-03-03T10:01:00Z", endTime: "2026-03-03T10:40:00Z" },
      [{ email: "jane@client.test" }],
    );
    expect(events.map((e) => [e.kind, e.eventId, e.at.toISOString()])).toEqual([
      ["started", "conferenceRecords/r1:started", "2026-03-03T10:01:00.000Z"],
      ["ended", "conferenceRecords/r1:ended", "2026-03-03T10:40:00.000Z"],
    ]);
    expect(events[1]).toMatchObject({
      source: "meet",
      platform: "meet",
      externalCallId: "conferenceRecords/r1",
      accountId: 7,
      userId: 3,
    });
    expect(events[1]?.startedAt?.toISOString()).toBe("2026-03-03T10:01:00.000Z");
  });

  it("a conference still running is only started; a record without a start is nothing", () => {
    expect(
      conferenceEvents(owner, { topic: null }, { name: "conferenceRecords/r2", startTime: "2026-03-03T10:01:00Z" }, []).map(
        (e) => e.kind,
      ),
    ).toEqual(["started"]);
    expect(conferenceEvents(owner, { topic: null }, { name: "conferenceRecords/r3" }, [])).toEqual([]);
  });
});

describe("a conference → the calendar meeting it belongs to (reconciliation)", () => {
  const meeting = (id: string, code: string, start: string, end: string) => ({
    calendarEventId: id,
    meetingCode: code,
    start,
    end,
    topic: id,
    attendees: [],
  });
  const daily = [
    meeting("mon", "abc-mnop-xyz", "2026-03-02T10:00:00.000Z", "2026-03-02T10:30:00.000Z"),
    meeting("tue", "abc-mnop-xyz", "2026-03-03T10:00:00.000Z", "2026-03-03T10:30:00.000Z"),
    meeting("other", "qrs-tuvw-xyz", "2026-03-03T10:00:00.000Z", "2026-03-03T10:30:00.000Z"),
  ];

  it("is the meeting of the same code whose times ±2 h hold the conference's start, as conferenceFilter reads it", () => {
    expect(meetingOfConference(daily, { meetingCode: "abc-mnop-xyz", startTime: "2026-03-03T10:04:00Z" })?.calendarEventId).toBe(
      "tue",
    );
    expect(meetingOfConference(daily, { meetingCode: "ABC-MNOP-XYZ", startTime: "2026-03-03T12:30:00Z" })?.calendarEventId).toBe(
      "tue",
    );
    expect(meetingOfConference(daily, { meetingCode: "abc-mnop-xyz", startTime: "2026-03-03T12:31:00Z" })).toBeNull();
    expect(meetingOfConference(daily, { meetingCode: "zzz-zzzz-zzz", startTime: "2026-03-03T10:04:00Z" })).toBeNull();
    // Both bounds agree with the filter the live fetch sends.
    const tue = daily[1]!;
    expect(conferenceFilter(tue)).toContain(
      'start_time >= "2026-03-03T08:00:00.000Z" AND start_time <= "2026-03-03T12:30:00.000Z"',
    );
  });

  it("of two instances in reach, the one scheduled nearest to the start", () => {
    const twice = [
      meeting("am", "abc-mnop-xyz", "2026-03-03T09:00:00.000Z", "2026-03-03T09:30:00.000Z"),
      meeting("late-am", "abc-mnop-xyz", "2026-03-03T10:00:00.000Z", "2026-03-03T10:30:00.000Z"),
    ];
    expect(meetingOfConference(twice, { meetingCode: "abc-mnop-xyz", startTime: "2026-03-03T09:50:00Z" })?.calendarEventId).toBe(
      "late-am",
    );
    expect(meetingOfConference(twice, { meetingCode: "abc-mnop-xyz", startTime: "2026-03-03T09:20:00Z" })?.calendarEventId).toBe(
      "am",
    );
  });
});
