import { createHash } from "node:crypto";
import ICAL from "ical.js";
import { feedNote } from "../../../../core/capture/calendar/feed-notes.js";
import { NotACalendarError } from "../feed-occurrence.js";
import { type FeedZones, feedZones } from "./feed-zones.js";
import { describeComponent, propertyName, type RawComponent, splitFeed } from "./feed-text.js";

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;
type Recur = InstanceType<typeof ICAL.Recur>;

/**
 * A calendar file read into its events with Mozilla's ical.js (docs/calendar-capture.md):
 * each top-level component parsed on its own (ical/feed-text.ts), so one that cannot be read is a
 * sentence in `skipped` and not a dead feed; the file's zones resolved (ical/feed-zones.ts); events
 * grouped by UID into series: the master (the highest SEQUENCE when a file repeats one) and its
 * RECURRENCE-ID overrides, which may come without any master (a Google export of someone else's
 * series holds only the instances the user was invited to).
 */
export type FeedEvent = {
  uid: string;
  component: Component;
  start: Time;
  startMs: number;
  allDay: boolean;
  /** DTEND − DTSTART, or DURATION; a day for a date without either, else 0 (RFC 5545 §3.6.1). */
  durationMs: number;
  /** The instant this override replaces (RECURRENCE-ID), or null for a master. */
  recurrenceIdMs: number | null;
  /** The calendar day its RECURRENCE-ID names, as written: an all-day series' instances are days. */
  recurrenceDay: string | null;
  /** RANGE=THISANDFUTURE: the override applies to this occurrence and every later one. */
  thisAndFuture: boolean;
  rules: Recur[];
  /** RDATEs: extra occurrences, with their own length when given as a PERIOD. */
  rdates: { time: Time; ms: number; durationMs: number | null }[];
  /** EXDATEs as instants, and as days for date-valued ones (which remove every occurrence that day). */
  exdates: Set<number>;
  exdateDays: Set<string>;
  cancelled: boolean;
  sequence: number;
};

export type FeedSeries = { uid: string; master: FeedEvent | null; overrides: FeedEvent[] };

export type ParsedFeed = {
  series: FeedSeries[];
  zones: FeedZones;
  /** One sentence per event left out and per zone assumed, for the Calendar tab. */
  skipped: string[];
  /** How many events were left out: their meetings were not read, so none of their proposals may be judged gone. */
  eventsSkipped: number;
};

export function parseFeed(body: string, options: { accountZone: string }): ParsedFeed {
  if (!/^\s*(\uFEFF)?BEGIN:VCALENDAR/i.test(body))
    throw new NotACalendarError("it is not an iCalendar file (no BEGIN:VCALENDAR)");
  const text = splitFeed(body);
  // Events left out, in the file's order (by line), then the zones assumed.
  const left: { line: number; sentence: string }[] = [];
  const leaveOut = (raw: RawComponent, reason: string) =>
    left.push({ line: raw.line, sentence: feedNote.skipped(describeComponent(raw), reason) });
  const events: { raw: RawComponent; component: Component }[] = [];
  const vtimezones = new Map<string, Component>();
  const tzids = new Set<string>();
  for (const raw of text.components) {
    if (raw.kind !== "VEVENT" && raw.kind !== "VTIMEZONE") continue;
    if (raw.problem) {
      if (raw.kind === "VEVENT") leaveOut(raw, raw.problem);
      continue;
    }
    let component: Component;
    try {
      component = parseComponent(raw);
    } catch (error) {
      if (raw.kind === "VEVENT") leaveOut(raw, `it could not be read (${messageOf(error)})`);
      continue;
    }
    if (raw.kind === "VTIMEZONE") {
      const tzid = component.getFirstPropertyValue("tzid");
      if (typeof tzid === "string" && !vtimezones.has(tzid)) vtimezones.set(tzid, component);
      continue;
    }
    collectTzids(component, tzids);
    events.push({ raw, component });
  }
  const zones = feedZones({ tzids, vtimezones, calendarZone: text.calendarZone, accountZone: options.accountZone });
  zones.install();

  const byUid = new Map<string, FeedSeries>();
  for (const { raw, component } of events) {
    let event: FeedEvent;
    try {
      event = readEvent(component, zones, raw);
    } catch (error) {
      leaveOut(raw, messageOf(error));
      continue;
    }
    const series = byUid.get(event.uid) ?? { uid: event.uid, master: null, overrides: [] };
    byUid.set(event.uid, series);
    if (event.recurrenceIdMs !== null) series.overrides.push(event);
    else if (!series.master || event.sequence >= series.master.sequence) series.master = event;
  }
  const skipped = [
    ...left.sort((a, b) => a.line - b.line).map((entry) => entry.sentence),
    ...zones.unresolved.map((tzid) => feedNote.zoneUnknown(tzid, zones.floatingZone)),
  ];
  return { series: [...byUid.values()], zones, skipped, eventsSkipped: left.length };
}

/**
 * One component, parsed inside a calendar of its own: ical.js picks the iCalendar value types (a
 * DTSTART of 8 digits is a date) only under a VCALENDAR.
 */
function parseComponent(raw: RawComponent): Component {
  const calendar = new ICAL.Component(ICAL.parse(`BEGIN:VCALENDAR\r\n${raw.lines.join("\r\n")}\r\nEND:VCALENDAR`) as unknown[]);
  const component = calendar.getAllSubcomponents()[0];
  if (!component) throw new EventProblem("it is empty");
  return component;
}

