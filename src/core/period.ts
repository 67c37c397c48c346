import { TZDate } from "@date-fns/tz";
import { format, startOfDay, startOfWeek } from "date-fns";

/**
 * Calendar periods computed in the account's IANA time zone (docs/decisions.md D7), never the
 * server's: "today" for a user in New York must not end at UTC midnight. Weeks start on
 * Sunday. Ranges are half-open: `start` inclusive, `end` exclusive, so
 * consecutive periods tile time exactly, across 23- and 25-hour daylight-saving days too.
 */

export const PERIOD_KINDS = ["today", "week", "month", "year"] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** Instants for queries, calendar days ("yyyy-MM-dd", endDate inclusive) for labels and the API. */
export type PeriodRange = { start: Date; end: Date; startDate: string; endDate: string };

/** `month` is 1–12. For "month" and "year", a missing month or year means the current one in the zone. */
export type PeriodInput = { kind: PeriodKind; timezone: string; now: Date; month?: number; year?: number };

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const SHORT_MONTHS = MONTH_NAMES.map((name) => name.slice(0, 3));

/** True for names the platform's time-zone database knows ("America/New_York", "UTC"); false for "", offsets and junk. */
export function isValidTimeZone(timezone: unknown): timezone is string {
  return canonicalTimeZone(timezone) !== null;
}

/** Answers of canonicalTimeZone by spelling; bounded, since the spellings come from user input. */
const canonicalZones = new Map<string, string | null>();
const MAX_REMEMBERED_ZONES = 1000;

/** The canonical spelling of a zone ("us/eastern" → "America/New_York"), so the database stores one name; null if unknown. */
export function canonicalTimeZone(timezone: unknown): string | null {
  if (typeof timezone !== "string" || timezone.trim() === "") return null;
  // Building an Intl.DateTimeFormat costs 0.1–0.5 ms, and every period computation checks its zone.
  const known = canonicalZones.get(timezone);
  if (known !== undefined) return known;
  let canonical: string | null;
  try {
    canonical = new Intl.DateTimeFormat("en-US", { timeZone: timezone }).resolvedOptions().timeZone;
  } catch {
    canonical = null;
  }
  if (canonicalZones.size >= MAX_REMEMBERED_ZONES) canonicalZones.clear();
  canonicalZones.set(timezone, canonical);
  return canonical;
}


/** True for a real calendar day written "yyyy-MM-dd", years 1000–9999 (rejects "2026-02-30"): the shape API date queries use. */
export function isCalendarDate(value: unknown): value is string {
  return typeof value === "string" && parseCalendarDate(value) !== null;
}

/** Each zone's formatter of calendar days; bounded, since zones come from accounts' settings. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day ("yyyy-MM-dd") of an instant, today by default, in the zone: an invoice's issue date, a
 * line's work date, the day an invoice-ready notification names. Read from an Intl formatter kept per zone:
 * 2 µs, where a TZDate formatted by date-fns took 11 µs (invoices had a copy of their own for that reason).
 */
