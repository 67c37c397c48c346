import { describe, expect, it } from "vitest";
import { feedNote } from "../../../core/capture/calendar/feed-notes.js";
import { feedWindow } from "../../../core/capture/calendar/feed-window.js";
import { calendar, event, newYorkZone, westEuropeZone } from "../../../../tests/fixtures/ics/calendar-programs.js";
import { FEED_NOW } from "../../../../tests/fixtures/ics/weekly-dst.js";
import { parseCalendar, READ_LIMITS, type ReadLimits, readOccurrences } from "./read-occurrences.js";

/** Issue 25 §1: calendar files as calendar programs write them (tests/fixtures/ics/calendar-programs.ts). */
const UNTIMED: ReadLimits = { ...READ_LIMITS, deadline: Number.POSITIVE_INFINITY };
/** The machine is shared: a read's speed is never what a test asserts (unit tests default to 5 s). */
const ROOM = { timeout: 60_000 };
const read = (body: string, timeZone = "UTC") =>
  readOccurrences(parseCalendar(body, { timeZone }), feedWindow(FEED_NOW), UNTIMED);
const starts = (body: string, uid: string, timeZone?: string) =>
  read(body, timeZone)
    .ended.filter((o) => o.key.startsWith(`${uid}@`))
    .map((o) => o.startsAt.toISOString())
    .sort();

/** Runs `body` with the process in another zone: the result must not change with it. */
function inProcessZone<T>(zone: string, body: () => T): T {
  const previous = process.env.TZ;
  process.env.TZ = zone;
  try {
    return body();
  } finally {
    process.env.TZ = previous;
  }
}

describe("zones defined in the file (§1.1)", ROOM, () => {
  // 10 March 2026, 11:00 in Amsterdam (CET, +01:00) is 10:00Z.
  const outlook = (tzid: string) =>
    calendar(
      westEuropeZone(tzid),
      event("outlook@x", [`DTSTART;TZID="${tzid}":20260310T110000`, `DTEND;TZID="${tzid}":20260310T120000`]),
    );

  it.each([
    ["Office 365's TZID:1", "1"],
    ["Zimbra's long name", "(GMT+01.00) Amsterdam / Berlin / Bern / Rome / Stockholm / Vienna"],
    ["Outlook's Customized Time Zone", "Customized Time Zone"],
  ])("honours the VTIMEZONE of %s, whatever the server's own zone", (_name, tzid) => {
    for (const zone of ["UTC", "Asia/Tokyo", "America/Los_Angeles"])
      expect(inProcessZone(zone, () => starts(outlook(tzid), "outlook@x"))).toEqual(["2026-03-10T10:00:00.000Z"]);
  });

  it("honours custom_America/New_York's VTIMEZONE across its DST change", () => {
    const body = calendar(
      newYorkZone("custom_America/New_York"),
      event("ny@x", [
        "DTSTART;TZID=custom_America/New_York:20260303T100000",
        "DTEND;TZID=custom_America/New_York:20260303T110000",
        "RRULE:FREQ=WEEKLY;COUNT=2",
      ]),
    );
    expect(inProcessZone("Europe/Berlin", () => starts(body, "ny@x"))).toEqual([
      "2026-03-03T15:00:00.000Z",
      "2026-03-10T14:00:00.000Z",
    ]);
  });

  it("reads a Windows zone name and an IANA name behind a path without any VTIMEZONE", () => {
    const body = calendar(
      event("win@x", [
        "DTSTART;TZID=W. Europe Standard Time:20260310T110000",
        "DTEND;TZID=W. Europe Standard Time:20260310T120000",
      ]),
      event("moz@x", [
        "DTSTART;TZID=/mozilla.org/20070129_1/America/New_York:20260310T100000",
        "DTEND;TZID=/mozilla.org/20070129_1/America/New_York:20260310T110000",
      ]),
    );
    expect(starts(body, "win@x")).toEqual(["2026-03-10T10:00:00.000Z"]);
    expect(starts(body, "moz@x")).toEqual(["2026-03-10T14:00:00.000Z"]);
  });

  it("reads a zone the file neither defines nor names, and floating times, in the account's zone, and says so", () => {
    const body = calendar(
      event("unknown@x", ["DTSTART;TZID=Office Hours:20260310T110000", "DTEND;TZID=Office Hours:20260310T120000"]),
      event("floating@x", ["DTSTART:20260311T110000", "DTEND:20260311T120000"]),
    );
    const result = inProcessZone("Asia/Tokyo", () => read(body, "Europe/Amsterdam"));
    const byUid = (uid: string) => result.ended.find((o) => o.key.startsWith(uid))?.startsAt.toISOString();
    expect(byUid("unknown@x")).toBe("2026-03-10T10:00:00.000Z");
    expect(byUid("floating@x")).toBe("2026-03-11T10:00:00.000Z");
    expect(result.skipped).toEqual([feedNote.zoneUnknown("Office Hours", "Europe/Amsterdam")]);
    // Every meeting was read: a proposal missing from it may still be judged gone.
    expect(result.complete).toBe(true);
  });
});

