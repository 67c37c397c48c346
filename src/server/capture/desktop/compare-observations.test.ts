import { describe, expect, it } from "vitest";
import { MEETING_PLATFORMS, type MeetingPlatform } from "../../../core/contracts/platform-detection.js";
import type { DesktopTrackingConfig } from "./desktop-tracking.js";
import { compareObservations } from "./watch-meetings.js";

const row = { accountId: 7, userId: 3 };
const ALL = new Set<MeetingPlatform>(MEETING_PLATFORMS);
const config = (inMeeting: DesktopTrackingConfig["inMeeting"]): DesktopTrackingConfig => ({
  trackMeetings: true,
  hostname: "desk-1",
  inMeeting,
  lastCheckedAt: null,
});

describe("comparing two looks", () => {
  it("starts a call when a meeting appears and ends it, with its start, when it goes", () => {
    const at = new Date("2026-03-03T10:00:00Z");
    const started = compareObservations(config({}), new Set(["zoom"]), ALL, row, at);
    expect(started.next.inMeeting).toEqual({ zoom: "2026-03-03T10:00:00.000Z" });
    expect(started.events).toEqual([
      expect.objectContaining({
        kind: "started",
        source: "desktop",
        platform: "zoom",
        accountId: 7,
        userId: 3,
        externalCallId: "desk-1:zoom:2026-03-03T10:00:00.000Z",
        eventId: "desk-1:zoom:2026-03-03T10:00:00.000Z:started",
        at,
      }),
    ]);

    const later = new Date("2026-03-03T10:40:00Z");
    const ended = compareObservations(started.next, new Set(), ALL, row, later);
    expect(ended.next.inMeeting).toEqual({});
    expect(ended.events).toEqual([
      expect.objectContaining({
        kind: "ended",
        externalCallId: "desk-1:zoom:2026-03-03T10:00:00.000Z",
        startedAt: new Date("2026-03-03T10:00:00Z"),
        at: later,
      }),
    ]);
  });

  it("records nothing while nothing changes", () => {
    const previous = config({ teams: "2026-03-03T09:00:00.000Z" });
    const { next, events } = compareObservations(previous, new Set(["teams"]), ALL, row, new Date("2026-03-03T09:30:00Z"));
    expect(events).toEqual([]);
    expect(next.inMeeting).toEqual({ teams: "2026-03-03T09:00:00.000Z" });
    expect(next.lastCheckedAt).toBe("2026-03-03T09:30:00.000Z");
  });

  it("never ends a call it can no longer see (Meet without window titles)", () => {
    const previous = config({ meet: "2026-03-03T09:00:00.000Z", zoom: "2026-03-03T09:05:00.000Z" });
    const onlyProcesses = new Set<MeetingPlatform>(["zoom", "webex"]);
    const { next, events } = compareObservations(previous, new Set(), onlyProcesses, row, new Date("2026-03-03T09:30:00Z"));
    expect(next.inMeeting).toEqual({ meet: "2026-03-03T09:00:00.000Z" });
    expect(events.map((event) => `${event.platform}:${event.kind}`)).toEqual(["zoom:ended"]);
  });
});
