import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalTimeZone,
  dateRangeLabel,
  dayRangeInZone,
  isCalendarDate,
  isValidTimeZone,
  MONTH_NAMES,
  PERIOD_KINDS,
  periodLabel,
  periodRange,
  todayInZone,
  yearChoices,
} from "./period.js";

const NY = "America/New_York";
const LONDON = "Europe/London";
const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
const hours = (range: { start: Date; end: Date }) => (range.end.getTime() - range.start.getTime()) / HOUR;

describe("periodRange: today", () => {
  it("is the zone's calendar day, not UTC's", () => {
    // 02:30 UTC on 15 Jan is still 14 Jan, 21:30 in New York
    expect(periodRange({ kind: "today", timezone: NY, now: at("2026-01-15T02:30:00Z") })).toEqual({
      start: at("2026-01-14T05:00:00Z"),
      end: at("2026-01-15T05:00:00Z"),
      startDate: "2026-01-14",
      endDate: "2026-01-14",
    });
  });

  it("is UTC's day in UTC", () => {
    expect(periodRange({ kind: "today", timezone: "UTC", now: at("2026-01-15T23:59:59.999Z") })).toEqual({
      start: at("2026-01-15T00:00:00Z"),
      end: at("2026-01-16T00:00:00Z"),
      startDate: "2026-01-15",
      endDate: "2026-01-15",
    });
  });

  it("has 23 hours on New York's spring-forward day (2026-03-08)", () => {
    const range = periodRange({ kind: "today", timezone: NY, now: at("2026-03-08T16:00:00Z") });
    expect(range.start).toEqual(at("2026-03-08T05:00:00Z"));
    expect(range.end).toEqual(at("2026-03-09T04:00:00Z"));
    expect(hours(range)).toBe(23);
    expect([range.startDate, range.endDate]).toEqual(["2026-03-08", "2026-03-08"]);
  });

  it("has 25 hours on New York's fall-back day (2026-11-01)", () => {
    const range = periodRange({ kind: "today", timezone: NY, now: at("2026-11-01T05:30:00Z") }); // 01:30 EST, the second one
    expect(range.start).toEqual(at("2026-11-01T04:00:00Z"));
    expect(range.end).toEqual(at("2026-11-02T05:00:00Z"));
    expect(hours(range)).toBe(25);
  });

  it("has 23 and 25 hours on London's change days", () => {
    const spring = periodRange({ kind: "today", timezone: LONDON, now: at("2026-03-29T12:00:00Z") });
    expect([spring.start, spring.end]).toEqual([at("2026-03-29T00:00:00Z"), at("2026-03-29T23:00:00Z")]);
    const autumn = periodRange({ kind: "today", timezone: LONDON, now: at("2026-10-25T12:00:00Z") });
    expect([autumn.start, autumn.end]).toEqual([at("2026-10-24T23:00:00Z"), at("2026-10-26T00:00:00Z")]);
    expect([hours(spring), hours(autumn)]).toEqual([23, 25]);
  });

  it("starts at 01:00 where midnight does not exist (America/Santiago, 2026-09-06)", () => {
    const gapDay = periodRange({ kind: "today", timezone: "America/Santiago", now: at("2026-09-06T15:00:00Z") });
    expect(gapDay.start).toEqual(at("2026-09-06T04:00:00Z")); // 01:00 -03:00
    expect(gapDay.end).toEqual(at("2026-09-07T03:00:00Z")); // 00:00 -03:00
    const dayBefore = periodRange({ kind: "today", timezone: "America/Santiago", now: at("2026-09-05T15:00:00Z") });
    expect(dayBefore.end).toEqual(gapDay.start);
  });

  it("handles half-hour offsets (Asia/Kolkata)", () => {
    const range = periodRange({ kind: "today", timezone: "Asia/Kolkata", now: at("2026-06-01T20:00:00Z") });
    expect(range.start).toEqual(at("2026-06-01T18:30:00Z"));
    expect(range.startDate).toBe("2026-06-02");
  });
});

