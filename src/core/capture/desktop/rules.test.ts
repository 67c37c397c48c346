import { describe, expect, it } from "vitest";
import {
  CONFIDENCE,
  type ComputerObservation,
  detectActivePlatform,
  normaliseProcessName,
  platformStatus,
  platformsInMeeting,
} from "./rules.js";

const seen = (processNames: string[], windowTitles: string[] | null = null): ComputerObservation => ({
  processNames,
  windowTitles,
});

describe("process names", () => {
  it("are compared whole, without case, .exe or .app", () => {
    expect(normaliseProcessName("Zoom.exe")).toBe("zoom");
    expect(normaliseProcessName("zoom.us")).toBe("zoom.us");
    expect(normaliseProcessName("Slack.app")).toBe("slack");
    expect(platformStatus(seen(["zoomd", "slackware-tool", "my-teams-sync"]))).toMatchObject({
      zoom: false,
      slack: false,
      teams: false,
    });
  });

  it("name each platform's app on Linux, macOS and Windows", () => {
    const cases: [string, keyof ReturnType<typeof platformStatus>][] = [
      ["zoom", "zoom"],
      ["zoom.us", "zoom"],
      ["Zoom.exe", "zoom"],
      ["ZoomOpener", "zoom"],
      ["Teams", "teams"],
      ["ms-teams", "teams"],
      ["MSTeams.exe", "teams"],
      ["teams-for-linux", "teams"],
      ["skypeforlinux", "skype"],
      ["Skype.exe", "skype"],
      ["webex", "webex"],
      ["CiscoCollabHost.exe", "webex"],
      ["Discord", "discord"],
      ["slack", "slack"],
    ];
    for (const [name, platform] of cases) {
      const status = platformStatus(seen([name]));
      expect(status[platform], name).toBe(true);
      expect(Object.values(status).filter(Boolean), name).toHaveLength(1);
    }
  });

  it("never show Meet, which has no process of its own", () => {
    expect(platformStatus(seen(["chrome", "meet", "google-meet"])).meet).toBe(false);
  });
});

describe("detecting the active platform", () => {
  it("finds nothing with confidence 0 when no meeting app runs", () => {
    expect(detectActivePlatform(seen(["bash", "node", "chrome"], []))).toEqual({ best: null, others: [] });
  });

  it("ranks process and title above an in-meeting process, above browser and title, above a process alone", () => {
    expect(detectActivePlatform(seen(["zoom"], ["Zoom Meeting"])).best).toMatchObject({
      platform: "zoom",
      confidence: CONFIDENCE.processAndTitle,
      processDetected: true,
      windowTitleMatched: true,
      windowTitle: "Zoom Meeting",
      inMeeting: true,
    });
    expect(detectActivePlatform(seen(["zoom", "CptHost"])).best).toMatchObject({
      platform: "zoom",
      confidence: CONFIDENCE.inMeetingProcess,
      process: "CptHost",
      inMeeting: true,
    });
    expect(detectActivePlatform(seen(["firefox"], ["Meet - abc-defg-hij - Mozilla Firefox"])).best).toMatchObject({
      platform: "meet",
      confidence: CONFIDENCE.browserAndTitle,
      processDetected: false,
      browserDetected: true,
      browser: "firefox",
      windowTitleMatched: true,
    });
    expect(detectActivePlatform(seen(["slack"])).best).toMatchObject({
      platform: "slack",
      confidence: CONFIDENCE.processOnly,
      inMeeting: false,
      windowTitle: null,
    });
    expect(CONFIDENCE.processAndTitle).toBeGreaterThan(CONFIDENCE.processOnly);
    expect(CONFIDENCE.processOnly).toBeLessThan(CONFIDENCE.browserAndTitle);
  });

  it("names a call over an app merely open, and lists the others", () => {
    const result = detectActivePlatform(
      seen(["slack", "chrome", "teams-for-linux"], ["Meeting with Jane Doe | Microsoft Teams"]),
    );
    expect(result.best?.platform).toBe("teams");
    expect(result.best?.confidence).toBe(CONFIDENCE.processAndTitle);
    expect(result.others).toEqual(["slack"]);
  });

  it("reads Meet and Teams web meetings from browser titles, and not an unrelated page", () => {
    expect(detectActivePlatform(seen(["chrome"], ["Google Meet - Google Chrome"])).best?.platform).toBe("meet");
    expect(detectActivePlatform(seen(["msedge"], ["Call with Bob | Microsoft Teams - Microsoft Edge"])).best?.platform).toBe(
      "teams",
    );
    expect(detectActivePlatform(seen(["chrome"], ["Meeting notes - Google Docs", "Meetup - Google Chrome"])).best).toBeNull();
  });
});

describe("a call in progress", () => {
  it("is an in-meeting signal, never the app being open", () => {
    expect(platformsInMeeting(seen(["zoom", "slack", "teams"], []))).toEqual([]);
    expect(platformsInMeeting(seen(["zoom", "CptHost"]))).toEqual(["zoom"]);
    expect(platformsInMeeting(seen(["chrome"], ["Meet - xyz-abcd-efg"]))).toEqual(["meet"]);
    expect(platformsInMeeting(seen(["ms-teams"], ['Meeting in "General" | Microsoft Teams']))).toEqual(["teams"]);
    expect(platformsInMeeting(seen(["slack"], ["Huddle: #general - Slack"]))).toEqual(["slack"]);
    expect(platformsInMeeting(seen(["ms-teams"], ["Chat | Microsoft Teams"]))).toEqual([]);
  });
});