/** A reason ical.js or this reader gave, as a sentence part. */
function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").trim().slice(0, 200) || "it could not be read";
}

class EventProblem extends Error {}

function readEvent(component: Component, zones: FeedZones, raw: RawComponent): FeedEvent {
  const given = component.getFirstPropertyValue("uid");
  const uid = typeof given === "string" && given.trim() ? given.trim() : uidOf(raw);
  const start = component.getFirstPropertyValue("dtstart");
  if (!(start instanceof ICAL.Time)) throw new EventProblem("it has no start (DTSTART)");
  const startMs = instant(zones, start, "DTSTART");
  const allDay = start.isDate;
  const recurrence = component.getFirstProperty("recurrence-id");
  const recurrenceId = recurrence?.getFirstValue();
  const rules = component.getAllProperties("rrule").map((property) => property.getFirstValue() as Recur);
  for (const rule of rules) if (!rule?.freq) throw new EventProblem("its repeat rule (RRULE) has no FREQ");
  const status = component.getFirstPropertyValue("status");
  const sequence = Number(component.getFirstPropertyValue("sequence") ?? 0);
  return {
    uid,
    component,
    start,
    startMs,
    allDay,
    durationMs: durationOf(component, zones, start, startMs),
    recurrenceIdMs: recurrenceId instanceof ICAL.Time ? instant(zones, recurrenceId, "RECURRENCE-ID") : null,
    recurrenceDay: recurrenceId instanceof ICAL.Time ? dayOf(recurrenceId) : null,
    thisAndFuture: String(recurrence?.getParameter("range") ?? "").toUpperCase() === "THISANDFUTURE",
    rules,
    rdates: rdatesOf(component, zones),
    ...exdatesOf(component, zones),
    cancelled: typeof status === "string" && status.toUpperCase() === "CANCELLED",
    sequence: Number.isFinite(sequence) ? sequence : 0,
  };
}

/**
 * An event without a UID (RFC 5545 requires one; some exports leave it out) is named by a digest of
 * its text without DTSTAMP: the same across polls while the event is unchanged, so its proposal stays.
 */
function uidOf(raw: RawComponent): string {
  const text = raw.lines.filter((line) => propertyName(line) !== "DTSTAMP").join("\n");
  return `${NO_UID_PREFIX}${createHash("sha256").update(text).digest("base64url").slice(0, 22)}`;
}

/** The prefix of the UIDs given to events that have none (see uidOf). */
export const NO_UID_PREFIX = "minutely-no-uid:";

function instant(zones: FeedZones, time: Time, what: string): number {
  const ms = zones.instantOf(time);
  if (!Number.isFinite(ms)) throw new EventProblem(`its ${what} is not a date`);
  return ms;
}

/** A meeting longer than this is not one (and past it, instants leave what a Date can hold). */
const MAX_DURATION_MS = 366 * 24 * 3600 * 1000;

function durationOf(component: Component, zones: FeedZones, start: Time, startMs: number): number {
  const end = component.getFirstPropertyValue("dtend");
  if (end instanceof ICAL.Time) return Math.max(0, instant(zones, end, "DTEND") - startMs);
  const duration = component.getFirstPropertyValue("duration");
  if (duration instanceof ICAL.Duration) {
    const ms = duration.toSeconds() * 1000;
    if (!Number.isFinite(ms) || ms > MAX_DURATION_MS) throw new EventProblem("its DURATION is longer than a year");
    return Math.max(0, ms);
  }
  return start.isDate ? 24 * 3600 * 1000 : 0;
}

function rdatesOf(component: Component, zones: FeedZones): FeedEvent["rdates"] {
  const rdates: FeedEvent["rdates"] = [];
  for (const property of component.getAllProperties("rdate")) {
    for (const value of property.getValues()) {
      if (value instanceof ICAL.Time) rdates.push({ time: value, ms: instant(zones, value, "RDATE"), durationMs: null });
      else if (value instanceof ICAL.Period) {
        const ms = instant(zones, value.start, "RDATE");
        const end = value.end ? instant(zones, value.end, "RDATE") : ms + (value.duration?.toSeconds() ?? 0) * 1000;
        rdates.push({ time: value.start, ms, durationMs: Math.max(0, end - ms) });
      }
    }
  }
  return rdates.sort((a, b) => a.ms - b.ms);
}

function exdatesOf(component: Component, zones: FeedZones): Pick<FeedEvent, "exdates" | "exdateDays"> {
  const exdates = new Set<number>();
  const exdateDays = new Set<string>();
  for (const property of component.getAllProperties("exdate")) {
    for (const value of property.getValues()) {
      if (!(value instanceof ICAL.Time)) continue;
      if (value.isDate) exdateDays.add(dayOf(value));
      else exdates.add(instant(zones, value, "EXDATE"));
    }
  }
  return { exdates, exdateDays };
}

/** "2026-03-03": a time's calendar day as written (in its own zone). */
export function dayOf(time: Time): string {
  return `${String(time.year).padStart(4, "0")}-${String(time.month).padStart(2, "0")}-${String(time.day).padStart(2, "0")}`;
}

/** Every TZID a component's properties name (DTSTART, DTEND, RECURRENCE-ID, RDATE, EXDATE, …). */
function collectTzids(component: Component, into: Set<string>): void {
  for (const property of component.getAllProperties()) {
    const tzid = property.getParameter("tzid");
    if (typeof tzid === "string" && tzid) into.add(tzid);
  }
}
