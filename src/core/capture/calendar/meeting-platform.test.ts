import { describe, expect, it } from "vitest";
import { meetingPlatformOf, platformOfLink } from "./meeting-platform.js";

describe("the platform of a join link (issue 25 §1.5)", () => {
  it.each([
    ["https://zoom.us/j/91234567890?pwd=abc", "zoom"],
    ["https://acme.zoom.us/my/jane.client", "zoom"],
    ["https://us02web.zoom.us/w/81234567890", "zoom"],
    ["https://agency.zoomgov.com/j/1601234567", "zoom"],
    ["https://teams.microsoft.com/l/meetup-join/19%3ameeting_x%40thread.v2/0?context=%7b%7d", "teams"],
    ["https://teams.microsoft.com/meet/3412345678?p=abc", "teams"],
    ["https://teams.live.com/meet/9876543210", "teams"],
    ["https://meet.google.com/abc-defg-hij", "meet"],
    ["https://meet.google.com/lookup/abcdef", "meet"],
  ])("%s is %s", (link, platform) => {
    expect(platformOfLink(link)).toBe(platform);
  });

  it.each([
    "https://zoom.us/pricing",
    "https://notzoom.us/j/123",
    "https://zoom.us.evil.test/j/123",
    "https://teams.microsoft.com/downloads",
    "https://meet.google.com/",
    "https://example.com/?next=https%3A%2F%2Fzoom.us%2Fj%2F1",
  ])("%s is no meeting link", (link) => {
    expect(platformOfLink(link)).toBeNull();
  });

  it("reads the conference properties first, then LOCATION, then DESCRIPTION", () => {
    expect(
      meetingPlatformOf({
        conferenceLinks: ["https://meet.google.com/abc-defg-hij"],
        location: "https://zoom.us/j/1",
        description: "https://teams.live.com/meet/1",
      }),
    ).toBe("meet");
    expect(meetingPlatformOf({ conferenceLinks: [], location: "Room 2 / https://zoom.us/j/1", description: null })).toBe("zoom");
    expect(
      meetingPlatformOf({
        conferenceLinks: [],
        location: "Board room",
        description: "Agenda: https://docs.example/x then https://teams.live.com/meet/1",
      }),
    ).toBe("teams");
    expect(meetingPlatformOf({ conferenceLinks: [], location: "Board room", description: "Bring the figures" })).toBeNull();
  });
});
