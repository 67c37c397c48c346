import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { occurrencesOf } from "../../src/server/capture/calendar/ical/expand-series.js";
import { NO_UID_PREFIX } from "../../src/server/capture/calendar/ical/feed-events.js";
import { NotACalendarError, parseCalendar } from "../../src/server/capture/calendar/read-occurrences.js";

/**
 * The real-world .ics corpus (tests/fixtures/ics/corpus, issue 25 §1.4; docs/calendar-capture.md
 * "Corpus"): Minutely's reading of each file next to the independent reading stored beside it
 * (scripts/ics-corpus/independent-reading.py: Python's icalendar and recurring-ical-events).
 */
export const CORPUS_ROOT = "tests/fixtures/ics/corpus";

type TheirOccurrence = { uid: string; start: string; end: string | null; status: string | null };
type TheirFile = { from: string | null; to: string | null; occurrences: TheirOccurrence[] } | { error: string };

export type CorpusComparison = {
  /** Every .ics file of the corpus. */
  files: number;
  /** Files Minutely refused as not a calendar (a bare VEVENT without VCALENDAR). */
  notCalendars: string[];
  /** Files both readers read and whose occurrences were compared. */
  compared: number;
  /** Occurrences of the independent reading compared (and Minutely's, which may differ in number). */
  occurrences: number;
  /** Files the independent reader could not read (Minutely's reading of them is still checked not to fail). */
  unreadableByThem: number;
  /** Per file that differs: occurrences only in theirs, only in Minutely's. */
  differences: Map<string, { theirsOnly: string[]; oursOnly: string[] }>;
};

/**
 * Every occurrence of a file that starts in [from, to): UID (empty when the file gives none),
 * start ("…Z", or "date:YYYY-MM-DD" for an all-day one). Floating times are read in UTC, as the
 * independent reading writes them. No bounds: the whole reading the bounded one takes its meetings from.
 */
export function corpusReading(body: string, from: string, to: string): string[] {
  const feed = parseCalendar(body, { timeZone: "UTC" });
  feed.zones.install();
  const fromMs = Date.parse(from);
  const toMs = Date.parse(to);
  const found: string[] = [];
  const limits = { max: 100_000, outOfTime: () => false };
  const day = 86_400_000;
  for (const series of feed.series) {
    const uid = series.uid.startsWith(NO_UID_PREFIX) ? "" : series.uid;
    for (const occurrence of occurrencesOf(series, feed.zones, fromMs - 2 * day, toMs + 2 * day, limits, 400 * day).occurrences) {
      const start = occurrence.allDay ? Date.parse(`${occurrence.day}T00:00:00Z`) : occurrence.startMs;
      if (start < fromMs || start >= toMs) continue;
      found.push(`${uid} ${occurrence.allDay ? `date:${occurrence.day}` : `${new Date(start).toISOString().slice(0, 19)}Z`}`);
    }
  }
  return found;
}

export function compareCorpus(): CorpusComparison {
  const theirs = JSON.parse(readFileSync(join(CORPUS_ROOT, "independent-reading.json"), "utf8")) as {
    files: Record<string, TheirFile>;
  };
  const result: CorpusComparison = {
    files: 0,
    notCalendars: [],
    compared: 0,
    occurrences: 0,
    unreadableByThem: 0,
    differences: new Map(),
  };
  for (const file of icsFiles(CORPUS_ROOT)) {
    result.files += 1;
    const body = readFileSync(join(CORPUS_ROOT, file), "utf8");
    const their = theirs.files[file];
    let ours: string[] = [];
    try {
      if (their && "from" in their && their.from && their.to) ours = corpusReading(body, their.from, their.to);
      else parseCalendar(body);
    } catch (error) {
      if (error instanceof NotACalendarError) {
        result.notCalendars.push(file);
        continue;
      }
      throw new Error(`${file}: ${(error as Error).message}`);
    }
    if (!their || "error" in their) {
      result.unreadableByThem += 1;
      continue;
    }
    if (!their.from) continue;
    result.compared += 1;
    result.occurrences += their.occurrences.length;
    // Floating times: the independent reading writes them as such; Minutely read them in UTC here.
    const expected = their.occurrences.map(
      (o) => `${o.uid} ${o.start.startsWith("floating:") ? `${o.start.slice(9)}Z` : o.start}`,
    );
    const theirsOnly = without(expected, ours);
    const oursOnly = without(ours, expected);
    if (theirsOnly.length || oursOnly.length) result.differences.set(file, { theirsOnly, oursOnly });
  }
  return result;
}

/** `a` less `b`, counting repeats. */
function without(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const item of b) left.set(item, (left.get(item) ?? 0) + 1);
  return a.filter((item) => {
    const n = left.get(item) ?? 0;
    if (n > 0) left.set(item, n - 1);
    return n === 0;
  });
}

function icsFiles(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((name) => name.endsWith(".ics"))
    .map((name) => relative(root, join(root, name)).split("\\").join("/"))
    .sort();
}
