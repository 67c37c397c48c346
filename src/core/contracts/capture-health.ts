import { z } from "zod";
import { CAPTURE_SOURCE_IDS, CAPTURE_STATUSES } from "../capture/source-status.js";
import { text } from "./common.js";
import { count, id, instant } from "./response-fields.js";

/**
 * The dashboard's Capture card and setup guide (docs/first-run.md): each connected
 * source in the one status vocabulary of core/capture/source-status.ts.
 */

export const captureAction = z.object({ label: text(), href: text() });

export const captureSourceHealthJson = z.object({
  source: z.enum(CAPTURE_SOURCE_IDS),
  label: text(),
  status: z.enum(CAPTURE_STATUSES),
  statusLabel: text(),
  /** The source's own word, as its settings tab shows it. */
  nativeStatus: text(),
  /** The last verified event (a calendar: its last successful read). */
  lastEventAt: instant.nullable(),
  callsThisWeek: count,
  problem: text().nullable(),
  action: captureAction.nullable(),
  /** Whether "Send a test event" can play an event for it. */
  canSendTestEvent: z.boolean(),
});
export type CaptureSourceHealthJson = z.infer<typeof captureSourceHealthJson>;

/** GET /api/capture/health: connected sources only, quickest first. */
export const captureHealthJson = z.object({ sources: z.array(captureSourceHealthJson) });
export type CaptureHealthJson = z.infer<typeof captureHealthJson>;

export const SETUP_STEPS = ["clients", "source", "firstCall"] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** GET /api/setup-guide. */
export const setupGuideJson = z.object({
  dismissed: z.boolean(),
  /** All three steps done. */
  complete: z.boolean(),
  doneCount: count,
  steps: z.object({
    clients: z.object({
      done: z.boolean(),
      /** Clients (not archived) with an email or a phone number: the ones captured calls can match. */
      matchable: count,
      total: count,
    }),
    source: z.object({ done: z.boolean(), connected: z.array(z.enum(CAPTURE_SOURCE_IDS)) }),
    firstCall: z.object({ done: z.boolean(), callId: id.nullable() }),
  }),
});
export type SetupGuideJson = z.infer<typeof setupGuideJson>;

/** PUT /api/setup-guide: hide it (or show it again). */
export const updateSetupGuideRequest = z.object({ dismissed: z.boolean({ error: "dismissed must be true or false" }) }).strict();
export type UpdateSetupGuideRequest = z.infer<typeof updateSetupGuideRequest>;

/** POST /api/capture/test-event: the source to play one event for (default: the quickest connected). */
export const sendTestEventRequest = z
  .object({
    source: z.enum(CAPTURE_SOURCE_IDS, { error: "source must be one of calendar, zoom, teams, meet, phone, mobile" }).optional(),
  })
  .strict();
export type SendTestEventRequest = z.infer<typeof sendTestEventRequest>;

export const foundMeetingJson = z.object({
  id,
  title: text().nullable(),
  clientName: text().nullable(),
  startsAt: instant,
  durationSeconds: count,
});

/** What the test did: a call made through the pipeline, or (a calendar) the meetings the read found. */
export const testEventResultJson = z.object({
  source: z.enum(CAPTURE_SOURCE_IDS),
  kind: z.enum(["call", "meetings"]),
  message: text(),
  callId: id.nullable(),
  meetings: z.array(foundMeetingJson),
});
export type TestEventResultJson = z.infer<typeof testEventResultJson>;

export const NO_SOURCE_CONNECTED = "Connect a source first: a calendar, Zoom, Teams, Meet or a phone number";
export const NOT_A_TEST_CALL = "Only a test call can be removed here";
export const TEST_CALL_REMOVED = "Test call removed";

/** The data of a "capture_problem" notification: which source broke, how, and the one action that fixes it. */
export const captureProblemData = z.object({
  source: z.enum(CAPTURE_SOURCE_IDS),
  status: z.enum(CAPTURE_STATUSES),
  breakageKey: text(),
  action: captureAction.nullable(),
});
export type CaptureProblemData = z.infer<typeof captureProblemData>;
