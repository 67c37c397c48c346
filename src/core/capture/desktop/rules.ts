import { MEETING_PLATFORMS, type MeetingPlatform } from "../../contracts/platform-detection.js";

/**
 * Which meeting platform a computer shows, from what could be seen of it (docs/desktop-capture.md): the names of
 * its running processes and, where the desktop allows, its window titles. Pure: the server gathers
 * the observation (src/server/capture/desktop), this file holds every rule, so the page, the
 * status poll and the meeting watcher agree.
 */

/** What was seen of the computer. `windowTitles` is null when titles could not be inspected. */
export type ComputerObservation = {
  processNames: readonly string[];
  windowTitles: readonly string[] | null;
};

/**
 * A process name as compared: lower case, without Windows' ".exe" or macOS's ".app". Names are
 * compared whole, never as substrings ("zoomd" or "slackware-tool" are not Zoom or Slack).
 */
export function normaliseProcessName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\.(exe|app)$/, "");
}

type PlatformRules = {
  /** The desktop app's processes on Linux, macOS and Windows (normalised names). */
  appProcesses: readonly string[];
  /** Processes that run only while a call is on (Zoom's CptHost, Webex's meeting manager). */
  inMeetingProcesses: readonly string[];
  /** Window titles of a call in progress (the app's meeting window or its web client's tab). */
  meetingTitles: readonly RegExp[];
};

/**
 * Per platform. Zoom: `zoom` (Linux), `zoom.us` (macOS), `Zoom.exe`, its helpers; `CptHost` is its
 * in-meeting host process (Windows and Linux), `aomhost` the macOS one. Teams: classic `Teams`, the
 * new `ms-teams`/`MSTeams`, the community `teams-for-linux`. Meet has no process at all: only a
 * browser window titled "Meet - …" or "Google Meet" shows it.
 */
export const PLATFORM_RULES: Record<MeetingPlatform, PlatformRules> = {
  zoom: {
    appProcesses: ["zoom", "zoom.us", "zoomopener", "zoomlauncher", "zoomwebviewhost", "zoom workplace", "cpthost", "aomhost"],
    inMeetingProcesses: ["cpthost", "aomhost"],
    meetingTitles: [/^Zoom Meeting\b/i, /^Zoom Webinar\b/i, /\bZoom Meeting$/i],
  },
  teams: {
    appProcesses: [
      "teams",
      "ms-teams",
      "msteams",
      "teams-for-linux",
      "microsoft teams",
      "microsoft teams (work or school)",
      "microsoft teams classic",
    ],
    inMeetingProcesses: [],
    // Teams names a call's window "Meeting with Jane | Microsoft Teams", "Call with … | Microsoft Teams",
    // "Meeting in "General" | Microsoft Teams"; the web client's tab adds " - Google Chrome" and the like.
    meetingTitles: [/\b(meeting|call)\b.*\|\s*Microsoft Teams/i, /^Microsoft Teams meeting\b/i],
  },
  meet: {
    appProcesses: [],
    inMeetingProcesses: [],
    meetingTitles: [/^Meet\s*[-–—]\s*\S/, /\bGoogle Meet\b/],
  },
  skype: {
    appProcesses: ["skype", "skypeforlinux", "skypeapp", "skypehost", "lync"],
    inMeetingProcesses: [],
    meetingTitles: [/^Skype\b.*\bcall\b/i, /\bcall\b.*[-|]\s*Skype$/i],
  },
  webex: {
    appProcesses: ["webex", "ciscocollabhost", "ciscowebexstart", "webexmta", "cisco webex meetings", "webexhost", "atmgr"],
    inMeetingProcesses: ["atmgr"],
    meetingTitles: [/\bWebex Meetings?\b.*\bmeeting\b/i, /^Meeting\b.*[-|]\s*Webex$/i, /\bWebex meeting\b/i],
  },
  discord: {
    appProcesses: ["discord", "discordptb", "discordcanary"],
    inMeetingProcesses: [],
    meetingTitles: [],
  },
  slack: {
    appProcesses: ["slack"],
    inMeetingProcesses: [],
    // A huddle's own window: "Huddle: #general - Slack", "Huddle with Jane - Slack".
    meetingTitles: [/^Huddle\b.*\bSlack$/i],
  },
};

/** Browsers a web meeting can run in (normalised process names on the three systems). */
export const BROWSER_PROCESSES: readonly string[] = [
  "chrome",
  "google chrome",
  "google-chrome",
  "chromium",
  "chromium-browser",
  "firefox",
  "firefox-esr",
  "firefox-bin",
  "msedge",
  "microsoft edge",
  "microsoft-edge",
  "safari",
  "brave",
  "brave browser",
  "brave-browser",
  "opera",
  "vivaldi",
];

