import { describe, expect, it } from "vitest";
import { requestSpacingMs, scheduledSpacingMs, secondsUntilUtcMidnight, utcDay } from "./slot-arithmetic.js";

describe("request spacing", () => {
  it("turns a published limit into one request every so many milliseconds, the stricter rule winning", () => {
    expect(requestSpacingMs({ perMinute: 500, perSecond: 10 })).toBe(120); // QuickBooks: the minute rule is stricter
    expect(requestSpacingMs({ perMinute: 6000, perSecond: 10 })).toBe(100); // the second rule is stricter
    expect(requestSpacingMs({ perMinute: 60, perDay: 5000 })).toBe(1000); // Xero: one a second
    expect(requestSpacingMs({ perMinute: 120 })).toBe(500);
    expect(requestSpacingMs({ perMinute: 7 })).toBe(8572); // rounded up: never faster than the limit
  });

  it("schedules 5% wider than published, so a late request cannot push a window over the limit", () => {
    expect(scheduledSpacingMs({ perMinute: 500, perSecond: 10 })).toBe(126);
    expect(scheduledSpacingMs({ perMinute: 60, perDay: 5000 })).toBe(1050);
  });

  it("treats nonsense limits as one a minute rather than dividing by zero", () => {
    expect(requestSpacingMs({ perMinute: 0 })).toBe(60_000);
    expect(requestSpacingMs({ perMinute: 60, perSecond: 0 })).toBe(1000);
  });
});

describe("daily limits", () => {
  it("count per UTC day and start again at UTC midnight", () => {
    expect(utcDay(new Date("2026-11-25T23:59:59.999Z"))).toBe("2026-11-25");
    expect(utcDay(new Date("2026-11-26T00:00:00Z"))).toBe("2026-11-26");
    expect(secondsUntilUtcMidnight(new Date("2026-11-25T23:00:00Z"))).toBe(3600);
    expect(secondsUntilUtcMidnight(new Date("2026-11-25T23:59:59.500Z"))).toBe(1);
    expect(secondsUntilUtcMidnight(new Date("2026-12-31T00:00:00Z"))).toBe(86_400);
  });
});
