import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { billableMinutes, decimalHours, decimalHoursText, hundredthsOfHour, wholeMinutes } from "./duration.js";

describe("seconds → minutes", () => {
  it.each([
    [0, 0, 0],
    [1, 1, 0],
    [59, 1, 0],
    [60, 1, 1],
    [61, 2, 1],
    [119, 2, 1],
    [3600, 60, 60],
  ])("%i s bills %i minutes and has passed %i", (seconds, billable, whole) => {
    expect(billableMinutes(seconds)).toBe(billable);
    expect(wholeMinutes(seconds)).toBe(whole);
  });

  it("agree on whole minutes, which is what billed and email times always are", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (minutes) => {
        expect(billableMinutes(minutes * 60)).toBe(minutes);
        expect(wholeMinutes(minutes * 60)).toBe(minutes);
      }),
    );
  });

  it("never bills less than has passed, and at most one minute more", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (seconds) => {
        const gap = billableMinutes(seconds) - wholeMinutes(seconds);
        expect(gap === 0 || gap === 1).toBe(true);
        expect(billableMinutes(seconds) * 60).toBeGreaterThanOrEqual(seconds);
      }),
    );
  });

  it("treats a negative or non-finite input as 0 (a display never throws)", () => {
    expect(billableMinutes(-5)).toBe(0);
    expect(wholeMinutes(Number.NaN)).toBe(0);
  });
});

describe("seconds → hours", () => {
  it.each([
    [0, 0, "0.00"],
    [420, 12, "0.12"], // 7 min = 0.1166… h
    [1800, 50, "0.50"],
    [4200, 117, "1.17"], // ten 7-minute emails
    [36000, 1000, "10.00"],
    [18, 1, "0.01"], // 0.005 h: half rounds up
    [17, 0, "0.00"],
  ])("%i s is %i hundredths, %s h", (seconds, hundredths, text) => {
    expect(hundredthsOfHour(seconds)).toBe(hundredths);
    expect(decimalHoursText(seconds)).toBe(text);
    expect(decimalHours(seconds)).toBe(hundredths / 100);
  });

  it("matches toFixed(2) on whole minutes, where no value is ever a half", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (minutes) => {
        expect(decimalHoursText(minutes * 60)).toBe((minutes / 60).toFixed(2));
      }),
    );
  });
});
