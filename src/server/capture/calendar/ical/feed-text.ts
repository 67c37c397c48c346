/**
 * A calendar file cut into its top-level components before anything parses it, so
 * one component that cannot be read is skipped with its reason and the rest of the feed is read:
 * real files hold an event without its END line, a rule with spaces, an empty `RRULE:`. Lines are
 * unfolded (RFC 5545 §3.1) and the repeat rules calendar programs write outside the grammar are
 * repaired where their meaning is plain (docs/calendar-capture.md "What is repaired, what is skipped"):
 * - `BYDAY=MO, TU, WE` (Exchange's "Microsoft CDO"): the spaces are dropped;
 * - an empty `RRULE:` (holiday feeds): the line is dropped, the event is a single one;
 * - a line that is no property at all (no ":"): dropped;
 * - a date without VALUE=DATE (`DTSTART:20220101`) is marked as one, a date-time marked as a date
 *   (`DTSTART;VALUE=DATE:20110804T120000`) is read as the date-time it is;
 * - `RSCALE=GREGORIAN` (RFC 7529) with `SKIP=OMIT` or no SKIP: means what the rule without them
 *   means, so they are dropped; another RSCALE or SKIP makes the event skipped, with the reason.
 */
export type RawComponent = {
  /** VEVENT, VTIMEZONE, VTODO, … */
  kind: string;
  lines: string[];
  /** Line number (1-based, after unfolding) of its BEGIN. */
  line: number;
  /** Why it cannot be read (cut short, an unreadable repeat rule), or null. */
  problem: string | null;
};

export type FeedText = {
  /** True when the text has a BEGIN:VCALENDAR at all. */
  isCalendar: boolean;
  components: RawComponent[];
  /** X-WR-TIMEZONE of the calendar, when it has one. */
  calendarZone: string | null;
};