describe("periodRange: week (starts Sunday)", () => {
  it("runs Sunday to Saturday", () => {
    // Wednesday 2026-11-18 in New York
    expect(periodRange({ kind: "week", timezone: NY, now: at("2026-11-18T15:00:00Z") })).toEqual({
      start: at("2026-11-15T05:00:00Z"),
      end: at("2026-11-22T05:00:00Z"),
      startDate: "2026-11-15",
      endDate: "2026-11-21",
    });
  });

  it("is 167 hours for the week beginning on the spring-forward Sunday", () => {
    const range = periodRange({ kind: "week", timezone: NY, now: at("2026-03-10T12:00:00Z") });
    expect(range.start).toEqual(at("2026-03-08T05:00:00Z"));
    expect(range.end).toEqual(at("2026-03-15T04:00:00Z"));
    expect(hours(range)).toBe(167);
    expect([range.startDate, range.endDate]).toEqual(["2026-03-08", "2026-03-14"]);
  });

  it("uses the zone's Saturday evening even when UTC is already Sunday", () => {
    // Saturday 7 March 23:30 EST = Sunday 04:30 UTC
    const range = periodRange({ kind: "week", timezone: NY, now: at("2026-03-08T04:30:00Z") });
    expect([range.startDate, range.endDate]).toEqual(["2026-03-01", "2026-03-07"]);
    expect(range.end).toEqual(at("2026-03-08T05:00:00Z"));
  });

  it("is 169 hours for the week of the fall-back Sunday, and crosses months", () => {
    const range = periodRange({ kind: "week", timezone: NY, now: at("2026-11-01T12:00:00Z") });
    expect([range.startDate, range.endDate]).toEqual(["2026-11-01", "2026-11-07"]);
    expect(hours(range)).toBe(169);
    const crossing = periodRange({ kind: "week", timezone: NY, now: at("2026-10-30T12:00:00Z") });
    expect([crossing.startDate, crossing.endDate]).toEqual(["2026-10-25", "2026-10-31"]);
  });

  it("crosses New Year", () => {
    const range = periodRange({ kind: "week", timezone: "UTC", now: at("2026-01-01T12:00:00Z") });
    expect([range.startDate, range.endDate]).toEqual(["2025-12-28", "2026-01-03"]);
  });
});

describe("periodRange: month", () => {
  it("defaults to the current month in the zone", () => {
    // 1 Dec 03:00 UTC is still 30 Nov in New York
    expect(periodRange({ kind: "month", timezone: NY, now: at("2026-12-01T03:00:00Z") })).toEqual({
      start: at("2026-11-01T04:00:00Z"), // EDT
      end: at("2026-12-01T05:00:00Z"), // EST
      startDate: "2026-11-01",
      endDate: "2026-11-30",
    });
  });

  it("takes a chosen month (1–12) and year", () => {
    const range = periodRange({ kind: "month", timezone: NY, now: at("2026-06-01T12:00:00Z"), month: 3, year: 2026 });
    expect(range).toEqual({
      start: at("2026-03-01T05:00:00Z"),
      end: at("2026-04-01T04:00:00Z"),
      startDate: "2026-03-01",
      endDate: "2026-03-31",
    });
    expect(hours(range)).toBe(31 * 24 - 1);
  });

  it("ends December at the next New Year and knows leap Februaries", () => {
    const december = periodRange({ kind: "month", timezone: LONDON, now: at("2026-06-01T12:00:00Z"), month: 12, year: 2026 });
    expect([december.start, december.end]).toEqual([at("2026-12-01T00:00:00Z"), at("2027-01-01T00:00:00Z")]);
    expect(periodRange({ kind: "month", timezone: "UTC", now: new Date(), month: 2, year: 2028 }).endDate).toBe("2028-02-29");
    expect(periodRange({ kind: "month", timezone: "UTC", now: new Date(), month: 2, year: 2026 }).endDate).toBe("2026-02-28");
  });

  it("uses the current year when only a month is given", () => {
    expect(periodRange({ kind: "month", timezone: "UTC", now: at("2027-05-05T00:00:00Z"), month: 1 }).startDate).toBe("2027-01-01");
  });

  it.each([0, 13, 1.5, Number.NaN])("rejects month %s", (month) => {
    expect(() => periodRange({ kind: "month", timezone: "UTC", now: new Date(), month, year: 2026 })).toThrow(RangeError);
  });
});

