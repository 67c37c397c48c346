import { describe, expect, it } from "vitest";
import { AppError } from "../../core/errors.js";
import { resolvePeriodBounds } from "./period-bounds.js";

describe("resolvePeriodBounds", () => {
  it("takes calendar days as whole days in the account's zone, endDate included", () => {
    const { start, end } = resolvePeriodBounds({ startDate: "2026-03-01", endDate: "2026-03-31" }, "America/New_York");
    expect(start.toISOString()).toBe("2026-03-01T05:00:00.000Z");
    // 8 March 2026 is the spring-forward day in New York: April 1 starts at 04:00 UTC.
    expect(end.toISOString()).toBe("2026-04-01T04:00:00.000Z");
  });

  it("covers one day when both days are the same, a 23-hour day across a DST change", () => {
    const { start, end } = resolvePeriodBounds({ startDate: "2026-03-08", endDate: "2026-03-08" }, "America/New_York");
    expect((end.getTime() - start.getTime()) / 3_600_000).toBe(23);
  });

  it("takes ISO instants as they are, endDate excluded", () => {
    const { start, end } = resolvePeriodBounds({ startDate: "2026-01-01T10:00:00Z", endDate: "2026-01-01T12:30:00+01:00" }, "Asia/Tokyo");
    expect(start.toISOString()).toBe("2026-01-01T10:00:00.000Z");
    expect(end.toISOString()).toBe("2026-01-01T11:30:00.000Z");
  });

  it("mixes a day and an instant", () => {
    const { start, end } = resolvePeriodBounds({ startDate: "2026-01-01", endDate: "2026-01-02T00:00:00Z" }, "UTC");
    expect(start.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(end.toISOString()).toBe("2026-01-02T00:00:00.000Z");
  });

  it.each([
    [{ startDate: "2026-02-30", endDate: "2026-03-01" }, /not a real calendar day/],
    [{ startDate: "2026-03-02", endDate: "2026-03-01" }, /must not be before/],
    [{ startDate: "2026-03-02T00:00:00Z", endDate: "2026-03-01T23:59:59Z" }, /must not be before/],
  ])("refuses %o with a validation error", (query, message) => {
    expect(() => resolvePeriodBounds(query, "UTC")).toThrow(AppError);
    expect(() => resolvePeriodBounds(query, "UTC")).toThrow(message);
  });
});
