import { describe, expect, it } from "vitest";
import { notificationAgeLabel } from "./notifications.js";

describe("notificationAgeLabel", () => {
  const now = new Date("2026-02-10T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it("reads Just now under a minute, then minutes, hours under 1440 minutes, then days", () => {
    expect(notificationAgeLabel(ago(59_000), now)).toBe("Just now");
    expect(notificationAgeLabel(ago(60_000), now)).toBe("1m ago");
    expect(notificationAgeLabel(ago(59 * 60_000), now)).toBe("59m ago");
    expect(notificationAgeLabel(ago(60 * 60_000), now)).toBe("1h ago");
    expect(notificationAgeLabel(ago(1439 * 60_000), now)).toBe("23h ago");
    expect(notificationAgeLabel(ago(1440 * 60_000), now)).toBe("1d ago");
    expect(notificationAgeLabel(ago(-5 * 60_000), now)).toBe("Just now");
    expect(notificationAgeLabel("not a date", now)).toBe("Just now");
  });
});
