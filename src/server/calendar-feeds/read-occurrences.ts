import type ical from "node-ical";
import type { Attendee, CalendarComponent, Organizer, VEvent } from "node-ical";
import {
  feedWarning,
  MAX_OCCURRENCES_PER_FEED,
  MAX_OCCURRENCES_PER_SERIES,
  READ_SOFT_BUDGET_MS,
} from "../../core/calendar/feed-bounds.js";
import { endedInWindow, type FeedWindow } from "../../core/calendar/feed-window.js";
import { occurrenceKey } from "../../core/calendar/occurrence-key.js";
import type { CallParticipant } from "../db/schema/calls.js";
import { onFirstUse } from "../platform/on-first-use.js";

/** node-ical, loaded at the first feed read (platform/on-first-use.ts). */
const icalSdk = onFirstUse<typeof ical>("node-ical");

/**
 * An iCalendar feed's meetings in the window (issue 14 §4), read with node-ical: recurring series
 * expanded by its RRULE (in the event's TZID, so a weekly 10:00 in New York stays 10:00 across a DST
 * change), RECURRENCE-ID exceptions applied, EXDATEs left out. Each occurrence is keyed by its UID and
 * ORIGINAL start (core/calendar/occurrence-key.ts), so a moved one keeps its proposal. A cancelled one
 * (STATUS:CANCELLED) is returned marked, so its proposal can be cancelled; an EXDATE'd one simply is
 * not there, which the caller treats the same way. All-day entries are not meetings and are skipped.
 * Bounded (issue 23 §1): occurrences per series and per feed, and time (see readOccurrences). It runs
 * in a worker thread (read-feed-in-worker.ts), never on the thread that answers requests.
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
    parsed = icalSdk().sync.parseICS(body);
  } catch (error) {
    throw new NotACalendarError(`it could not be read as iCalendar: ${(error as Error).message}`);
  }
  return Object.values(parsed).filter((entry): entry is CalendarComponent => Boolean(entry && typeof entry === "object"));
}

/**
 * The meetings that ended in the window, the earliest end of one still to come (or two weeks ahead
 * when none is seen), and what was cut by the bounds (core/calendar/feed-bounds.ts), as the sentences
 * the Calendar tab shows. `complete` is false when anything was cut: then a proposal whose meeting was
 * not read must not be judged "gone from the feed".
 */
export type ReadOccurrences = {
  ended: FeedOccurrence[];
  /** How many meetings ended in the window (`ended` may leave out those no client can be among: no attendee). */
  seen: number;
  nextEndAt: Date;
  warnings: string[];
  complete: boolean;
};

export type ReadLimits = {
  perSeries: number;
  perFeed: number;
  /** After this instant (of `clock`), reading stops and what was read is returned. */
  deadline: number;
  clock: () => number;
};

export const READ_LIMITS: Omit<ReadLimits, "deadline"> & { budgetMs: number } = {
  perSeries: MAX_OCCURRENCES_PER_SERIES,
  perFeed: MAX_OCCURRENCES_PER_FEED,
  budgetMs: READ_SOFT_BUDGET_MS,
  clock: () => performance.now(),
};

export function readOccurrences(
  components: readonly CalendarComponent[],
  window: FeedWindow,
  limits: ReadLimits = { ...READ_LIMITS, deadline: READ_LIMITS.clock() + READ_LIMITS.budgetMs },
): ReadOccurrences {
  const found = new Map<string, FeedOccurrence>();
  const range = { from: new Date(window.from.getTime() - MOVE_MARGIN_MS), to: new Date(window.to.getTime() + MOVE_MARGIN_MS) };
  let nextEnd = Number.POSITIVE_INFINITY;
  const to = window.to.getTime();
  let read = 0;
  const cut = { series: 0, example: null as string | null, feed: false, time: false };
  // Only what is in the window is built (attendees, titles); of later meetings only the earliest end counts.
  const consider = (event: VEvent, original: Date, startsAt: Date, endsAt: Date) => {
    read += 1;
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
      const endsAt = endOf(event, event.start);
      if (endsAt.getTime() < range.from.getTime() || event.start.getTime() > range.to.getTime()) continue;
      if (read >= limits.perFeed) {
        cut.feed = true;
        break;
      }
      consider(event, event.recurrenceid ?? event.start, event.start, endsAt);
      continue;
    }
    // A series that starts after the range, or whose UNTIL is before it, has nothing to expand.
    const until = event.rrule.options.until;
    if (event.start.getTime() > range.to.getTime() || (until instanceof Date && until.getTime() < range.from.getTime())) continue;
    if (limits.clock() > limits.deadline) {
      cut.time = true;
      break;
    }
    if (read >= limits.perFeed) {
      cut.feed = true;
      break;
    }
    const cap = Math.min(limits.perSeries, limits.perFeed - read);
    const series = expandSeries(event, range, window, cap, limits);
    if (series.cut && cap < limits.perSeries) cut.feed = true;
    else if (series.cut) {
      cut.series += 1;
      cut.example ??= clip(propertyText(event.summary));
    }
    if (series.outOfTime) cut.time = true;
    for (const instance of series.instances) {
      const original = instance.isOverride && instance.event.recurrenceid ? instance.event.recurrenceid : instance.start;
      const source = instance.isOverride ? ({ ...event, ...instance.event, uid: event.uid } as VEvent) : event;
      consider(source, original, instance.start, instance.end);
    }
    if (cut.time) break;
  }
  const warnings = [
    ...(cut.series ? [feedWarning.seriesCut(cut.series, cut.example)] : []),
    ...(cut.feed ? [feedWarning.feedCut()] : []),
    ...(cut.time ? [feedWarning.timeCut()] : []),
  ];
  // No meeting within the expanded range: look again in two weeks (a series may go on beyond it).
  return {
    ended: [...found.values()],
    seen: found.size,
    nextEndAt: new Date(Number.isFinite(nextEnd) ? nextEnd : range.to.getTime()),
    warnings,
    complete: warnings.length === 0,
  };
}

