import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { todayInZone } from "../../core/period.js";
import { dayInZone } from "./work-date.js";

describe("dayInZone", () => {
  it("agrees with core's todayInZone for any instant and zone, across daylight-saving changes", () => {
    const zones = ["UTC", "America/New_York", "Europe/London", "Asia/Kolkata", "Pacific/Chatham", "America/Santiago", "Australia/Lord_Howe"];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }), fc.constantFrom(...zones), (ms, zone) => {
        const instant = new Date(ms);
        expect(dayInZone(instant, zone)).toBe(todayInZone(zone, instant));
      }),
      { numRuns: 2000 },
    );
  });

  it("puts 22:00 in New York on the evening's own day", () => {
    expect(dayInZone(new Date("2026-02-01T03:00:00Z"), "America/New_York")).toBe("2026-01-31");
  });

  it("refuses an unknown zone", () => {
    expect(() => dayInZone(new Date(), "Mars/Olympus")).toThrow(RangeError);
  });
});