describe("periodRange: year", () => {
  it("is the zone's calendar year", () => {
    expect(periodRange({ kind: "year", timezone: NY, now: at("2026-01-01T03:00:00Z") })).toEqual({
      start: at("2025-01-01T05:00:00Z"),
      end: at("2026-01-01T05:00:00Z"),
      startDate: "2025-01-01",
      endDate: "2025-12-31",
    });
  });

  it("takes a chosen year", () => {
    const range = periodRange({ kind: "year", timezone: LONDON, now: at("2026-06-01T00:00:00Z"), year: 2024 });
    expect([range.startDate, range.endDate]).toEqual(["2024-01-01", "2024-12-31"]);
    expect(hours(range)).toBe(366 * 24);
  });

  it.each([999, 10000, 2026.5])("rejects year %s", (year) => {
    expect(() => periodRange({ kind: "year", timezone: "UTC", now: new Date(), year })).toThrow(RangeError);
  });
});

describe("periodRange: bad input", () => {
  it("rejects an unknown time zone", () => {
    expect(() => periodRange({ kind: "today", timezone: "Mars/Olympus", now: new Date() })).toThrow(RangeError);
    expect(() => periodRange({ kind: "today", timezone: "", now: new Date() })).toThrow(RangeError);
  });

  it("rejects an unknown kind", () => {
    expect(() => periodRange({ kind: "decade" as never, timezone: "UTC", now: new Date() })).toThrow(RangeError);
  });
});

describe("periodRange: remembered ranges", () => {
  it("follow now across a period's edge and back, and a caller's change to an answer changes no later one", () => {
    const saturdayEvening = at("2026-01-18T04:59:59.999Z"); // 23:59:59.999 on Saturday 17 Jan in New York
    const week = periodRange({ kind: "week", timezone: NY, now: saturdayEvening });
    expect(week).toMatchObject({ startDate: "2026-01-11", endDate: "2026-01-17" });
    week.start.setTime(0);
    const next = periodRange({ kind: "week", timezone: NY, now: at("2026-01-18T05:00:00Z") });
    expect(next).toMatchObject({ start: at("2026-01-18T05:00:00Z"), startDate: "2026-01-18", endDate: "2026-01-24" });
    expect(periodRange({ kind: "week", timezone: NY, now: saturdayEvening })).toEqual({
      start: at("2026-01-11T05:00:00Z"),
      end: at("2026-01-18T05:00:00Z"),
      startDate: "2026-01-11",
      endDate: "2026-01-17",
    });
    // The same month asked for by number from a "now" in another year, and "this" month of a now in it.
    expect(periodRange({ kind: "month", timezone: NY, now: at("2030-06-01T00:00:00Z"), year: 2026, month: 1 }).startDate).toBe("2026-01-01");
    expect(periodRange({ kind: "month", timezone: NY, now: at("2030-06-15T12:00:00Z") }).startDate).toBe("2030-06-01");
  });
});

describe("periodRange laws", () => {
  const zones = [NY, LONDON, "UTC", "America/Santiago", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Kiritimati", "Pacific/Pago_Pago"];
  const instant = fc.date({ min: at("2000-01-01T00:00:00Z"), max: at("2040-12-31T00:00:00Z"), noInvalidDate: true });

  it("contains now, tiles with the next period, and agrees with dayRangeInZone", () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...zones), fc.constantFrom(...PERIOD_KINDS), (now, timezone, kind) => {
        const range = periodRange({ kind, timezone, now });
        expect(range.start.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(range.end.getTime()).toBeGreaterThan(now.getTime());
        expect(periodRange({ kind, timezone, now: range.end }).start).toEqual(range.end);
        expect(dayRangeInZone(range.startDate, range.endDate, timezone)).toEqual({ start: range.start, end: range.end });
        const today = todayInZone(timezone, now);
        expect(today >= range.startDate && today <= range.endDate).toBe(true);
      }),
    );
  });

  it("a day lasts 23 to 25 hours", () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...zones), (now, timezone) => {
        const length = hours(periodRange({ kind: "today", timezone, now }));
        expect(length).toBeGreaterThanOrEqual(23);
        expect(length).toBeLessThanOrEqual(25);
      }),
    );
  });
});