type Instance = ReturnType<typeof ical.expandRecurringEvent>[number];
type Range = { from: Date; to: Date };

const HOUR_MS = 3600 * 1000;
/** Occurrences a slice of a frequent series aims at: node-ical costs about 0.3 ms per occurrence. */
const SLICE_TARGET = 100;

/**
 * One series' occurrences in the range, at most `cap`. A rule that repeats at most daily has at most
 * one a day (58 in the range) and is expanded at once. A more frequent one (FREQ=HOURLY/MINUTELY/
 * SECONDLY, or several BYHOUR/BYMINUTE/BYSECOND values) is expanded in slices walking back from now,
 * so the most recent meetings are the ones kept and the cost stops at the cap; then forward, only
 * until the next one to come is seen.
 */
function expandSeries(
  event: VEvent,
  range: Range,
  window: FeedWindow,
  cap: number,
  limits: ReadLimits,
): { instances: Instance[]; cut: boolean; outOfTime: boolean } {
  const expand = (from: Date, to: Date): Instance[] => {
    try {
      return icalSdk().expandRecurringEvent(event, { from, to });
    } catch {
      return []; // a rule that cannot be expanded (or over node-ical's own iteration limit) gives nothing here
    }
  };
  if (!isSubDaily(event)) {
    const all = expand(range.from, range.to);
    if (all.length <= cap) return { instances: all, cut: false, outOfTime: false };
    const past = all.filter((instance) => instance.start.getTime() <= window.to.getTime()).reverse();
    const future = all.filter((instance) => instance.start.getTime() > window.to.getTime());
    return { instances: [...past.slice(0, cap), ...future.slice(0, 1)], cut: true, outOfTime: false };
  }
  const seen = new Set<number>();
  const kept: Instance[] = [];
  let outOfTime = false;
  let cut = false;
  let slice = HOUR_MS;
  // Back from now: slices sized to about SLICE_TARGET occurrences each, from what the last one held.
  for (let end = window.to.getTime(); end > range.from.getTime() && kept.length < cap; ) {
    if (limits.clock() > limits.deadline) {
      outOfTime = true;
      break;
    }
    const start = Math.max(range.from.getTime(), end - slice);
    const got = expand(new Date(start), new Date(end)).filter((instance) => !seen.has(instance.start.getTime()));
    got.sort((a, b) => b.start.getTime() - a.start.getTime());
    const room = cap - kept.length;
    for (const instance of got.slice(0, room)) {
      seen.add(instance.start.getTime());
      kept.push(instance);
    }
    // Full with more of the range left (or more in this slice than room): older ones were not read.
    cut = got.length > room || (kept.length >= cap && start > range.from.getTime());
    if (cut) break;
    slice = Math.min(range.to.getTime() - range.from.getTime(), (slice * SLICE_TARGET) / Math.max(got.length, SLICE_TARGET / 4));
    end = start;
  }
  // Forward: the next one to come (for the poll's nextEndAt), in growing slices.
  slice = HOUR_MS;
  for (let start = window.to.getTime(); start < range.to.getTime() && !outOfTime; start += slice, slice *= 4) {
    const next = expand(new Date(start), new Date(Math.min(range.to.getTime(), start + slice))).find(
      (instance) => !seen.has(instance.start.getTime()) && instance.start.getTime() > window.to.getTime(),
    );
    if (next) {
      kept.push(next);
      break;
    }
  }
  return { instances: kept, cut, outOfTime };
}

const SUB_DAILY = new Set(["HOURLY", "MINUTELY", "SECONDLY"]);

function isSubDaily(event: VEvent): boolean {
  const options = event.rrule?.options as unknown as Record<string, unknown> | undefined;
  if (!options) return false;
  const many = (value: unknown) => Array.isArray(value) && value.length > 1;
  return (
    SUB_DAILY.has(String(options.freq).toUpperCase()) || many(options.byHour) || many(options.byMinute) || many(options.bySecond)
  );
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
