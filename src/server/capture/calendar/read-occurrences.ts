import type ICAL from "ical.js";
import {
  feedWarning,
  MAX_OCCURRENCES_PER_FEED,
  MAX_OCCURRENCES_PER_SERIES,
  READ_SOFT_BUDGET_MS,
} from "../../../core/capture/calendar/feed-bounds.js";
import { endedInWindow, type FeedWindow } from "../../../core/capture/calendar/feed-window.js";
import { meetingPlatformOf } from "../../../core/capture/calendar/meeting-platform.js";
import { occurrenceKey } from "../../../core/capture/calendar/occurrence-key.js";
import type { CallParticipant } from "../../db/schema/calls.js";
import type { FeedOccurrence, ReadOccurrences } from "./feed-occurrence.js";
import { type ExpandLimits, occurrencesOf, type SeriesOccurrence } from "./ical/expand-series.js";
import { type FeedEvent, type FeedSeries, type ParsedFeed, parseFeed } from "./ical/feed-events.js";

export { NotACalendarError } from "./feed-occurrence.js";
export type { FeedOccurrence, ReadOccurrences } from "./feed-occurrence.js";

type Component = InstanceType<typeof ICAL.Component>;

/**
 * An iCalendar feed's meetings in the window (docs/calendar-capture.md), read with Mozilla's ical.js
 * (ical/): zones as the file defines them, never the server's (ical/feed-zones.ts); every occurrence
 * of every series: RRULEs, RDATEs, EXDATEs, RECURRENCE-ID and THISANDFUTURE overrides, and overrides
 * without their master (ical/expand-series.ts); a component that cannot be read skipped with its
 * reason (ical/feed-text.ts). Each occurrence is keyed by its UID and ORIGINAL start
 * (core/capture/calendar/occurrence-key.ts), so a moved one keeps its proposal. A cancelled one
 * (STATUS:CANCELLED) is returned marked, so its proposal can be cancelled; an EXDATE'd one simply is
 * not there, which the caller treats the same way. All-day entries are not meetings and are skipped.
 * Bounded (docs/security.md): occurrences per series and per feed, and time. It runs in a worker thread
 * (read-feed-in-worker.ts), never on the thread that answers requests.
 */

/** How far outside the window a series is expanded, so an occurrence moved into (or out of) the window is seen. */
const MOVE_MARGIN_MS = 14 * 24 * 3600 * 1000;
const MAX_TEXT = 500;

/**
 * The feed parsed, its zones resolved. `timeZone` (the account's IANA zone) is where floating times,
 * and zones the file neither defines nor names, are read.
 */