describe("dayRangeInZone", () => {
  it("covers whole days, end exclusive", () => {
    expect(dayRangeInZone("2026-11-01", "2026-11-30", NY)).toEqual({
      start: at("2026-11-01T04:00:00Z"),
      end: at("2026-12-01T05:00:00Z"),
    });
  });

  it("covers a single day, including a 25-hour one", () => {
    const range = dayRangeInZone("2026-11-01", "2026-11-01", NY);
    expect(range).toEqual({ start: at("2026-11-01T04:00:00Z"), end: at("2026-11-02T05:00:00Z") });
    expect(hours(range)).toBe(25);
  });

  it("covers a single 23-hour day", () => {
    expect(hours(dayRangeInZone("2026-03-29", "2026-03-29", LONDON))).toBe(23);
  });

  it("crosses year ends", () => {
    expect(dayRangeInZone("2026-12-31", "2027-01-01", "UTC")).toEqual({
      start: at("2026-12-31T00:00:00Z"),
      end: at("2027-01-02T00:00:00Z"),
    });
  });

  it.each([
    ["2026-02-30", "2026-03-01"],
    ["2026-1-5", "2026-01-06"],
    ["2026-01-05T00:00", "2026-01-06"],
    ["", "2026-01-06"],
    ["2026-01-05", "2026-13-01"],
  ])("rejects malformed days %s … %s", (startDate, endDate) => {
    expect(() => dayRangeInZone(startDate, endDate, "UTC")).toThrow(RangeError);
  });

  it("rejects an end before the start and an unknown zone", () => {
    expect(() => dayRangeInZone("2026-02-02", "2026-02-01", "UTC")).toThrow(RangeError);
    expect(() => dayRangeInZone("2026-02-01", "2026-02-01", "Nowhere/Land")).toThrow(RangeError);
  });
});

describe("periodLabel", () => {
  it("names each kind as the history titles show it", () => {
    expect(periodLabel({ kind: "today" })).toBe("Today");
    expect(periodLabel({ kind: "week", month: 4, year: 2026 })).toBe("This Week");
    expect(periodLabel({ kind: "month", month: 11, year: 2026 })).toBe("November 2026");
    expect(periodLabel({ kind: "month", month: 1, year: 2025 })).toBe("January 2025");
    expect(periodLabel({ kind: "year", year: 2027 })).toBe("2027");
  });

  it("rejects a month outside 1–12", () => {
    expect(() => periodLabel({ kind: "month", month: 0, year: 2026 })).toThrow(RangeError);
    expect(() => periodLabel({ kind: "month", month: 13, year: 2026 })).toThrow(RangeError);
  });

  it("exports the twelve month names for the month selector", () => {
    expect(MONTH_NAMES).toHaveLength(12);
    expect(MONTH_NAMES[0]).toBe("January");
    expect(MONTH_NAMES[11]).toBe("December");
  });
});

describe("dateRangeLabel", () => {
  it("formats MMM d - MMM d, yyyy", () => {
    expect(dateRangeLabel("2026-11-01", "2026-11-30")).toBe("Nov 1 - Nov 30, 2026");
    expect(dateRangeLabel("2026-03-08", "2026-03-14")).toBe("Mar 8 - Mar 14, 2026");
    expect(dateRangeLabel("2026-05-05", "2026-05-05")).toBe("May 5 - May 5, 2026");
  });

  it("names both years when the range crosses New Year", () => {
    expect(dateRangeLabel("2025-12-28", "2026-01-03")).toBe("Dec 28, 2025 - Jan 3, 2026");
  });

  it("rejects malformed days", () => {
    expect(() => dateRangeLabel("2026-11-31", "2026-12-01")).toThrow(RangeError);
  });
});

