import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CORPUS_ROOT, compareCorpus, type CorpusComparison } from "../../../../tests/helpers/ics-corpus.js";

/**
 * Issue 25 §1.4: every occurrence of the real-world corpus (346 files from the test suites of ical.js,
 * python-recurring-ical-events, icalendar and node-ical; tests/fixtures/ics/corpus/README.md) as
 * Minutely reads it, against an independent reading (Python's icalendar 4.0.3 and
 * recurring-ical-events 2.0.1, stored by scripts/ics-corpus/independent-reading.py). Differences
 * only where docs/calendar-capture.md "Corpus" lists them, for the reason given there; a new one, or
 * one that went away, fails here until the list says why. Read under a process zone far from UTC:
 * the server's zone must never decide a time.
 */
const PY = "python-recurring-ical-events/recurring_ical_events/test/calendars/";
const ICAL = "icalendar/src/icalendar/tests/calendars/";
const NODE = "node-ical/test/fixtures/";

/** docs/calendar-capture.md "Corpus": the files whose readings differ, and why (Minutely's reading first). */
const DOCUMENTED_DIFFERENCES: Record<string, string> = {
  // Minutely reads what the independent reader (an older version) gets wrong or leaves out.
  [`${ICAL}issue_165_missing_event.ics`]: "Exchange's BYDAY=MO, TU, WE is repaired: every weekday is read, not only the first",
  [`${ICAL}issue_313_globally_unique_tzid.ics`]: "/mozilla.org/…/America/New_York is that IANA zone, not a floating time",
  [`${NODE}Office-2012-owa.ics`]:
    "Outlook's display-name zones, (UTC-05:00) Eastern Time (US & Canada), are their IANA zones, not floating; a DTSTART the rule does not match is still the first occurrence (RFC 5545 §3.8.5.3)",
  [`${NODE}windows-quoted-tz-rrule.ics`]: "the same: (UTC-05:00) Eastern Time (US and Canada) is America/New_York",
  [`${PY}issue_75_range_parameter.ics`]:
    "RANGE=THISANDFUTURE moves every later occurrence (recurring-ical-events 2.0.1 ignores RANGE)",
  [`${PY}issue_107_omitting_last_event.ics`]: "UNTIL is inclusive: the last Thursday, exactly at UNTIL, is an occurrence",
  [`${PY}issue_148_ignored_exdate.ics`]: "the master with the higher SEQUENCE is read, with its EXDATE",
  [`${PY}issue_148_exdate_and_rdate_updated.ics`]: "the same: only the newer master's EXDATE and RDATE count, not both masters'",
  [`${PY}issue_163_deleted_modification.ics`]:
    "an override whose instance the master removes with EXDATE is gone (2.0.1 still shows it)",
  [`${PY}issue_148_edge_case_1.ics`]: "the same: the EXDATE'd instance's override is not read",
  [`${NODE}recurrence-sequence.ics`]: "a RECURRENCE-ID that matches no occurrence is kept as its own meeting beside the series",
  [`${NODE}tv-show-episode.ics`]: "two events with one UID and no RECURRENCE-ID: the later one is read",
  [`${PY}alarm_absolute_edited.ics`]: "the independent reading lists one occurrence twice",
  // Documented choices where the file is ambiguous or broken.
  [`${NODE}biweekly-exdate-until.ics`]:
    "a series written in UTC repeats in UTC (RFC 5545); x-wr-timezone moves it to X-WR-TIMEZONE",
  "ical.js/samples/rdate_exdate.ics": "EXDATE;VALUE=DATE on a date-time series removes that day's occurrence (as ical.js does)",
  [`${PY}issue_201_mixed_datetime_and_date.ics`]: "DTSTART is a date, so the entry is all-day, whatever DTEND says",
  [`${PY}issue_201_test_matrix.ics`]: "the same: an all-day DTSTART with a date-time DTEND is all-day",
  [`${ICAL}invalid_duration.ics`]: "a DURATION of 10^18 weeks is skipped with its reason, not read as a meeting",
  [`${ICAL}issue_1081_invalid_rrule_freq.ics`]: "FREQ=INVALID_TYPE_CAUSES_ERROR: the event is skipped with its reason",
};

describe("the real-world .ics corpus against an independent reading (issue 25 §1.4)", () => {
  let comparison: CorpusComparison;

  it("reads every file, in a process zone far from UTC, refusing only those that are not calendars", { timeout: 180_000 }, () => {
    const previous = process.env.TZ;
    try {
      process.env.TZ = "Pacific/Chatham";
      comparison = compareCorpus();
    } finally {
      process.env.TZ = previous;
    }
    expect(comparison.files).toBe(346);
    // Bare VEVENTs and VTIMEZONEs, fuzzing cases: none starts with BEGIN:VCALENDAR.
    const calendars = comparison.notCalendars.filter((file) =>
      /^\s*(\uFEFF)?BEGIN:VCALENDAR/i.test(readFileSync(join(CORPUS_ROOT, file), "utf8")),
    );
    expect(calendars).toEqual([]);
    expect(comparison.compared).toBeGreaterThan(180);
    expect(comparison.occurrences).toBeGreaterThan(6000);
  });

  it("differs from it only in the documented files", () => {
    expect([...comparison.differences.keys()].sort()).toEqual(Object.keys(DOCUMENTED_DIFFERENCES).sort());
  });

  it("agrees on everything else, occurrence by occurrence", () => {
    const agreeing = comparison.compared - comparison.differences.size;
    expect(agreeing).toBeGreaterThanOrEqual(170);
  });
});