export function todayInZone(timezone: string, now: Date = new Date()): string {
  assertTimeZone(timezone);
  let dayFormat = dayFormats.get(timezone);
  if (!dayFormat) {
    if (dayFormats.size >= MAX_REMEMBERED_ZONES) dayFormats.clear();
    dayFormat = new Intl.DateTimeFormat("en-US", { timeZone: timezone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timezone, dayFormat);
  }
  let year = "";
  let month = "";
  let day = "";
  for (const part of dayFormat.formatToParts(now)) {
    if (part.type === "year") year = part.value.padStart(4, "0");
    else if (part.type === "month") month = part.value;
    else if (part.type === "day") day = part.value;
  }
  return `${year}-${month}-${day}`;
}

/** Ranges already computed, by kind, zone and the year and month asked for ("" when taken from `now`); bounded. */
const rememberedRanges = new Map<string, PeriodRange>();
const MAX_REMEMBERED_RANGES = 1000;

/**
 * The instants and days of today, this week, a month or a year as the account's user sees them.
 * Remembered: a zoned range costs about 0.5 ms of TZDate and date-fns work (two of them were most of the
 * Team overview's app CPU, docs/performance.md issue 26), and the same ones are asked for at every request.
 * A range taken from `now` is reused only while `now` lies inside it: periods tile time, so every instant of
 * a range has that same range. A range whose year and month are both given does not depend on `now`. Each
 * answer is a fresh copy, so a caller that changes its Dates changes nothing remembered.
 */
export function periodRange(input: PeriodInput): PeriodRange {
  const { kind, timezone, now } = input;
  const givenYear = input.year !== undefined;
  const givenMonth = input.month !== undefined;
  // A month of a given year but "this" month (or the reverse) is neither fixed nor a range holding `now`.
  const fixed = (kind === "year" && givenYear) || (kind === "month" && givenYear && givenMonth);
  const fromNow = kind === "today" || kind === "week" || (kind === "year" && !givenYear) || (kind === "month" && !givenYear && !givenMonth);
  if (!fixed && !fromNow) return computePeriodRange(input);
  const key = `${kind} ${timezone} ${givenYear ? input.year : ""} ${kind === "month" && givenMonth ? input.month : ""}`;
  let range = rememberedRanges.get(key);
  const t = now.getTime();
  if (!range || (fromNow && !(t >= range.start.getTime() && t < range.end.getTime()))) {
    range = computePeriodRange(input);
    if (rememberedRanges.size >= MAX_REMEMBERED_RANGES) rememberedRanges.clear();
    rememberedRanges.set(key, range);
  }
  return { start: new Date(range.start.getTime()), end: new Date(range.end.getTime()), startDate: range.startDate, endDate: range.endDate };
}

function computePeriodRange(input: PeriodInput): PeriodRange {
  const { kind, timezone, now } = input;
  assertTimeZone(timezone);
  const zonedNow = new TZDate(now.getTime(), timezone);
  const year = input.year ?? zonedNow.getFullYear();
  const month = input.month ?? zonedNow.getMonth() + 1;
  switch (kind) {
    case "today": {
      const start = startOfDay(zonedNow);
      return toRange(start, dayStart(start.getFullYear(), start.getMonth(), start.getDate() + 1, timezone), timezone);
    }
    case "week": {
      const start = startOfWeek(zonedNow, { weekStartsOn: 0 });
      return toRange(start, dayStart(start.getFullYear(), start.getMonth(), start.getDate() + 7, timezone), timezone);
    }
    case "month":
      assertYear(year);
      if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`month must be 1–12, got ${month}`);
      return toRange(dayStart(year, month - 1, 1, timezone), dayStart(year, month, 1, timezone), timezone);
    case "year":
      assertYear(year);
      return toRange(dayStart(year, 0, 1, timezone), dayStart(year + 1, 0, 1, timezone), timezone);
    default:
      throw new RangeError(`unknown period kind ${String(kind)}`);
  }
}

/**
 * The instants covering whole calendar days startDate…endDate (inclusive) in the zone: the
 * invoice period and the `startDate`/`endDate` API queries. Throws RangeError on a bad day,
 * an unknown zone, or an end before the start.
 */
export function dayRangeInZone(startDate: string, endDate: string, timezone: string): { start: Date; end: Date } {
  assertTimeZone(timezone);
  const from = parseCalendarDate(startDate);
  const to = parseCalendarDate(endDate);
  if (!from) throw new RangeError(`startDate must be a calendar day yyyy-MM-dd, got ${startDate}`);
  if (!to) throw new RangeError(`endDate must be a calendar day yyyy-MM-dd, got ${endDate}`);
  if (endDate < startDate) throw new RangeError("endDate is before startDate");
  return {
    start: new Date(startOfDayInZone(from.year, from.month, from.day, timezone)),
    end: new Date(startOfDayInZone(to.year, to.month, to.day + 1, timezone)),
  };
}