describe("yearChoices", () => {
  it("runs from five years back to one ahead", () => {
    expect(yearChoices(at("2026-06-15T12:00:00Z"))).toEqual([2021, 2022, 2023, 2024, 2025, 2026, 2027]);
  });

  it("uses the year in the given zone", () => {
    const newYearUtc = at("2026-01-01T05:00:00Z"); // 31 Dec 2025 18:00 in Pago Pago, 1 Jan 19:00 in Kiritimati
    expect(yearChoices(newYearUtc, "Pacific/Pago_Pago")[5]).toBe(2025);
    expect(yearChoices(newYearUtc, "Pacific/Kiritimati")[5]).toBe(2026);
  });
});

describe("todayInZone", () => {
  it("is the calendar day in the zone", () => {
    const now = at("2026-03-08T03:00:00Z");
    expect(todayInZone("UTC", now)).toBe("2026-03-08");
    expect(todayInZone(NY, now)).toBe("2026-03-07");
    expect(todayInZone("Asia/Tokyo", now)).toBe("2026-03-08");
  });

  it("rejects an unknown zone", () => {
    expect(() => todayInZone("Mars/Olympus", new Date())).toThrow(RangeError);
  });

  it("is the day a zoned date-fns date names, at any instant in any zone (across daylight saving and the date line; invoice lines' work dates too)", () => {
    const zones = [NY, LONDON, "UTC", "Asia/Kathmandu", "Asia/Kolkata", "Pacific/Chatham", "America/Santiago", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Australia/Lord_Howe"];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.date({ min: at("1900-01-01T00:00:00Z"), max: at("2200-12-31T23:59:59Z"), noInvalidDate: true }),
        (zone, instant) => {
          expect(todayInZone(zone, instant)).toBe(format(new TZDate(instant.getTime(), zone), "yyyy-MM-dd"));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("names the day each side of midnight in the zone", () => {
    expect(todayInZone(NY, at("2026-02-01T03:00:00Z"))).toBe("2026-01-31");
    expect(todayInZone(NY, at("2026-11-01T03:59:59.999Z"))).toBe("2026-10-31");
    expect(todayInZone(NY, at("2026-11-01T04:00:00Z"))).toBe("2026-11-01");
    expect(todayInZone("Asia/Kathmandu", at("2026-03-07T18:15:00Z"))).toBe("2026-03-08");
    expect(todayInZone("Asia/Kathmandu", at("2026-03-07T18:14:59Z"))).toBe("2026-03-07");
  });
});

describe("isValidTimeZone and canonicalTimeZone", () => {
  it.each(["America/New_York", "Europe/London", "UTC", "Asia/Kolkata"])("accepts %s", (zone) => {
    expect(isValidTimeZone(zone)).toBe(true);
  });

  it.each(["", "  ", "Mars/Olympus", "not a zone", "+01:00", null, undefined, 5])("rejects %s", (zone) => {
    expect(isValidTimeZone(zone)).toBe(false);
  });

  it("canonicalises spellings so one name is stored", () => {
    expect(canonicalTimeZone("america/new_york")).toBe("America/New_York");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
  });

  it("answers the same when asked again (answers are remembered), for good and bad names alike", () => {
    for (let i = 0; i < 3; i++) {
      expect(canonicalTimeZone("america/new_york")).toBe("America/New_York");
      expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
    }
    // Many distinct spellings (user input) do not break it: the memory is bounded and starts over.
    for (let i = 0; i < 1100; i++) expect(canonicalTimeZone(`Nowhere/Place${i}`)).toBeNull();
    expect(canonicalTimeZone("europe/london")).toBe("Europe/London");
  });
});

describe("isCalendarDate", () => {
  it.each(["2026-01-01", "2028-02-29", "1000-01-01", "9999-12-31"])("accepts %s", (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });

  it.each(["2026-02-29", "2026-04-31", "0001-01-01", "0999-12-31", "2026-00-10", "26-01-01", "2026-01-01T00:00:00Z", "", 20260101])("rejects %s", (value) => {
    expect(isCalendarDate(value)).toBe(false);
  });
});