describe("one bad component, not a dead feed (§1.2)", ROOM, () => {
  it("reads Exchange's BYDAY=MO, TU, WE as the weekdays it names", () => {
    const body = calendar(
      event("cdo@x", ["DTSTART:20260316T090000Z", "DTEND:20260316T093000Z", "RRULE:FREQ=WEEKLY;BYDAY=MO, TU, WE;COUNT=6"]),
    );
    expect(starts(body, "cdo@x")).toEqual([
      "2026-03-16T09:00:00.000Z",
      "2026-03-17T09:00:00.000Z",
      "2026-03-18T09:00:00.000Z",
      "2026-03-23T09:00:00.000Z",
      "2026-03-24T09:00:00.000Z",
      "2026-03-25T09:00:00.000Z",
    ]);
  });

  it("reads an event with an empty RRULE: as a single one", () => {
    expect(
      starts(calendar(event("empty@x", ["DTSTART:20260320T090000Z", "DTEND:20260320T100000Z", "RRULE:"])), "empty@x"),
    ).toEqual(["2026-03-20T09:00:00.000Z"]);
  });

  it("reads a Gregorian RSCALE rule and skips another calendar's with the reason", () => {
    const body = calendar(
      event("rscale@x", ["DTSTART:20260305T090000Z", "DTEND:20260305T100000Z", "RRULE:RSCALE=GREGORIAN;FREQ=WEEKLY;COUNT=3"]),
      event("hebrew@x", [
        "SUMMARY:Hebrew monthly",
        "DTSTART:20260305T090000Z",
        "DTEND:20260305T100000Z",
        "RRULE:RSCALE=HEBREW;FREQ=MONTHLY",
      ]),
    );
    const result = read(body);
    expect(starts(body, "rscale@x")).toEqual([
      "2026-03-05T09:00:00.000Z",
      "2026-03-12T09:00:00.000Z",
      "2026-03-19T09:00:00.000Z",
    ]);
    expect(result.skipped).toEqual([
      feedNote.skipped("“Hebrew monthly”", "it repeats by the hebrew calendar (RSCALE, RFC 7529), which Minutely cannot read"),
    ]);
    expect(result.complete).toBe(false);
  });

  it("keeps 400 good meetings when the last one is malformed, and names what was left out and why", () => {
    const good = Array.from({ length: 400 }, (_, n) =>
      event(`good-${n}@x`, [`DTSTART:202603${String(1 + (n % 25)).padStart(2, "0")}T0${n % 8}0000Z`, "DURATION:PT30M"]),
    );
    const bad = ["BEGIN:VEVENT", "UID:bad@x", "SUMMARY:Broken", "DTSTART:2026031X", "END:VEVENT"];
    const cut = ["BEGIN:VEVENT", "UID:cut@x", "SUMMARY:Cut short", "DTSTART:20260320T090000Z"];
    const result = read(calendar(...good, bad, cut));
    expect(result.ended.filter((o) => o.key.startsWith("good-"))).toHaveLength(400);
    expect(result.skipped).toHaveLength(2);
    // In the file's order.
    expect(result.skipped[0]).toMatch(/^“Broken” was left out: invalid date-time value/);
    expect(result.skipped[1]).toBe(feedNote.skipped("“Cut short”", "it has no END:VEVENT"));
  });
});