/** Answers of startOfDayInZone; bounded, since the days come from API queries. */
const dayStarts = new Map<string, number>();
const MAX_REMEMBERED_DAY_STARTS = 10_000;

/**
 * The epoch milliseconds at which a day (month 1–12; a day past the month's end rolls over) starts in
 * the zone. Remembered: a zoned day start asks Intl for offsets several times (about 0.1 ms), and the
 * client log asks for the same period bounds on every read. Zone rules do not change while a process
 * runs, so an answer never goes stale.
 */
function startOfDayInZone(year: number, month: number, day: number, timezone: string): number {
  const key = `${timezone} ${year} ${month} ${day}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return known;
  const start = dayStart(year, month - 1, day, timezone).getTime();
  if (dayStarts.size >= MAX_REMEMBERED_DAY_STARTS) dayStarts.clear();
  dayStarts.set(key, start);
  return start;
}

export type PeriodLabelInput =
  | { kind: "today" | "week"; month?: number; year?: number }
  | { kind: "month"; month: number; year: number }
  | { kind: "year"; month?: number; year: number };

/** The history titles' period label: "Today", "This Week", "November 2026", "2026". */
export function periodLabel(input: PeriodLabelInput): string {
  switch (input.kind) {
    case "today":
      return "Today";
    case "week":
      return "This Week";
    case "month": {
      const name = MONTH_NAMES[input.month - 1];
      if (!name) throw new RangeError(`month must be 1–12, got ${input.month}`);
      return `${name} ${input.year}`;
    }
    case "year":
      return String(input.year);
  }
}

/**
 * "MMM d - MMM d, yyyy": "Nov 1 - Nov 30, 2026". A range that crosses New
 * Year, which the one-year format cannot show, names both years: "Dec 28, 2025 - Jan 3, 2026".
 */
export function dateRangeLabel(startDate: string, endDate: string): string {
  const from = parseCalendarDate(startDate);
  const to = parseCalendarDate(endDate);
  if (!from || !to) throw new RangeError("dates must be calendar days yyyy-MM-dd");
  const left = `${SHORT_MONTHS[from.month - 1]} ${from.day}`;
  const right = `${SHORT_MONTHS[to.month - 1]} ${to.day}, ${to.year}`;
  return from.year === to.year ? `${left} - ${right}` : `${left}, ${from.year} - ${right}`;
}

/** The year selector's choices, ascending: the current year (in the zone) −5 … +1. */
export function yearChoices(now: Date = new Date(), timezone = "UTC"): number[] {
  assertTimeZone(timezone);
  const current = new TZDate(now.getTime(), timezone).getFullYear();
  return Array.from({ length: 7 }, (_, index) => current - 5 + index);
}

/** Start of a calendar day in the zone; day and month may overflow (day 32 is the next month's 1st). */
function dayStart(year: number, monthIndex: number, day: number, timezone: string): TZDate {
  // Noon always exists, while midnight can fall in a DST gap (America/Santiago): go from noon.
  return startOfDay(new TZDate(year, monthIndex, day, 12, timezone));
}

function toRange(start: Date, end: Date, timezone: string): PeriodRange {
  return {
    start: new Date(start.getTime()),
    end: new Date(end.getTime()),
    startDate: format(start, "yyyy-MM-dd"),
    // The last instant before `end` lies on the last day; format it in the same zone.
    endDate: format(new TZDate(end.getTime() - 1, timezone), "yyyy-MM-dd"),
  };
}

function parseCalendarDate(value: string): { year: number; month: number; day: number } | null {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  // Years below 1000 are refused: Date maps 0–99 to 1900–1999, and no bill is that old.
  const probe = new Date(Date.UTC(year, month - 1, day));
  const valid = year >= 1000 && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
  return valid ? { year, month, day } : null;
}

function assertTimeZone(timezone: string): void {
  if (!isValidTimeZone(timezone)) throw new RangeError(`unknown time zone ${JSON.stringify(timezone)}`);
}

function assertYear(year: number): void {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`year must be 1000–9999, got ${year}`);
}
