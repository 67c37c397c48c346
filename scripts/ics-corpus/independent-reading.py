#!/usr/bin/python3
"""The independent reading of the real-world .ics corpus (issue 25 §1.4; docs/calendar-capture.md "Corpus").

Reads every file under tests/fixtures/ics/corpus with Python's icalendar and recurring-ical-events
(Debian 12: `apt-get install python3-icalendar python3-recurring-ical-events`; icalendar 4.0.3, pytz,
recurring-ical-events 2.0.1, python-dateutil), a parser that shares no code with Minutely's (ical.js),
and writes what it found to tests/fixtures/ics/corpus/independent-reading.json: per file, the range
read and every occurrence that STARTS in it (UID, start, end, status). tests/api… no: the unit test
src/server/capture/calendar/ics-corpus.test.ts compares Minutely's reading with it.

Times: an instant as ISO UTC ("2026-03-03T15:00:00Z"); a floating time (no zone, or a zone the
reader does not know) as "floating:2026-03-03T10:00:00"; a date as "date:2026-03-03". The range of a
file: from the day of its earliest DTSTART, 400 days (30 when that holds more than 2,000 occurrences).

Run from the repository's root: /usr/bin/python3 scripts/ics-corpus/independent-reading.py
"""
import datetime
import json
import os
import sys

import icalendar
import recurring_ical_events
from icalendar.timezone_cache import _timezone_cache

ROOT = os.path.join("tests", "fixtures", "ics", "corpus")
UTC = datetime.timezone.utc


def text(value):
    if isinstance(value, datetime.datetime):
        if value.tzinfo is None:
            return "floating:" + value.strftime("%Y-%m-%dT%H:%M:%S")
        return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    if isinstance(value, datetime.date):
        return "date:" + value.strftime("%Y-%m-%d")
    return None


def earliest_start(calendar):
    starts = []
    for event in calendar.walk("VEVENT"):
        start = event.get("DTSTART")
        if start is None:
            continue
        value = start.dt
        if isinstance(value, datetime.datetime):
            starts.append(value.date() if value.tzinfo is None else value.astimezone(UTC).date())
        elif isinstance(value, datetime.date):
            starts.append(value)
    return min(starts) if starts else None


def starts_in(value, start, stop):
    """Whether an occurrence's start lies in [start, stop): floating times and dates are read as UTC."""
    if isinstance(value, datetime.datetime):
        instant = value.replace(tzinfo=UTC) if value.tzinfo is None else value
    else:
        instant = datetime.datetime(value.year, value.month, value.day, tzinfo=UTC)
    return start <= instant < stop


def read(path):
    _timezone_cache.clear()  # icalendar keeps VTIMEZONEs across files otherwise
    with open(path, "rb") as handle:
        calendar = icalendar.Calendar.from_ical(handle.read())
    first = earliest_start(calendar)
    if first is None:
        return {"from": None, "to": None, "occurrences": []}
    for days in (400, 30):
        start = datetime.datetime(first.year, first.month, first.day, tzinfo=UTC)
        stop = start + datetime.timedelta(days=days)
        padding = datetime.timedelta(days=2)
        found = recurring_ical_events.of(calendar).between(start - padding, stop + padding)
        occurrences = []
        for event in found:
            begin = event["DTSTART"].dt
            if not starts_in(begin, start, stop):
                continue
            end = event["DTEND"].dt if "DTEND" in event else None
            occurrences.append(
                {
                    "uid": str(event.get("UID", "")),
                    "start": text(begin),
                    "end": text(end) if end is not None else None,
                    "status": str(event.get("STATUS", "")).upper() or None,
                }
            )
        if len(occurrences) <= 2000:
            break
    occurrences.sort(key=lambda o: (o["uid"], o["start"], o["end"] or ""))
    return {
        "from": start.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "to": stop.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "occurrences": occurrences,
    }


def main():
    files = {}
    for folder, _dirs, names in os.walk(ROOT):
        for name in names:
            if not name.endswith(".ics"):
                continue
            path = os.path.join(folder, name)
            key = os.path.relpath(path, ROOT).replace(os.sep, "/")
            try:
                files[key] = read(path)
            except Exception as error:  # the independent reader could not read it: recorded, not compared
                files[key] = {"error": "%s: %s" % (type(error).__name__, str(error)[:200])}
    reading = {
        "reader": "icalendar %s, recurring-ical-events 2.0.1, Python %s"
        % (icalendar.__version__, sys.version.split()[0]),
        "files": dict(sorted(files.items())),
    }
    # One line per occurrence, without indentation: small enough for the linter's 1 MiB, easy to diff.
    with open(os.path.join(ROOT, "independent-reading.json"), "w") as out:
        out.write('{"reader": %s, "files": {\n' % json.dumps(reading["reader"]))
        names = list(reading["files"])
        for at, name in enumerate(names):
            entry = reading["files"][name]
            out.write(" %s: " % json.dumps(name))
            if "occurrences" in entry:
                lines = [json.dumps(o, separators=(",", ":")) for o in entry["occurrences"]]
                out.write('{"from": %s, "to": %s, "occurrences": [' % (json.dumps(entry["from"]), json.dumps(entry["to"])))
                out.write(("\n  " + ",\n  ".join(lines) + "\n ") if lines else "")
                out.write("]}")
            else:
                out.write(json.dumps(entry))
            out.write(",\n" if at < len(names) - 1 else "\n")
        out.write("}}\n")
    errors = sum(1 for f in files.values() if "error" in f)
    total = sum(len(f.get("occurrences", [])) for f in files.values())
    print("%d files, %d unreadable by this reader, %d occurrences" % (len(files), errors, total))


if __name__ == "__main__":
    main()
