import type { CaptureSourceId } from "../../../core/capture/source-status.js";

/**
 * The sources "Send a test event" can play an event for (docs/first-run.md). A mobile's calls reach
 * Minutely as the user's own SMS commands or through the landline's number, so it has none of its own.
 */
export const TEST_EVENT_SOURCES: readonly CaptureSourceId[] = ["calendar", "zoom", "teams", "meet", "phone"];
