import { describe, expect, it } from "vitest";
import { feedWindow } from "../../core/calendar/feed-window.js";
import { FEED_NOW, KEYS, weeklyDstFeed } from "../../../tests/fixtures/ics/weekly-dst.js";
import { NotACalendarError, parseCalendar, readOccurrences } from "./read-occurrences.js";

const read = (body: string) => readOccurrences(parseCalendar(body), feedWindow(FEED_NOW));

describe("reading a feed's occurrences", () => {
  it("expands a weekly series in its own zone across the DST change, applying exceptions and EXDATEs", () => {
    const { ended } = read(weeklyDstFeed());
    const byKey = new Map(ended.map((o) => [o.key, o]));
    expect(byKey.get(KEYS.mar3)).toMatchObject({
      startsAt: new Date("2026-03-03T15:00:00Z"),
      endsAt: new Date("2026-03-03T16:00:00Z"),
      cancelled: false,
    });
    // Moved: keyed by its original 10:00 (14:00Z), starting at 13:00 New York (17:00Z).
    expect(byKey.get(KEYS.mar10)).toMatchObject({ startsAt: new Date("2026-03-10T17:00:00Z"), title: "Weekly review (moved)" });
    expect(byKey.get(KEYS.mar17)).toMatchObject({ cancelled: true });
    expect(byKey.get(KEYS.mar24)).toMatchObject({ startsAt: new Date("2026-03-24T14:00:00Z") });
    // 24 Feb is EXDATE'd, 17 Feb ended before the window, 31 Mar has not happened yet.
    expect([...byKey.keys()].filter((key) => key.startsWith("weekly"))).toHaveLength(4);
  });

  it("reads organizer and attendees as lower-case addresses with names", () => {
    const intro = read(weeklyDstFeed({ ownerEmail: "Me@Firm.test" })).ended.find((o) => o.key === KEYS.intro);
    expect(intro?.attendees).toEqual([
      { name: "Jane Client", email: "jane@client.test" },
      { name: "Owner", email: "me@firm.test" },
    ]);
  });

  it("remembers when the next meeting ends, so an unchanged feed is read again after it", () => {
    expect(read(weeklyDstFeed()).nextEndAt).toEqual(new Date("2026-03-31T15:00:00Z"));
  });

  it("is the same whatever the process's time zone", () => {
    const previous = process.env.TZ;
    try {
      process.env.TZ = "Asia/Tokyo";
      const tokyo = read(weeklyDstFeed()).ended.map((o) => [o.key, o.startsAt.toISOString()]);
      process.env.TZ = "UTC";
      expect(read(weeklyDstFeed()).ended.map((o) => [o.key, o.startsAt.toISOString()])).toEqual(tokyo);
    } finally {
      process.env.TZ = previous;
    }
  });

  it("refuses text that is not a calendar", () => {
    expect(() => parseCalendar("<html>Sign in</html>")).toThrow(NotACalendarError);
  });
});
