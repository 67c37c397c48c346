import type ICAL from "ical.js";
import { dayOf, type FeedEvent, type FeedSeries } from "./feed-events.js";
import type { FeedZones } from "./feed-zones.js";

type Time = InstanceType<typeof ICAL.Time>;
type Recur = InstanceType<typeof ICAL.Recur>;

/**
 * The occurrences of one series (docs/calendar-capture.md): every RRULE (a file may hold several), every RDATE,
 * less the EXDATEs, each replaced by its RECURRENCE-ID override, shifted by a RANGE=THISANDFUTURE
 * override from its instance on, and the overrides no rule produces (a Google export of only some
 * instances) as meetings of their own. ical.js's RecurIterator expands each rule in the event's own
 * wall-clock time (a weekly 10:00 in New York stays 10:00 across DST); the merging, exceptions and
 * overrides are done here because ical.js's RecurExpansion repeats and misorders occurrences when a
 * file has two RRULEs (tests/fixtures/ics/corpus/ical.js/samples/multiple_rrules.ics).
 */
export type SeriesOccurrence = {
  /** The start the occurrence has in the series (its RECURRENCE-ID when overridden): the proposal's key. */
  originalMs: number;
  startMs: number;
  endMs: number;
  allDay: boolean;
  /** The calendar day of an all-day occurrence, as written. */
  day: string | null;
  /** The component whose title, attendees and status the occurrence has (the master or an override). */
  event: FeedEvent;
};

export type ExpandLimits = {
  /** Stop after this many originals (of the series' rules and RDATEs) in the range. */
  max: number;
  /** Asked every few steps; true stops the expansion (the read's time budget). */
  outOfTime: () => boolean;
};

export type Expansion = { originals: { ms: number; time: Time; durationMs: number | null }[]; full: boolean; outOfTime: boolean };

const FIXED_PERIOD_SECONDS: Record<string, number> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3600,
  DAILY: 86_400,
  WEEKLY: 604_800,
};
const DAY_MS = 86_400_000;
/** Steps between two looks at the clock (a look costs more than a step of a simple rule). */
const CHECK_EVERY = 1024;
/** Wall-clock and UTC differences of a zone differ by its offset change, a few hours at most in practice. */
const ANCHOR_MARGIN_MS = 3 * 3600 * 1000;

/**
 * The master's original starts in [fromMs, toMs], ascending, at most `limits.max`. A rule without
 * COUNT whose period is fixed in wall-clock time (SECONDLY to WEEKLY) starts from a whole number of
 * periods after DTSTART, just before the range: the same lattice of occurrences, without walking
 * from a DTSTART years back.
 */
export function expandOriginals(
  master: FeedEvent,
  zones: FeedZones,
  fromMs: number,
  toMs: number,
  limits: ExpandLimits,
): Expansion {
  const originals: Expansion["originals"] = [];
  const excluded = (ms: number, time: Time) =>
    master.exdates.has(ms) || (master.exdateDays.size > 0 && master.exdateDays.has(dayOf(time)));
  if (!master.rules.length && !master.rdates.length) {
    if (master.startMs >= fromMs && master.startMs <= toMs)
      originals.push({ ms: master.startMs, time: master.start, durationMs: null });
    return { originals, full: false, outOfTime: false };
  }
  type Head = { iterator: ReturnType<Recur["iterator"]>; next: Time | null; ms: number };
  const heads: Head[] = [];
  let steps = 0;
  let outOfTime = false;
  const advance = (head: Head) => {
    const next = head.iterator.next();
    head.next = next ?? null;
    head.ms = next ? zones.instantOf(next) : Number.POSITIVE_INFINITY;
    steps += 1;
    if (steps % CHECK_EVERY === 0 && limits.outOfTime()) outOfTime = true;
  };
  // DTSTART is the first occurrence of the set even when no rule matches it (RFC 5545 §3.8.5.3).
  // Also when the rule's UNTIL is before it, or it matches no rule (RFC 5545 §3.8.5.3): merged like an RDATE.
  const rdates = [{ time: master.start, ms: master.startMs, durationMs: null }, ...master.rdates].sort((a, b) => a.ms - b.ms);
  for (const rule of master.rules) {
    const head: Head = { iterator: rule.iterator(anchorFor(rule, master, zones, fromMs)), next: null, ms: 0 };
    advance(head);
    while (head.ms < fromMs && !outOfTime) advance(head);
    heads.push(head);
  }
  let rdateAt = rdates.findIndex((rdate) => rdate.ms >= fromMs);
  if (rdateAt < 0) rdateAt = rdates.length;
  let last = Number.NEGATIVE_INFINITY;
  while (!outOfTime) {
    let best: Head | null = null;
    for (const head of heads) if (head.next && (!best || head.ms < best.ms)) best = head;
    const rdate = rdates[rdateAt];
    const useRdate = rdate !== undefined && (!best || rdate.ms <= best.ms);
    const ms = useRdate ? rdate.ms : best ? best.ms : Number.POSITIVE_INFINITY;
    if (ms > toMs) break;
    // RecurIterator hands back one Time it keeps changing: copy it before the iterator moves on.
    const time = useRdate ? rdate.time : best!.next!.clone();
    if (useRdate) rdateAt += 1;
    else advance(best!);
    if (ms === last || excluded(ms, time)) continue;
    last = ms;
    if (originals.length >= limits.max) return { originals, full: true, outOfTime };
    originals.push({ ms, time, durationMs: useRdate ? rdate.durationMs : null });
  }
  return { originals, full: false, outOfTime };
}

