import type { MeetingLinkPlatform } from "../../../core/capture/calendar/meeting-platform.js";
import type { CallParticipant } from "../../db/schema/calls.js";

/**
 * What a read of a calendar feed gives the server's thread (docs/calendar-capture.md): the meetings
 * of the window and what was cut or skipped. Its own file, without the parser, so the thread that
 * answers requests never loads ical.js: the reading runs in a worker (read-feed-in-worker.ts).
 */
export type FeedOccurrence = {
  key: string;
  title: string | null;
  startsAt: Date;
  endsAt: Date;
  cancelled: boolean;
  /** Organizer and attendees (mailto: addresses, names); `self` is decided later, by the account's addresses. */
  attendees: CallParticipant[];
  /** Zoom, Teams or Meet, read from the join link (core/capture/calendar/meeting-platform.ts), or null. */
  platform: MeetingLinkPlatform | null;
};

/**
 * The meetings that ended in the window, the earliest end of one still to come (or two weeks ahead
 * when none is seen), what was cut by the bounds (core/capture/calendar/feed-bounds.ts) and what could not be
 * read (core/capture/calendar/feed-notes.ts), as the sentences the Calendar tab shows. `complete` is false
 * when anything was cut or skipped: then a proposal whose meeting was not read must not be judged
 * "gone from the feed".
 */
export type ReadOccurrences = {
  ended: FeedOccurrence[];
  /** How many meetings ended in the window (`ended` may leave out those no client can be among: no attendee). */
  seen: number;
  nextEndAt: Date;
  warnings: string[];
  /** Entries left out (a component that cannot be read) and zones guessed, one sentence each. */
  skipped: string[];
  complete: boolean;
};

/** Thrown when the text is not an iCalendar document: the save refuses it, a poll records it. */
export class NotACalendarError extends Error {}
