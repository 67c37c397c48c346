import { z } from "zod";
import { text } from "./common.js";
import { instant } from "./response-fields.js";

/**
 * Platform Detection (/platform-detection: platform info, detection result, platform status;
 * docs/decisions.md D13, docs/desktop-capture.md: it inspects the computer that serves the app and names
 * it). Shared by the server's routes and the page.
 */

/** The platforms the page knows icons for, in the order it lists them. */
export const MEETING_PLATFORMS = ["zoom", "teams", "meet", "skype", "webex", "discord", "slack"] as const;
export type MeetingPlatform = (typeof MEETING_PLATFORMS)[number];

/** How each platform is named on screen. */
export const PLATFORM_LABELS: Record<MeetingPlatform, string> = {
  zoom: "Zoom",
  teams: "Microsoft Teams",
  meet: "Google Meet",
  skype: "Skype",
  webex: "Webex",
  discord: "Discord",
  slack: "Slack",
};

/** Word for word as the product specifies it: the detect request failed (title, description); a failure of the other reads. */
export const DETECTION_FAILED_TITLE = "Detection Failed";
export const DETECTION_FAILED_MESSAGE = "Failed to detect active platform";
export const DETECT_ERROR_TITLE = "Error";
export const DETECT_ERROR_MESSAGE = "Failed to detect platform";

/** The computer that was inspected (D13): the one that serves the app. */
export const inspectedComputer = z.object({ hostname: text() });
export type InspectedComputer = z.infer<typeof inspectedComputer>;

/** One kind of inspection (the process list, window titles): possible here or not, and why not. */
export const inspectionAbility = z.object({
  available: z.boolean(),
  /** Null when available; else a sentence saying why (no desktop session, tool missing …). */
  reason: text().nullable(),
  /** The means used when available ("ps-list", "wmctrl -l", "osascript", "tasklist /v /fo csv"). */
  method: text().nullable(),
});
export type InspectionAbility = z.infer<typeof inspectionAbility>;

/** GET /api/platform/info. */
export const platformInfoJson = z.object({
  /** Node's `process.platform`: "linux", "darwin", "win32" … */
  platform: text(),
  arch: text(),
  /** Whether this operating system's processes can be listed (Linux, macOS, Windows). */
  supported: z.boolean(),
  availablePlatforms: z.array(z.enum(MEETING_PLATFORMS)),
  computer: inspectedComputer,
  inspects: z.object({ processes: inspectionAbility, windowTitles: inspectionAbility }),
});
export type PlatformInfoJson = z.infer<typeof platformInfoJson>;

/** GET /api/platform/status: each platform's app running on this computer or not. */
export const platformStatusJson = z.object({
  zoom: z.boolean(),
  teams: z.boolean(),
  meet: z.boolean(),
  skype: z.boolean(),
  webex: z.boolean(),
  discord: z.boolean(),
  slack: z.boolean(),
  checkedAt: instant,
  computer: inspectedComputer,
});
export type PlatformStatusJson = z.infer<typeof platformStatusJson>;

/** What made the detector say so: a process and/or a window title. */
export const detectionEvidence = z.object({
  /** The process name that matched the platform's app, if any. */
  process: text().nullable(),
  /** The browser process running, when the match came from a browser window. */
  browser: text().nullable(),
  /** The window title that matched, if any. */
  windowTitle: text().nullable(),
});
export type DetectionEvidence = z.infer<typeof detectionEvidence>;

/** GET /api/platform/detect. */
export const detectionResultJson = z.object({
  platform: z.enum(MEETING_PLATFORMS).nullable(),
  /** 0–100: process and meeting-window title 95, in-meeting process 90, process only 60, browser and title 80. */
  confidence: z.number().int().min(0).max(100),
  /** True when the platform is in a call now (an in-meeting process or meeting window), not just open. */
  inMeeting: z.boolean(),
  details: z.object({ processDetected: z.boolean(), browserDetected: z.boolean(), windowTitleMatched: z.boolean() }),
  evidence: detectionEvidence,
  /** Other platforms also seen (the answer names the strongest). */
  alsoRunning: z.array(z.enum(MEETING_PLATFORMS)),
  computer: inspectedComputer,
  checkedAt: instant,
  /** What could not be looked at, and why: never guessed. */
  notInspected: z.array(text()),
});
export type DetectionResultJson = z.infer<typeof detectionResultJson>;

/** GET/PUT /api/platform/tracking: "Track meetings on this computer". */
export const platformTrackingRequest = z.object({ enabled: z.boolean({ error: "enabled must be true or false" }) }).strict();
export type PlatformTrackingRequest = z.infer<typeof platformTrackingRequest>;

export const platformTrackingJson = z.object({
  enabled: z.boolean(),
  /** The computer whose meetings are tracked (the one that served the request that turned it on). */
  computer: inspectedComputer,
  /** Platforms in a call right now, as the last observation saw them. */
  inMeeting: z.array(z.enum(MEETING_PLATFORMS)),
  /** When the watcher last looked (null before its first look). */
  lastCheckedAt: instant.nullable(),
  /** Whether a job queue runs on this server: without it, nothing watches. */
  watcherRunning: z.boolean(),
});
export type PlatformTrackingJson = z.infer<typeof platformTrackingJson>;
