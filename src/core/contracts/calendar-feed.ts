import { z } from "zod";
import { FEED_URL_INVALID, normaliseFeedUrl } from "../capture/calendar/feed-url.js";
import { MEETING_LINK_PLATFORMS } from "../capture/calendar/meeting-platform.js";
import { idText, rowId, text } from "./common.js";
import { count, id, instant } from "./response-fields.js";

/**
 * Calendar feeds (docs/calendar-capture.md): one private ICS address per account, polled
 * by a job, whose past meetings with a client among the attendees become proposed calls the user
 * confirms with one click. Shared by the server's routes and the browser's forms.
 */

/** connected: the last fetch returned a calendar; error: it failed (lastError says why); disconnected: no feed. */
export const CALENDAR_FEED_STATUSES = ["connected", "error", "disconnected"] as const;
export type CalendarFeedStatus = (typeof CALENDAR_FEED_STATUSES)[number];

export const FEED_URL_REQUIRED = "Paste your calendar's private ICS address";
export const FEED_SAVED = "Calendar feed saved";
export const FEED_REMOVED = "Calendar feed removed. Proposed meetings from it were dismissed; confirmed calls stay.";

const feedUrl = text({ error: FEED_URL_INVALID })
  .trim()
  .min(1, FEED_URL_REQUIRED)
  .max(2000, "That address is too long (at most 2000 characters)")
  .refine((value) => normaliseFeedUrl(value) !== null, FEED_URL_INVALID);

/**
 * PUT /api/integrations/calendar-feed. `url` is needed the first time; left out later it keeps the
 * stored one (it is a secret the screen never shows again). `enabled` and `autoConfirm` left out keep
 * their values (a new feed: enabled, not auto-confirmed).
 */
export const saveCalendarFeedRequest = z
  .object({
    url: feedUrl.optional(),
    enabled: z.boolean({ error: "enabled must be true or false" }).optional(),
    autoConfirm: z.boolean({ error: "autoConfirm must be true or false" }).optional(),
  })
  .strict();
export type SaveCalendarFeedInput = z.input<typeof saveCalendarFeedRequest>;
export type SaveCalendarFeedRequest = z.infer<typeof saveCalendarFeedRequest>;

/** GET /api/integrations/calendar-feed: never the address itself, only its host. */
export const calendarFeedJson = z.object({
  configured: z.boolean(),
  /** The feed's host followed by "…" (the path is the secret). */
  host: text().nullable(),
  enabled: z.boolean(),
  autoConfirm: z.boolean(),
  status: z.enum(CALENDAR_FEED_STATUSES),
  /** When the feed was last asked (answered or not). */
  lastPolledAt: instant.nullable(),
  /** When the feed last answered with different content. */
  lastChangedAt: instant.nullable(),
  lastError: text().nullable(),
  /** Meetings of the last fetched content inside the window (ended in the last 30 days). */
  eventsSeen: count,
  /** Proposals waiting for the user. */
  proposalsOpen: count,
  /** What the last poll cut and why (core/capture/calendar/feed-bounds.ts): the Calendar tab shows each sentence. */
  warnings: z.array(text()),
  /** What the last read could not read and why (core/capture/calendar/feed-notes.ts): one sentence each, the rest was read. */
  skipped: z.array(text()),
});
export type CalendarFeedJson = z.infer<typeof calendarFeedJson>;

/** POST /api/integrations/calendar-feed/poll: what one poll did. */
export const calendarPollJson = z.object({
  /** False when the feed answered 304 (or the same content): nothing else was done. */
  changed: z.boolean(),
  events: count,
  newProposals: count,
  updatedProposals: count,
  cancelledProposals: count,
  autoConfirmed: count,
  feed: calendarFeedJson,
});
export type CalendarPollJson = z.infer<typeof calendarPollJson>;

export const CALL_PROPOSAL_STATUSES = ["proposed", "confirmed", "dismissed", "cancelled"] as const;
export type CallProposalStatus = (typeof CALL_PROPOSAL_STATUSES)[number];

export const callProposalAttendee = z.object({ name: text().nullable(), email: text().nullable(), self: z.boolean() });

export const callProposalJson = z.object({
  id,
  source: text(),
  status: z.enum(CALL_PROPOSAL_STATUSES),
  title: text().nullable(),
  clientId: id.nullable(),
  clientName: text().nullable(),
  startsAt: instant,
  endsAt: instant,
  durationSeconds: count,
  attendees: z.array(callProposalAttendee),
  /** Zoom, Teams or Meet, read from the meeting's join link (core/capture/calendar/meeting-platform.ts), or null. */
  platform: z.enum(MEETING_LINK_PLATFORMS).nullable(),
  /** The call made when it was confirmed. */
  callId: id.nullable(),
});
export type CallProposalJson = z.infer<typeof callProposalJson>;

export const callProposalList = z.object({ proposals: z.array(callProposalJson) });
export type CallProposalList = z.infer<typeof callProposalList>;

/** GET /api/call-proposals?status=proposed&limit=20 */
export const callProposalQuery = z
  .object({
    status: z.enum(CALL_PROPOSAL_STATUSES, { error: "status must be proposed, confirmed, dismissed or cancelled" }).optional(),
    limit: idText("limit", "limit must be a whole number from 1 to 100")
      .refine((value) => value <= 100, "limit must be a whole number from 1 to 100")
      .optional(),
  })
  .strict();
export type CallProposalQuery = z.infer<typeof callProposalQuery>;

/** POST /api/call-proposals/:id/confirm: optionally another client than the one matched. */
export const confirmProposalRequest = z.object({ clientId: rowId("clientId").optional() }).strict();
export type ConfirmProposalRequest = z.infer<typeof confirmProposalRequest>;

export const PROPOSAL_NOT_OPEN = "This meeting is no longer waiting for confirmation";
export const PROPOSAL_NEEDS_CLIENT = "Choose a client for this meeting before confirming it";
export const PROPOSAL_TOO_SHORT = "This meeting is shorter than your minimum capture length, so no call was made";
export const CALENDAR_FEED_OFF = "The calendar feed is turned off: turn it on to poll it";

/**
 * The settings form: the same rules, with an empty address meaning "keep the stored one" (the
 * screen never shows it back); the form leaves an empty one out of what it sends.
 */
export const calendarFeedForm = z.object({
  url: z.union([z.literal(""), feedUrl]),
  enabled: z.boolean(),
  autoConfirm: z.boolean(),
});
export type CalendarFeedFormInput = z.input<typeof calendarFeedForm>;
export type CalendarFeedFormValues = z.infer<typeof calendarFeedForm>;