/**
 * Where a rule's iteration may start: DTSTART, or a whole number of fixed periods after it, before
 * the range by at least a period and a few hours (wall-clock periods drift from UTC by DST changes).
 */
function anchorFor(rule: Recur, master: FeedEvent, zones: FeedZones, fromMs: number): Time {
  const period = FIXED_PERIOD_SECONDS[rule.freq] ?? 0;
  if (!period || rule.count || master.allDay) return master.start;
  const step = period * Math.max(1, rule.interval || 1);
  for (const margin of [ANCHOR_MARGIN_MS, 2 * DAY_MS]) {
    const periods = Math.floor((fromMs - margin - master.startMs) / 1000 / step) - 1;
    if (periods <= 0) return master.start;
    const anchor = master.start.clone();
    const seconds = periods * step;
    anchor.adjust(Math.floor(seconds / 86_400), 0, 0, seconds % 86_400);
    if (zones.instantOf(anchor) < fromMs) return anchor;
  }
  return master.start;
}

/**
 * A series' occurrences whose start lies in [fromMs, toMs] (and the originals that were read): the
 * master's, with overrides applied, and the overrides no original was read for, as their own.
 */
export function occurrencesOf(
  series: FeedSeries,
  zones: FeedZones,
  fromMs: number,
  toMs: number,
  limits: ExpandLimits,
  margin = 0,
): { occurrences: SeriesOccurrence[]; full: boolean; outOfTime: boolean } {
  const { master } = series;
  const single = new Map<number, FeedEvent>();
  for (const override of series.overrides) {
    // The same instance overridden twice (an update kept beside the older one): the higher SEQUENCE wins.
    const known = single.get(override.recurrenceIdMs!);
    if (!known || override.sequence >= known.sequence) single.set(override.recurrenceIdMs!, override);
  }
  const ranged = [...single.values()].filter((o) => o.thisAndFuture).sort((a, b) => a.recurrenceIdMs! - b.recurrenceIdMs!);
  const used = new Set<FeedEvent>();
  const occurrences: SeriesOccurrence[] = [];
  const within = (ms: number) => ms >= fromMs && ms <= toMs;
  let full = false;
  let outOfTime = false;
  if (master) {
    // Overrides may move an occurrence into the range from outside it: read the originals a margin wider.
    const expansion = expandOriginals(master, zones, fromMs - margin, toMs + margin, limits);
    full = expansion.full;
    outOfTime = expansion.outOfTime;
    // An all-day series' instance is a day: Exchange names it with a date-time at midnight in its own zone.
    const byDay = master.allDay ? new Map([...single.values()].map((o) => [o.recurrenceDay, o])) : null;
    for (const original of expansion.originals) {
      const override = single.get(original.ms) ?? byDay?.get(dayOf(original.time));
      if (override) {
        used.add(override);
        if (within(override.startMs)) occurrences.push(fromOverride(override));
        continue;
      }
      const shift = latestRanged(ranged, original.ms);
      const startMs = shift ? original.ms + (shift.startMs - shift.recurrenceIdMs!) : original.ms;
      const durationMs = shift ? shift.durationMs : (original.durationMs ?? master.durationMs);
      if (!within(startMs)) continue;
      occurrences.push({
        originalMs: original.ms,
        startMs,
        endMs: startMs + durationMs,
        allDay: master.allDay,
        day: master.allDay ? dayOf(original.time) : null,
        event: shift ?? master,
      });
    }
  }
  // An override no original was read for is a meeting of its own (a Google export of some instances
  // only), unless the master removes its instance with an EXDATE: then the instance is gone.
  const removed = (o: FeedEvent) =>
    master !== null &&
    (master.exdates.has(o.recurrenceIdMs!) ||
      (o.recurrenceDay !== null && master.allDay && master.exdateDays.has(o.recurrenceDay)));
  for (const override of single.values())
    if (!used.has(override) && !removed(override) && within(override.startMs)) occurrences.push(fromOverride(override));
  return { occurrences, full, outOfTime };
}

function fromOverride(override: FeedEvent): SeriesOccurrence {
  return {
    originalMs: override.recurrenceIdMs!,
    startMs: override.startMs,
    endMs: override.startMs + override.durationMs,
    allDay: override.allDay,
    day: override.allDay ? dayOf(override.start) : null,
    event: override,
  };
}

/** The THISANDFUTURE override in force at an original start: the latest one at or before it. */
function latestRanged(ranged: readonly FeedEvent[], originalMs: number): FeedEvent | null {
  let found: FeedEvent | null = null;
  for (const override of ranged) {
    if (override.recurrenceIdMs! <= originalMs) found = override;
    else break;
  }
  return found;
}