describe("every occurrence (§1.3)", ROOM, () => {
  it("produces RDATEs, with or without a rule, and leaves out EXDATEs", () => {
    const body = calendar(
      event("rdate@x", [
        "DTSTART:20260302T090000Z",
        "DTEND:20260302T100000Z",
        "RDATE:20260304T150000Z,20260311T150000Z",
        "RDATE;VALUE=PERIOD:20260318T150000Z/PT2H",
        "EXDATE:20260311T150000Z",
      ]),
    );
    const meetings = read(body).ended.filter((o) => o.key.startsWith("rdate@x"));
    expect(meetings.map((o) => [o.startsAt.toISOString(), (o.endsAt.getTime() - o.startsAt.getTime()) / 60_000]).sort()).toEqual([
      ["2026-03-02T09:00:00.000Z", 60],
      ["2026-03-04T15:00:00.000Z", 60],
      ["2026-03-18T15:00:00.000Z", 120],
    ]);
  });

  it("reads every instance of a series exported without its master (RECURRENCE-ID only)", () => {
    const instance = (day: string) =>
      event("shared-series@google.com", [
        `RECURRENCE-ID;TZID=America/New_York:202603${day}T100000`,
        `DTSTART;TZID=America/New_York:202603${day}T100000`,
        `DTEND;TZID=America/New_York:202603${day}T110000`,
        "SUMMARY:Their weekly sync",
      ]);
    const result = read(calendar(instance("03"), instance("10"), instance("17")));
    expect(result.ended.map((o) => o.key).sort()).toEqual([
      "shared-series@google.com@2026-03-03T15:00:00.000Z",
      "shared-series@google.com@2026-03-10T14:00:00.000Z",
      "shared-series@google.com@2026-03-17T14:00:00.000Z",
    ]);
  });

  it("merges several RRULEs without repeating an occurrence", () => {
    const body = calendar(
      event("two-rules@x", [
        "DTSTART:20260302T090000Z",
        "DTEND:20260302T093000Z",
        "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3",
        "RRULE:FREQ=WEEKLY;BYDAY=MO,TH;COUNT=4",
      ]),
    );
    expect(starts(body, "two-rules@x")).toEqual([
      "2026-03-02T09:00:00.000Z",
      "2026-03-05T09:00:00.000Z",
      "2026-03-09T09:00:00.000Z",
      "2026-03-12T09:00:00.000Z",
      "2026-03-16T09:00:00.000Z",
    ]);
  });

  it("moves this and every later occurrence with RANGE=THISANDFUTURE, keeping their keys", () => {
    const body = calendar(
      event("daily@x", ["DTSTART:20260316T090000Z", "DTEND:20260316T100000Z", "RRULE:FREQ=DAILY;COUNT=5", "SUMMARY:Stand-up"]),
      event("daily@x", [
        "RECURRENCE-ID;RANGE=THISANDFUTURE:20260318T090000Z",
        "DTSTART:20260318T130000Z",
        "DTEND:20260318T133000Z",
        "SUMMARY:Stand-up (afternoons)",
      ]),
    );
    const meetings = read(body)
      .ended.filter((o) => o.key.startsWith("daily@x"))
      .sort((a, b) => a.key.localeCompare(b.key));
    expect(meetings.map((o) => [o.key.slice(8), o.startsAt.toISOString(), o.endsAt.toISOString(), o.title])).toEqual([
      ["2026-03-16T09:00:00.000Z", "2026-03-16T09:00:00.000Z", "2026-03-16T10:00:00.000Z", "Stand-up"],
      ["2026-03-17T09:00:00.000Z", "2026-03-17T09:00:00.000Z", "2026-03-17T10:00:00.000Z", "Stand-up"],
      ["2026-03-18T09:00:00.000Z", "2026-03-18T13:00:00.000Z", "2026-03-18T13:30:00.000Z", "Stand-up (afternoons)"],
      ["2026-03-19T09:00:00.000Z", "2026-03-19T13:00:00.000Z", "2026-03-19T13:30:00.000Z", "Stand-up (afternoons)"],
      ["2026-03-20T09:00:00.000Z", "2026-03-20T13:00:00.000Z", "2026-03-20T13:30:00.000Z", "Stand-up (afternoons)"],
    ]);
  });
});

describe("the meeting platform from its join link (§1.5)", ROOM, () => {
  const meeting = (uid: string, lines: string[]) => event(uid, ["DTSTART:20260320T090000Z", "DTEND:20260320T100000Z", ...lines]);
  it("reads Zoom, Teams and Meet from the properties calendar programs write", () => {
    const body = calendar(
      meeting("zoom@x", ["LOCATION:https://acme.zoom.us/j/91234567890?pwd=abc"]),
      meeting("teams@x", [
        "X-MICROSOFT-SKYPETEAMSMEETINGURL:https://teams.microsoft.com/l/meetup-join/19%3ameeting_x%40thread.v2/0",
        "LOCATION:Microsoft Teams Meeting",
      ]),
      meeting("meet@x", ["X-GOOGLE-CONFERENCE:https://meet.google.com/abc-defg-hij"]),
      meeting("described@x", [
        "DESCRIPTION:Join Zoom Meeting\\nhttps://us02web.zoom.us/j/81234567890\\n\\nMeeting ID: 812 3456 7890",
      ]),
      meeting("room@x", ["LOCATION:Room 4.12"]),
    );
    const platforms = Object.fromEntries(read(body).ended.map((o) => [o.key.split("@")[0], o.platform]));
    expect(platforms).toEqual({ zoom: "zoom", teams: "teams", meet: "meet", described: "zoom", room: null });
  });
});