export function parseCalendar(body: string, options: { timeZone?: string } = {}): ParsedFeed {
  return parseFeed(body, { accountZone: options.timeZone ?? "UTC" });
}

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
  feed: ParsedFeed,
  window: FeedWindow,
  limits: ReadLimits = { ...READ_LIMITS, deadline: READ_LIMITS.clock() + READ_LIMITS.budgetMs },
): ReadOccurrences {
  feed.zones.install();
  const found = new Map<string, FeedOccurrence>();
  const range = { from: window.from.getTime() - MOVE_MARGIN_MS, to: window.to.getTime() + MOVE_MARGIN_MS };
  const to = window.to.getTime();
  let nextEnd = Number.POSITIVE_INFINITY;
  let read = 0;
  const cut = { series: 0, example: null as string | null, feed: false, time: false };
  const details = new Map<FeedEvent, Details>();
  const detailsOf = (event: FeedEvent) => {
    const known = details.get(event) ?? readDetails(event.component);
    details.set(event, known);
    return known;
  };
  // Only what is in the window is built (attendees, titles); of later meetings only the earliest end counts.
  const consider = (series: FeedSeries, occurrence: SeriesOccurrence) => {
    read += 1;
    const endsAt = Math.max(occurrence.endMs, occurrence.startMs);
    if (endedInWindow(new Date(endsAt), window)) {
      const meeting = occurrenceOf(series.uid, occurrence, detailsOf(occurrence.event));
      found.set(meeting.key, meeting);
    } else if (endsAt > to && endsAt < nextEnd && detailsOf(occurrence.event).attendees.length) nextEnd = endsAt;
  };
  const outOfTime = () => limits.clock() > limits.deadline;
  for (const series of feed.series) {
    if (series.master?.allDay) continue;
    const recurring = Boolean(series.master && (series.master.rules.length || series.master.rdates.length));
    if (!recurring) {
      for (const occurrence of occurrencesOf(series, feed.zones, range.from, range.to, { max: 1, outOfTime }).occurrences) {
        if (occurrence.allDay) continue;
        if (read >= limits.perFeed) {
          cut.feed = true;
          break;
        }
        consider(series, occurrence);
      }
      if (cut.feed) break;
      continue;
    }
    if (outOfTime()) {
      cut.time = true;
      break;
    }
    if (read >= limits.perFeed) {
      cut.feed = true;
      break;
    }
    const cap = Math.min(limits.perSeries, limits.perFeed - read);
    const expanded = expandSeries(series, feed, { from: range.from, to: range.to, now: to }, cap, outOfTime);
    if (expanded.cut && cap < limits.perSeries) cut.feed = true;
    else if (expanded.cut) {
      cut.series += 1;
      cut.example ??= detailsOf(series.master!).title;
    }
    if (expanded.outOfTime) cut.time = true;
    for (const occurrence of expanded.occurrences) if (!occurrence.allDay) consider(series, occurrence);
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
    nextEndAt: new Date(Number.isFinite(nextEnd) ? nextEnd : range.to),
    warnings,
    skipped: feed.skipped,
    // A zone assumed is said but reads every meeting; an event left out is a meeting not read.
    complete: warnings.length === 0 && feed.eventsSkipped === 0,
  };
}

type Span = { from: number; to: number; now: number };

const HOUR_MS = 3600 * 1000;
/** Occurrences a slice of a frequent series aims at. */
const SLICE_TARGET = 100;
/** Originals one expansion of a series reads at most, whatever its rules (a guard; the time budget is the real bound). */
const MAX_ORIGINALS = 50_000;

/**
 * One series' occurrences in the span, at most `cap` of those that started by `now` (the most recent)
 * and the first one to come. A rule that repeats at most daily is read at once. A more frequent one
 * (HOURLY, MINUTELY, SECONDLY, or several BYHOUR/BYMINUTE/BYSECOND values) whose rules can start
 * anywhere (no COUNT) is read in slices walking back from now, so the cost stops at the cap; then
 * forward, only until the next one to come is seen.
 */
