import { tzOffset } from "@date-fns/tz";
import ICAL from "ical.js";
import { findIana } from "windows-iana";
import windowsDisplayNames from "./windows-display-names.json" with { type: "json" };

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;

/**
 * Which zone a TZID in a calendar file names (docs/calendar-capture.md "Time zones"),
 * in this order: an IANA name ("America/New_York", also behind a path such as Mozilla's
 * "/mozilla.org/20050126_1/America/New_York"); a Windows name Outlook writes ("W. Europe Standard
 * Time", through CLDR's table in windows-iana, or its display name "(UTC+01:00) Amsterdam, Berlin, …"); else the file's own VTIMEZONE with that TZID (Office
 * 365's `TZID:1`, Zimbra's "(GMT+01.00) Amsterdam / Berlin / …", "Customized Time Zone",
 * "custom_America/New_York"), read by ical.js. A TZID with none of these, and a floating time (no
 * zone at all), is read in the calendar's X-WR-TIMEZONE when that is an IANA name, else in the
 * account's own zone: never in the server's, so the result is the same whatever the process's TZ.
 */
export type FeedZones = {
  /** Registers this file's zones with ical.js (one registry per thread: call before reading values). */
  install(): void;
  /** The instant (ms) of a date-time value, whatever its zone. */
  instantOf(time: Time): number;
  /** TZIDs that no rule above resolved, read in `floatingZone`. */
  unresolved: string[];
  floatingZone: string;
};

const ianaCache = new Map<string, string | null>();

/** The IANA name a TZID stands for (directly, behind a path, or as a Windows name), or null. */
export function ianaZoneOf(tzid: string): string | null {
  const cached = ianaCache.get(tzid);
  if (cached !== undefined) return cached;
  const name = tzid.trim().replace(/^"|"$/g, "");
  const candidates = [name, ...suffixesAfterSlash(name)];
  let found: string | null = null;
  for (const candidate of candidates) {
    if (isIanaZone(candidate)) {
      found = candidate;
      break;
    }
  }
  found ??= findIana(name).find(isIanaZone) ?? displayNameZone(name);
  if (ianaCache.size > 1000) ianaCache.clear();
  ianaCache.set(tzid, found);
  return found;
}

/**
 * Outlook desktop writes Windows' display names ("(UTC-05:00) Eastern Time (US & Canada)"): their
 * zones, from node-ical's table (windows-display-names.json, Apache-2.0, see its folder's NOTICE).
 */
function displayNameZone(name: string): string | null {
  const zone = (windowsDisplayNames as Record<string, string>)[name];
  return zone && isIanaZone(zone) ? zone : null;
}

function suffixesAfterSlash(name: string): string[] {
  if (!name.startsWith("/")) return [];
  const parts = name.split("/").filter(Boolean);
  return parts.map((_, at) => parts.slice(at).join("/")).slice(1);
}

/** A zone name Intl knows, not a bare offset (tzOffset would read "(GMT+01.00) …" as +01:00). */
function isIanaZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * The instant of a wall-clock time in an IANA zone. Ambiguous (the repeated hour in autumn): the
 * first, and in the gap of spring: with the offset before the gap, both as RFC 5545 §3.3.5 says.
 */
export function wallToInstant(zone: string, wallMs: number): number {
  const before = offsetAt(zone, wallMs - DAY_MS);
  const after = offsetAt(zone, wallMs + DAY_MS);
  const early = wallMs - before;
  const late = wallMs - after;
  const earlyHolds = offsetAt(zone, early) === before;
  const lateHolds = offsetAt(zone, late) === after;
  if (earlyHolds && lateHolds) return Math.min(early, late);
  if (lateHolds) return late;
  return early;
}

const QUARTER_HOUR_MS = 15 * 60_000;
const offsets = new Map<string, Map<number, number>>();

/**
 * A zone's UTC offset (ms) at an instant, remembered per quarter hour: every zone changes its offset
 * on a quarter hour, and Intl costs microseconds a call (a 5,000-event feed asks tens of thousands).
 */
function offsetAt(zone: string, ms: number): number {
  const known = offsets.get(zone) ?? new Map<number, number>();
  if (known.size > 200_000) known.clear();
  offsets.set(zone, known);
  const bucket = Math.floor(ms / QUARTER_HOUR_MS);
  let offset = known.get(bucket);
  if (offset === undefined) {
    offset = tzOffset(zone, new Date(bucket * QUARTER_HOUR_MS)) * 60_000;
    known.set(bucket, offset);
  }
  return offset;
}

export function wallMsOf(time: Time): number {
  return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
}

/** An ical.js zone whose offsets come from the runtime's IANA data (Intl). */
class IanaZone extends ICAL.Timezone {
  constructor(
    tzid: string,
    readonly iana: string,
  ) {
    super({ tzid });
  }

  override utcOffset(time: Time): number {
    const wall = wallMsOf(time);
    return (wall - wallToInstant(this.iana, wall)) / 1000;
  }
}

/**
 * The zones of one file: every TZID its properties use, and its VTIMEZONEs. `floatingZone` is
 * X-WR-TIMEZONE when that is an IANA name, else `accountZone`.
 */
export function feedZones(options: {
  tzids: Iterable<string>;
  vtimezones: ReadonlyMap<string, Component>;
  calendarZone: string | null;
  accountZone: string;
}): FeedZones {
  // An account zone Intl does not know (never expected: the profile form checks it) reads as UTC.
  const floatingZone = (options.calendarZone && ianaZoneOf(options.calendarZone)) || ianaZoneOf(options.accountZone) || "UTC";
  const zones = new Map<string, InstanceType<typeof ICAL.Timezone>>();
  const unresolved: string[] = [];
  for (const tzid of new Set(options.tzids)) {
    if (/^(utc|gmt|z)$/i.test(tzid)) continue;
    const iana = ianaZoneOf(tzid);
    const vtimezone = options.vtimezones.get(tzid);
    if (iana) zones.set(tzid, new IanaZone(tzid, iana));
    else if (vtimezone && readableVtimezone(vtimezone)) zones.set(tzid, new ICAL.Timezone(vtimezone));
    else {
      zones.set(tzid, new IanaZone(tzid, floatingZone));
      unresolved.push(tzid);
    }
  }
  return {
    install() {
      ICAL.TimezoneService.reset();
      for (const [tzid, zone] of zones) ICAL.TimezoneService.register(zone, tzid);
    },
    instantOf(time) {
      if (time.zone === ICAL.Timezone.localTimezone) return wallToInstant(floatingZone, wallMsOf(time));
      return time.toUnixTime() * 1000;
    },
    unresolved,
    floatingZone,
  };
}

/** A VTIMEZONE ical.js can take offsets from: a TZID and at least one STANDARD or DAYLIGHT with an offset. */
function readableVtimezone(component: Component): boolean {
  try {
    const parts = [...component.getAllSubcomponents("standard"), ...component.getAllSubcomponents("daylight")];
    if (!parts.length || !parts.every((part) => part.hasProperty("tzoffsetto") && part.hasProperty("dtstart"))) return false;
    const probe = new ICAL.Timezone(component);
    return Number.isFinite(probe.utcOffset(ICAL.Time.fromData({ year: 2026, month: 1, day: 1, hour: 12 })));
  } catch {
    return false;
  }
}
