import { describe, expect, it } from "vitest";
import { ianaZoneOf, wallToInstant } from "./feed-zones.js";

const wall = (text: string) => Date.parse(`${text}Z`);
const iso = (ms: number) => new Date(ms).toISOString();

describe("which zone a TZID names (issue 25 §1.1)", () => {
  it.each([
    ["America/New_York", "America/New_York"],
    ["/mozilla.org/20070129_1/America/New_York", "America/New_York"],
    ["/freeassociation.sourceforge.net/Tzfile/America/Argentina/Buenos_Aires", "America/Argentina/Buenos_Aires"],
    ["W. Europe Standard Time", "Europe/Berlin"],
    ["(UTC-05:00) Eastern Time (US & Canada)", "America/New_York"],
    ['"(GMT+10:00) Canberra, Melbourne, Sydney"', "Australia/Sydney"],
  ])("%s is %s", (tzid, zone) => {
    expect(ianaZoneOf(tzid)).toBe(zone);
  });

  it.each([
    "1",
    "Customized Time Zone",
    "(GMT+01.00) Amsterdam / Berlin / Bern / Rome / Stockholm / Vienna",
    "custom_America/New_York",
  ])("%s names no zone by itself: the file's VTIMEZONE decides", (tzid) => {
    expect(ianaZoneOf(tzid)).toBeNull();
  });
});

describe("a wall-clock time as an instant (RFC 5545 §3.3.5)", () => {
  it("reads an ordinary time with the offset in force", () => {
    expect(iso(wallToInstant("America/New_York", wall("2026-03-03T10:00:00")))).toBe("2026-03-03T15:00:00.000Z");
    expect(iso(wallToInstant("America/New_York", wall("2026-03-10T10:00:00")))).toBe("2026-03-10T14:00:00.000Z");
  });

  it("reads a time in the spring gap with the offset before it", () => {
    expect(iso(wallToInstant("America/New_York", wall("2026-03-08T02:30:00")))).toBe("2026-03-08T07:30:00.000Z");
    expect(iso(wallToInstant("Europe/Berlin", wall("2026-03-29T02:30:00")))).toBe("2026-03-29T01:30:00.000Z");
  });

  it("reads the repeated autumn hour as its first occurrence, west and east of UTC", () => {
    expect(iso(wallToInstant("America/New_York", wall("2026-11-01T01:30:00")))).toBe("2026-11-01T05:30:00.000Z");
    expect(iso(wallToInstant("Europe/Berlin", wall("2026-10-25T02:30:00")))).toBe("2026-10-25T00:30:00.000Z");
  });
});
