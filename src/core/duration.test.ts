import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatCallEndedMessage,
  formatDurationClock,
  formatDurationHms,
  formatEmailTime,
  formatHoursMinutes,
} from "./duration.js";

describe("formatDurationHms", () => {
  it.each([
    [0, "0s"],
    [1, "1s"],
    [45, "45s"],
    [60, "1m 0s"],
    [123, "2m 3s"],
    [3599, "59m 59s"],
    [3600, "1h 0m 0s"],
    [3605, "1h 0m 5s"],
    [3723, "1h 2m 3s"],
    [90_000, "25h 0m 0s"],
    [10 * 365 * 86_400, "87600h 0m 0s"],
  ])("%i s → %s", (seconds, text) => {
    expect(formatDurationHms(seconds)).toBe(text);
  });

  it("clamps negative and non-finite input to 0s and drops fractions", () => {
    expect(formatDurationHms(-5)).toBe("0s");
    expect(formatDurationHms(Number.NaN)).toBe("0s");
    expect(formatDurationHms(Number.POSITIVE_INFINITY)).toBe("0s");
    expect(formatDurationHms(61.9)).toBe("1m 1s");
  });

  it("round-trips: the parts add back up to the input", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (seconds) => {
        const parts = formatDurationHms(seconds).match(/^(?:(\d+)h )?(?:(\d+)m )?(\d+)s$/);
        expect(parts).not.toBeNull();
        const [, h = "0", m = "0", s = "0"] = parts ?? [];
        expect(Number(h) * 3600 + Number(m) * 60 + Number(s)).toBe(seconds);
      }),
    );
  });
});

describe("formatDurationClock", () => {
  it.each([
    [0, "0:00"],
    [5, "0:05"],
    [59, "0:59"],
    [60, "1:00"],
    [600, "10:00"],
    [3599, "59:59"],
    [3600, "60:00"],
    [3907, "65:07"],
    [360_000, "6000:00"],
  ])("%i s → %s", (seconds, text) => {
    expect(formatDurationClock(seconds)).toBe(text);
  });

  it("clamps negative input to 0:00", () => {
    expect(formatDurationClock(-30)).toBe("0:00");
  });
});

describe("formatHoursMinutes", () => {
  it.each([
    [0, "0m"],
    [59, "0m"],
    [60, "1m"],
    [2700, "45m"],
    [3599, "59m"],
    [3600, "1h 0m"],
    [7500, "2h 5m"],
    [7559, "2h 5m"],
    [360_000, "100h 0m"],
  ])("%i s → %s", (seconds, text) => {
    expect(formatHoursMinutes(seconds)).toBe(text);
  });

  it("clamps negative input to 0m", () => {
    expect(formatHoursMinutes(-3600)).toBe("0m");
  });
});

describe("formatEmailTime", () => {
  it.each([
    [0, "0m"],
    [1, "1m"],
    [45, "45m"],
    [59, "59m"],
    [60, "1h 0m"],
    [90, "1h 30m"],
    [150, "2h 30m"],
    [1.4, "1m"],
    [1.5, "2m"],
    [59.6, "1h 0m"],
  ])("%s min → %s", (minutes, text) => {
    expect(formatEmailTime(minutes)).toBe(text);
  });

  it("clamps negative and non-finite input to 0m", () => {
    expect(formatEmailTime(-10)).toBe("0m");
    expect(formatEmailTime(Number.NaN)).toBe("0m");
  });
});

describe("formatCallEndedMessage", () => {
  it.each([
    [0, "Call completed. Duration: 0m 0s"],
    [7, "Call completed. Duration: 0m 7s"],
    [125, "Call completed. Duration: 2m 5s"],
    [3907, "Call completed. Duration: 65m 7s"],
  ])("%i s → %s", (seconds, text) => {
    expect(formatCallEndedMessage(seconds)).toBe(text);
  });

  it("clamps negative input", () => {
    expect(formatCallEndedMessage(-1)).toBe("Call completed. Duration: 0m 0s");
  });
});
