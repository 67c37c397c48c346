import { describe, expect, it } from "vitest";
import { feedWarning, MAX_OCCURRENCES_PER_SERIES } from "../../../core/capture/calendar/feed-bounds.js";
import { feedWindow } from "../../../core/capture/calendar/feed-window.js";
import { hostileFeed, minutelyFlood } from "../../../../tests/fixtures/ics/hostile-feeds.js";
import { FEED_NOW, KEYS, weeklyDstFeed } from "../../../../tests/fixtures/ics/weekly-dst.js";
import { NotACalendarError, parseCalendar, READ_LIMITS, type ReadLimits, readOccurrences } from "./read-occurrences.js";

/** The bounds as in production, without the time budget (time is tested with a clock the test drives). */
const UNTIMED: ReadLimits = { ...READ_LIMITS, deadline: Number.POSITIVE_INFINITY };
const read = (body: string, limits: Partial<ReadLimits> = {}) =>
  readOccurrences(parseCalendar(body), feedWindow(FEED_NOW), { ...UNTIMED, ...limits });

describe("reading a feed's occurrences", { timeout: 60_000 }, () => {
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

  it("says nothing was cut when the feed is within the bounds", () => {
    expect(read(weeklyDstFeed())).toMatchObject({ warnings: [], complete: true });
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

// A shared machine: a read's speed is never asserted (unit tests default to 5 s).
describe("the bounds (issue 23 §1; core/capture/calendar/feed-bounds.ts)", { timeout: 60_000 }, () => {
  it("reads at most 500 occurrences of a series repeating every minute, the most recent ones, and says so", () => {
    const flood = hostileFeed(FEED_NOW, [
      { uid: "flood-0@x", title: "Flood 0", rule: "FREQ=MINUTELY", startedDaysAgo: 20, attendees: ["guest@x.test"] },
    ]);
    const result = read(flood);
    expect(result.ended.length).toBeGreaterThan(MAX_OCCURRENCES_PER_SERIES - 5);
    expect(result.ended.length).toBeLessThanOrEqual(MAX_OCCURRENCES_PER_SERIES);
    const latest = Math.max(...result.ended.map((o) => o.endsAt.getTime()));
    expect(FEED_NOW.getTime() - latest).toBeLessThanOrEqual(60_000);
    const earliest = Math.min(...result.ended.map((o) => o.startsAt.getTime()));
    expect(FEED_NOW.getTime() - earliest).toBeLessThanOrEqual(MAX_OCCURRENCES_PER_SERIES * 60_000);
    expect(result.warnings).toEqual([feedWarning.seriesCut(1, "Flood 0")]);
    expect(result.complete).toBe(false);
    // The next one to come is still seen, so an unchanged feed is read again when it has ended.
    expect(result.nextEndAt.getTime() - FEED_NOW.getTime()).toBeLessThanOrEqual(2 * 60_000);
  });

  it("stops at the feed's bound across series and single meetings", () => {
    const result = read(minutelyFlood(FEED_NOW, 5), { perSeries: 10, perFeed: 25 });
    // Two series give 10 each (and the next to come); the third has what room is left.
    expect(result.ended.length).toBeGreaterThan(2 * 9);
    expect(result.ended.length).toBeLessThanOrEqual(25);
    expect(result.warnings).toEqual([feedWarning.seriesCut(2, "Flood 0"), feedWarning.feedCut()]);

    const singles = hostileFeed(
      FEED_NOW,
      Array.from({ length: 30 }, (_, n) => ({ uid: `one-${n}@x`, title: `One ${n}`, startedDaysAgo: 1 + n / 10 })),
    );
    const bounded = read(singles, { perFeed: 12 });
    expect(bounded.ended).toHaveLength(12);
    expect(bounded.warnings).toEqual([feedWarning.feedCut()]);
  });

  it("stops when its time is up and keeps what it read", () => {
    let tick = 0;
    // Each look at the clock is one "millisecond": out of time after the 4th.
    const result = read(minutelyFlood(FEED_NOW, 5), { clock: () => tick++, deadline: 3 });
    expect(result.warnings).toEqual([feedWarning.timeCut()]);
    expect(result.ended.length).toBeGreaterThan(0);
    expect(result.ended.length).toBeLessThan(MAX_OCCURRENCES_PER_SERIES);
    expect(result.complete).toBe(false);
  });

  it("expands a series that repeats at most daily at once, within the bound", () => {
    const daily = hostileFeed(FEED_NOW, [
      { uid: "daily@x", title: "Daily", rule: "FREQ=DAILY", startedDaysAgo: 400, minutes: 30 },
    ]);
    const result = read(daily);
    expect(result.ended).toHaveLength(30);
    expect(result.warnings).toEqual([]);
  });
});
