import os from "node:os";
import {
  type DetectionResultJson,
  MEETING_PLATFORMS,
  type PlatformInfoJson,
  type PlatformStatusJson,
} from "../../../core/contracts/platform-detection.js";
import { detectActivePlatform, platformStatus } from "../../../core/capture/desktop/rules.js";
import type { Observation } from "./observe-computer.js";
import { thisComputer } from "./observe-computer.js";
import { PROCESS_LISTING_PLATFORMS } from "./process-list.js";
import { windowTitleAbility } from "./window-titles.js";

/** GET /api/platform/info: this computer, and what can be inspected on it (decided without inspecting). */
export function platformInfo(): PlatformInfoJson {
  const platform = process.platform;
  const supported = PROCESS_LISTING_PLATFORMS.includes(platform);
  const titles = windowTitleAbility();
  return {
    platform,
    arch: os.arch(),
    supported,
    availablePlatforms: [...MEETING_PLATFORMS],
    computer: thisComputer(),
    inspects: {
      processes: supported
        ? { available: true, reason: null, method: "ps-list" }
        : { available: false, reason: `listing processes is not supported on ${platform}`, method: null },
      windowTitles: titles.available
        ? { available: true, reason: null, method: titles.method }
        : { available: false, reason: titles.reason, method: null },
    },
  };
}

/** GET /api/platform/status from one look. */
export function presentStatus(observation: Observation): PlatformStatusJson {
  return { ...platformStatus(observation), checkedAt: observation.at.toISOString(), computer: observation.computer };
}

/** GET /api/platform/detect from one look: the strongest finding with its evidence, or null with confidence 0. */
export function presentDetection(observation: Observation): DetectionResultJson {
  const { best, others } = detectActivePlatform(observation);
  return {
    platform: best?.platform ?? null,
    confidence: best?.confidence ?? 0,
    inMeeting: best?.inMeeting ?? false,
    details: {
      processDetected: best?.processDetected ?? false,
      browserDetected: best?.browserDetected ?? false,
      windowTitleMatched: best?.windowTitleMatched ?? false,
    },
    evidence: { process: best?.process ?? null, browser: best?.browser ?? null, windowTitle: best?.windowTitle ?? null },
    alsoRunning: others,
    computer: observation.computer,
    checkedAt: observation.at.toISOString(),
    notInspected: observation.notInspected,
  };
}