/** Confidence (0–100) by what was seen: both together beat an app alone, which a web title alone only beats when it shows a call. */
export const CONFIDENCE = {
  /** The app's process and a meeting window of it. */
  processAndTitle: 95,
  /** A process that runs only during a call (CptHost). */
  inMeetingProcess: 90,
  /** A browser and a meeting window title (Meet, a web client). */
  browserAndTitle: 80,
  /** A meeting window title, no app and no browser process seen. */
  titleOnly: 70,
  /** The app is open; nothing says a call is on. */
  processOnly: 60,
  none: 0,
} as const;

export type PlatformFinding = {
  platform: MeetingPlatform;
  confidence: number;
  inMeeting: boolean;
  processDetected: boolean;
  browserDetected: boolean;
  windowTitleMatched: boolean;
  process: string | null;
  browser: string | null;
  windowTitle: string | null;
};

type SeenProcesses = { byNormalised: Map<string, string>; browser: string | null };

function seenProcesses(observation: ComputerObservation): SeenProcesses {
  const byNormalised = new Map<string, string>();
  for (const name of observation.processNames) {
    const normalised = normaliseProcessName(name);
    if (normalised && !byNormalised.has(normalised)) byNormalised.set(normalised, name);
  }
  const browser = BROWSER_PROCESSES.map((b) => byNormalised.get(b)).find((name) => name !== undefined) ?? null;
  return { byNormalised, browser };
}

function firstSeen(seen: SeenProcesses, names: readonly string[]): string | null {
  for (const name of names) {
    const original = seen.byNormalised.get(name);
    if (original !== undefined) return original;
  }
  return null;
}

function findPlatform(platform: MeetingPlatform, seen: SeenProcesses, titles: readonly string[]): PlatformFinding {
  const rules = PLATFORM_RULES[platform];
  const inMeetingProcess = firstSeen(seen, rules.inMeetingProcesses);
  const process = inMeetingProcess ?? firstSeen(seen, rules.appProcesses);
  const windowTitle = titles.find((title) => rules.meetingTitles.some((rule) => rule.test(title))) ?? null;
  const confidence =
    process && windowTitle
      ? CONFIDENCE.processAndTitle
      : inMeetingProcess
        ? CONFIDENCE.inMeetingProcess
        : windowTitle && seen.browser
          ? CONFIDENCE.browserAndTitle
          : windowTitle
            ? CONFIDENCE.titleOnly
            : process
              ? CONFIDENCE.processOnly
              : CONFIDENCE.none;
  return {
    platform,
    confidence,
    inMeeting: Boolean(inMeetingProcess || windowTitle),
    processDetected: process !== null,
    browserDetected: seen.browser !== null,
    windowTitleMatched: windowTitle !== null,
    process,
    browser: seen.browser,
    windowTitle,
  };
}

/** Every platform's finding, in MEETING_PLATFORMS order. */
export function findPlatforms(observation: ComputerObservation): PlatformFinding[] {
  const seen = seenProcesses(observation);
  const titles = observation.windowTitles ?? [];
  return MEETING_PLATFORMS.map((platform) => findPlatform(platform, seen, titles));
}

/** Platform status: each platform running (its app, or its meeting window) or not. */
export function platformStatus(observation: ComputerObservation): Record<MeetingPlatform, boolean> {
  const status = {} as Record<MeetingPlatform, boolean>;
  for (const finding of findPlatforms(observation)) status[finding.platform] = finding.confidence > 0;
  return status;
}

/**
 * The active platform: the strongest finding (a call beats an open app; ties go to the list order),
 * or null when nothing was seen. `others` are the rest seen at all.
 */
export function detectActivePlatform(observation: ComputerObservation): {
  best: PlatformFinding | null;
  others: MeetingPlatform[];
} {
  const seen = findPlatforms(observation).filter((finding) => finding.confidence > 0);
  const best = seen.reduce<PlatformFinding | null>(
    (top, finding) => (!top || finding.confidence > top.confidence ? finding : top),
    null,
  );
  return { best, others: seen.filter((finding) => finding !== best).map((finding) => finding.platform) };
}

/**
 * The platforms in a call right now: an in-meeting process or a meeting window, never merely the app
 * being open (Slack or Teams run all day). What the desktop meeting watcher compares between looks.
 */
export function platformsInMeeting(observation: ComputerObservation): MeetingPlatform[] {
  return findPlatforms(observation)
    .filter((finding) => finding.inMeeting)
    .map((finding) => finding.platform);
}

/** The sentence for what could not be inspected (say it, never guess). */
export function windowTitlesNotInspected(reason: string): string {
  return `window titles could not be inspected: ${reason}`;
}

/**
 * Google Meet has no process of its own: without window titles it cannot be seen at all, and in-call
 * signals of the other apps are only their in-meeting processes.
 */
export const MEET_NEEDS_TITLES =
  "Google Meet could not be looked for: it runs in a browser tab and has no process of its own, so only a window title can show it";
