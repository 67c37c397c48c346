import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoInstant } from "./iso-instant";

describe("isoInstant", () => {
  it("writes exactly what toISOString writes, for any instant", () => {
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => {
        expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
        expect(isoInstant(new Date(ms))).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 20_000 },
    );
  });

  it("gets the edges of days, years and the four-digit range right", () => {
    const edges = [
      0,
      1,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2024, 2, 1),
      Date.UTC(2025, 11, 31, 23, 59, 59, 999),
      Date.UTC(2026, 0, 1),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(10000, 0, 1),
      -1,
    ];
    for (const ms of edges) expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
    expect(isoInstant(Date.UTC(2025, 2, 4, 5, 6, 7, 89))).toBe("2025-03-04T05:06:07.089Z");
  });

  it("keeps the same day's prefix apart from other days' (many days in any order)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }), { minLength: 1, maxLength: 6000 }), (instants) => {
        for (const ms of instants) expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 20 },
    );
  });

  it("throws like toISOString for an invalid date", () => {
    expect(() => isoInstant(Number.NaN)).toThrow(RangeError);
    expect(() => isoInstant(new Date("not a date"))).toThrow(RangeError);
  });
});