/** Components that stand at the top of a calendar: one of them begun inside another means the other was cut short. */
const TOP_LEVEL = new Set(["VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "VAVAILABILITY"]);

export function splitFeed(body: string): FeedText {
  const lines = unfold(body);
  const components: RawComponent[] = [];
  let isCalendar = false;
  let inCalendar = false;
  let calendarZone: string | null = null;
  let current: (RawComponent & { depth: number }) | null = null;
  const close = (problem: string | null) => {
    if (!current) return;
    const { depth: _depth, ...component } = current;
    components.push({ ...component, problem: component.problem ?? problem });
    current = null;
  };
  lines.forEach((line, index) => {
    const name = propertyName(line);
    const value =
      name === "BEGIN" || name === "END"
        ? line
            .slice(line.indexOf(":") + 1)
            .trim()
            .toUpperCase()
        : "";
    if (!inCalendar) {
      if (name === "BEGIN" && value === "VCALENDAR") inCalendar = isCalendar = true;
      return;
    }
    if (!current) {
      if (name === "BEGIN") current = { kind: value, lines: [line], line: index + 1, problem: null, depth: 1 };
      else if (name === "END" && value === "VCALENDAR") inCalendar = false;
      else if (name === "X-WR-TIMEZONE") calendarZone ??= line.slice(line.indexOf(":") + 1).trim() || null;
      return;
    }
    if (name === "BEGIN" && TOP_LEVEL.has(value)) {
      close(`it has no END:${current.kind} before the next ${value}`);
      current = { kind: value, lines: [line], line: index + 1, problem: null, depth: 1 };
      return;
    }
    if (name === "END" && value === "VCALENDAR") {
      close(`it has no END:${current.kind}`);
      inCalendar = false;
      return;
    }
    // A line without a value (`X-APPLE-RADIUS=49.9`, `SUMMARY=test`) is no property: it is dropped, the rest is read.
    if (!line.includes(":")) return;
    if (name === "RRULE" || name === "EXRULE") {
      const repaired = repairRule(line);
      if (repaired.problem) current.problem ??= repaired.problem;
      if (repaired.line) current.lines.push(repaired.line);
    } else current.lines.push(DATE_VALUED.has(name) ? markBareDate(line) : line);
    if (name === "BEGIN") current.depth += 1;
    if (name === "END") {
      current.depth -= 1;
      if (current.depth === 0) close(null);
    }
  });
  if (current) close(`the file ends before its END:${(current as RawComponent).kind}`);
  return { isCalendar, components, calendarZone };
}

/** Properties whose value may be a bare date. */
const DATE_VALUED = new Set(["DTSTART", "DTEND", "DUE", "RECURRENCE-ID", "EXDATE", "RDATE"]);

/**
 * `DTSTART:20220101` (a date without VALUE=DATE, as some exporters write it) marked as the date it
 * is: RFC 5545's default type is DATE-TIME, which eight digits cannot be.
 */
function markBareDate(line: string): string {
  const colon = line.indexOf(":");
  if (colon < 0) return line;
  // `DTSTART;VALUE=DATE:20110804T120000`: the time is written, so it is a date-time.
  if (/;VALUE=DATE(?=[;:])/i.test(line.slice(0, colon + 1)) && /^\d{8}T\d{6}Z?$/.test(line.slice(colon + 1).trim()))
    return line.slice(0, colon).replace(/;VALUE=DATE(?=;|$)/i, "") + line.slice(colon);
  if (/;VALUE=/i.test(line.slice(0, colon))) return line;
  return /^\d{8}(,\d{8})*$/.test(line.slice(colon + 1).trim()) ? `${line.slice(0, colon)};VALUE=DATE${line.slice(colon)}` : line;
}

function unfold(body: string): string[] {
  const text = body.charCodeAt(0) === 0xfeff ? body.slice(1) : body;
  const lines: string[] = [];
  for (const line of text.split(/\r\n|\n|\r/)) {
    if ((line.startsWith(" ") || line.startsWith("\t")) && lines.length) lines[lines.length - 1] += line.slice(1);
    else if (line.trim()) lines.push(line);
  }
  return lines;
}

/** A content line's name, upper case: the text before the first ";" or ":". */
export function propertyName(line: string): string {
  const end = line.search(/[;:]/);
  return (end < 0 ? line : line.slice(0, end)).trim().toUpperCase();
}

/** A repeat rule as ical.js can read it, or dropped (empty), or the reason it is not read. */
function repairRule(line: string): { line: string | null; problem: string | null } {
  const colon = line.indexOf(":");
  const head = line.slice(0, colon < 0 ? line.length : colon);
  const value = (colon < 0 ? "" : line.slice(colon + 1)).replace(/\s+/g, "").toUpperCase().replace(/;+$/, "");
  if (!value) return { line: null, problem: null };
  const parts = value.split(";").filter(Boolean);
  const part = (key: string) => parts.find((p) => p.startsWith(`${key}=`))?.slice(key.length + 1) ?? null;
  const rscale = part("RSCALE");
  const skip = part("SKIP");
  if (rscale && rscale !== "GREGORIAN")
    return {
      line: null,
      problem: `it repeats by the ${rscale.toLowerCase()} calendar (RSCALE, RFC 7529), which Minutely cannot read`,
    };
  if (skip && skip !== "OMIT")
    return { line: null, problem: `it repeats with SKIP=${skip} (RFC 7529), which Minutely cannot read` };
  const kept = parts.filter((p) => !p.startsWith("RSCALE=") && !p.startsWith("SKIP="));
  return { line: `${head}:${kept.join(";")}`, problem: null };
}

/** How the Calendar tab names a component: its title, else its UID, else where it is in the file. */
export function describeComponent(component: RawComponent): string {
  const value = (name: string) => {
    const line = component.lines.find((l) => propertyName(l) === name);
    if (!line) return null;
    const text = line
      .slice(line.indexOf(":") + 1)
      .replace(/\\([,;\\])/g, "$1")
      .replace(/\\n/gi, " ")
      .trim();
    return text ? text.slice(0, 80) : null;
  };
  const title = value("SUMMARY");
  if (title) return `“${title}”`;
  const uid = value("UID");
  if (uid) return `the event with UID ${uid}`;
  return `the ${component.kind.toLowerCase()} at line ${component.line}`;
}