function expandSeries(
  series: FeedSeries,
  feed: ParsedFeed,
  span: Span,
  cap: number,
  outOfTime: () => boolean,
): { occurrences: SeriesOccurrence[]; cut: boolean; outOfTime: boolean } {
  const master = series.master!;
  const limits: ExpandLimits = { max: MAX_ORIGINALS, outOfTime };
  if (!isSubDaily(master) || master.rules.some((rule) => rule.count)) {
    const all = occurrencesOf(series, feed.zones, span.from, span.to, limits, MOVE_MARGIN_MS);
    all.occurrences.sort((a, b) => a.startMs - b.startMs);
    if (all.occurrences.length <= cap && !all.full) return { occurrences: all.occurrences, cut: false, outOfTime: all.outOfTime };
    const past = all.occurrences.filter((o) => o.startMs <= span.now).reverse();
    const future = all.occurrences.filter((o) => o.startMs > span.now);
    return { occurrences: [...past.slice(0, cap), ...future.slice(0, 1)], cut: true, outOfTime: all.outOfTime };
  }
  const seen = new Set<number>();
  const kept: SeriesOccurrence[] = [];
  let stopped = false;
  let cut = false;
  let slice = HOUR_MS;
  // Back from now: slices sized to about SLICE_TARGET occurrences each, from what the last one held.
  for (let end = span.now; end > span.from && kept.length < cap; ) {
    if (outOfTime()) {
      stopped = true;
      break;
    }
    const start = Math.max(span.from, end - slice);
    const part = occurrencesOf(series, feed.zones, start, end, limits);
    const got = part.occurrences.filter((o) => !seen.has(o.originalMs)).sort((a, b) => b.startMs - a.startMs);
    const room = cap - kept.length;
    for (const occurrence of got.slice(0, room)) {
      seen.add(occurrence.originalMs);
      kept.push(occurrence);
    }
    if (part.outOfTime) stopped = true;
    // Full with more of the span left (or more in this slice than room): older ones were not read.
    cut = got.length > room || part.full || (kept.length >= cap && start > span.from);
    if (cut || stopped) break;
    slice = Math.min(span.to - span.from, (slice * SLICE_TARGET) / Math.max(got.length, SLICE_TARGET / 4));
    end = start - 1;
  }
  // Forward: the next one to come (for the poll's nextEndAt), in growing slices.
  slice = HOUR_MS;
  for (let start = span.now + 1; start < span.to && !stopped; start += slice, slice *= 4) {
    const part = occurrencesOf(series, feed.zones, start, Math.min(span.to, start + slice), { max: 1, outOfTime });
    const next = part.occurrences.find((o) => !seen.has(o.originalMs) && o.startMs > span.now);
    if (next) {
      kept.push(next);
      break;
    }
  }
  return { occurrences: kept, cut, outOfTime: stopped };
}

const SUB_DAILY = new Set(["HOURLY", "MINUTELY", "SECONDLY"]);

function isSubDaily(event: FeedEvent): boolean {
  const many = (value: unknown) => Array.isArray(value) && value.length > 1;
  return event.rules.some((rule) => {
    const parts = rule.parts as Record<string, unknown>;
    return SUB_DAILY.has(rule.freq) || many(parts.BYHOUR) || many(parts.BYMINUTE) || many(parts.BYSECOND);
  });
}

type Details = { title: string | null; attendees: CallParticipant[]; platform: FeedOccurrence["platform"] };

function readDetails(component: Component): Details {
  const text = (name: string) => {
    const value = component.getFirstPropertyValue(name);
    return typeof value === "string" ? value : null;
  };
  const links = ["x-google-conference", "x-microsoft-skypeteamsmeetingurl", "conference"].flatMap((name) =>
    component
      .getAllProperties(name)
      .flatMap((property) => property.getValues().filter((v): v is string => typeof v === "string")),
  );
  return {
    title: clip(text("summary")),
    attendees: attendeesOf(component),
    platform: meetingPlatformOf({ conferenceLinks: links, location: text("location"), description: text("description") }),
  };
}

function occurrenceOf(uid: string, occurrence: SeriesOccurrence, details: Details): FeedOccurrence {
  return {
    key: occurrenceKey(uid, new Date(occurrence.originalMs)),
    title: details.title,
    startsAt: new Date(occurrence.startMs),
    endsAt: new Date(Math.max(occurrence.endMs, occurrence.startMs)),
    cancelled: occurrence.event.cancelled,
    attendees: details.attendees,
    platform: details.platform,
  };
}

function attendeesOf(component: Component): CallParticipant[] {
  const people = [...component.getAllProperties("organizer"), ...component.getAllProperties("attendee")];
  const byEmail = new Map<string, CallParticipant>();
  for (const person of people) {
    const address = person.getFirstValue();
    const email = typeof address === "string" && /^mailto:/i.test(address) ? address.slice(7).trim().toLowerCase() : null;
    if (!email || email.length > 254 || byEmail.has(email)) continue;
    const cn = person.getParameter("cn");
    byEmail.set(email, { name: clip(typeof cn === "string" ? cn : null), email });
  }
  return [...byEmail.values()];
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
