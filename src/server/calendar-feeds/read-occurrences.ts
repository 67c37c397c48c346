import ical, { type Attendee, type CalendarComponent, type Organizer, type VEvent } from "node-ical";
import { endedInWindow, type FeedWindow } from "../../core/calendar/feed-window.js";
import { occurrenceKey } from "../../core/calendar/occurrence-key.js";
import type { CallParticipant } from "../db/schema/calls.js";

/**
 * An iCalendar feed's meetings in the window (issue 14 §4), read with node-ical: recurring series
 * expanded by its RRULE (in the event's TZID, so a weekly 10:00 in New York stays 10:00 across a DST
 * change), RECURRENCE-ID exceptions applied, EXDATEs left out. Each occurrence is keyed by its UID and
 * ORIGINAL start (core/calendar/occurrence-key.ts), so a moved one keeps its proposal. A cancelled one
 * (STATUS:CANCELLED) is returned marked, so its proposal can be cancelled; an EXDATE'd one simply is
 * not there, which the caller treats the same way. All-day entries are not meetings and are skipped.
 */
export type FeedOccurrence = {
  key: string;
  title: string | null;
  startsAt: Date;
  endsAt: Date;
  cancelled: boolean;
  /** Organizer and attendees (mailto: addresses, names); `self` is decided later, by the account's addresses. */
  attendees: CallParticipant[];
};

/** Thrown when the text is not an iCalendar document: the save refuses it, a poll records it. */
export class NotACalendarError extends Error {}

/** How far outside the window a series is expanded, so an occurrence moved into (or out of) the window is seen. */
const MOVE_MARGIN_MS = 14 * 24 * 3600 * 1000;
const MAX_TEXT = 500;

export function parseCalendar(body: string): CalendarComponent[] {
  if (!/^\s*BEGIN:VCALENDAR/i.test(body)) throw new NotACalendarError("it is not an iCalendar file (no BEGIN:VCALENDAR)");
  let parsed: ReturnType<typeof ical.sync.parseICS>;
  try {
    parsed = ical.sync.parseICS(body);
  } catch (error) {
    throw new NotACalendarError(`it could not be read as iCalendar: ${(error as Error).message}`);
  }
  return Object.values(parsed).filter((entry): entry is CalendarComponent => Boolean(entry && typeof entry === "object"));
}

/** The meetings that ended in the window, and the earliest end of one still to come (or two weeks ahead when none is seen). */
export type ReadOccurrences = { ended: FeedOccurrence[]; nextEndAt: Date };

export function readOccurrences(components: readonly CalendarComponent[], window: FeedWindow): ReadOccurrences {
  const found = new Map<string, FeedOccurrence>();
  const searchFrom = new Date(window.from.getTime() - MOVE_MARGIN_MS);
  const searchTo = new Date(window.to.getTime() + MOVE_MARGIN_MS);
  let nextEnd = Number.POSITIVE_INFINITY;
  const to = window.to.getTime();
  // Only what is in the window is built (attendees, titles); of later meetings only the earliest end counts.
  const consider = (event: VEvent, original: Date, startsAt: Date, endsAt: Date) => {
    if (endedInWindow(endsAt, window)) {
      const occurrence = occurrenceOf(event, original, startsAt, endsAt);
      found.set(occurrence.key, occurrence);
    } else if (endsAt.getTime() > to && endsAt.getTime() < nextEnd && event.attendee) nextEnd = endsAt.getTime();
  };
  for (const component of components) {
    if (component.type !== "VEVENT") continue;
    const event = component as VEvent;
    if (!event.uid || !(event.start instanceof Date) || isAllDay(event)) continue;
    if (!event.rrule) {
      consider(event, event.recurrenceid ?? event.start, event.start, endOf(event, event.start));
      continue;
    }
    // A series that starts after the range, or whose UNTIL is before it, has nothing to expand.
    const until = event.rrule.options.until;
    if (event.start.getTime() > searchTo.getTime() || (until instanceof Date && until.getTime() < searchFrom.getTime())) continue;
    let instances: ReturnType<typeof ical.expandRecurringEvent>;
    try {
      instances = ical.expandRecurringEvent(event, { from: searchFrom, to: searchTo });
    } catch {
      continue; // a series whose rule cannot be expanded is skipped, not the whole feed
    }
    for (const instance of instances) {
      const original = instance.isOverride && instance.event.recurrenceid ? instance.event.recurrenceid : instance.start;
      const source = instance.isOverride ? ({ ...event, ...instance.event, uid: event.uid } as VEvent) : event;
      consider(source, original, instance.start, instance.end);
    }
  }
  // No meeting within the expanded range: look again in two weeks (a series may go on beyond it).
  return { ended: [...found.values()], nextEndAt: new Date(Number.isFinite(nextEnd) ? nextEnd : searchTo.getTime()) };
}

function isAllDay(event: VEvent): boolean {
  return event.datetype === "date" || Boolean(event.start?.dateOnly);
}

function endOf(event: VEvent, start: Date): Date {
  return event.end instanceof Date && event.end.getTime() >= start.getTime() ? event.end : start;
}

function occurrenceOf(event: VEvent, original: Date, startsAt: Date, endsAt: Date): FeedOccurrence {
  return {
    key: occurrenceKey(event.uid, new Date(original.getTime())),
    title: clip(propertyText(event.summary)),
    startsAt: new Date(startsAt.getTime()),
    endsAt: new Date(Math.max(endsAt.getTime(), startsAt.getTime())),
    cancelled: event.status === "CANCELLED",
    attendees: attendeesOf(event),
  };
}

function attendeesOf(event: VEvent): CallParticipant[] {
  const people: (Attendee | Organizer)[] = [];
  if (event.organizer) people.push(event.organizer);
  if (Array.isArray(event.attendee)) people.push(...event.attendee);
  else if (event.attendee) people.push(event.attendee);
  const byEmail = new Map<string, CallParticipant>();
  for (const person of people) {
    const address = propertyText(person);
    const email = address && /^mailto:/i.test(address) ? address.slice(7).trim().toLowerCase() : null;
    if (!email || email.length > 254 || byEmail.has(email)) continue;
    const name = typeof person === "object" ? clip(person.params?.CN ?? null) : null;
    byEmail.set(email, { name, email });
  }
  return [...byEmail.values()];
}

function propertyText(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "val" in value && typeof value.val === "string") return value.val;
  return null;
}

/** Feed text kept as it can be stored: no NUL or lone surrogates, bounded. */
function clip(value: string | null): string | null {
  if (!value) return null;
  const cleaned = value.replace(/[\0\uD800-\uDFFF]/g, (char, offset: number, whole: string) => {
    if (char === "\0") return "";
    const code = char.charCodeAt(0);
    const pairedHigh = code < 0xdc00 && /[\uDC00-\uDFFF]/.test(whole[offset + 1] ?? "");
    const pairedLow = code >= 0xdc00 && /[\uD800-\uDBFF]/.test(whole[offset - 1] ?? "");
    return pairedHigh || pairedLow ? char : "";
  });
  return cleaned.trim().slice(0, MAX_TEXT) || null;
}
