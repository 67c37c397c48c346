/**
 * What a read left out of a calendar and why: one component that cannot be read is
 * skipped and the rest of the feed is read. Each poll stores these sentences with the feed and the
 * Calendar tab lists them under "Some entries could not be read" (docs/calendar-capture.md).
 */

/** Sentences kept per poll; past it, one sentence counts the rest. */
export const MAX_SKIPPED_LISTED = 20;

export const feedNote = {
  /** `what`: “Title”, "the event with UID …" or "the vevent at line 12"; `reason`: "it has no END:VEVENT". */
  skipped: (what: string, reason: string) => `${what.charAt(0).toUpperCase()}${what.slice(1)} was left out: ${reason}.`,
  moreSkipped: (left: number) =>
    `${left.toLocaleString("en-US")} more ${left === 1 ? "entry was" : "entries were"} left out for the same kinds of reasons.`,
  zoneUnknown: (tzid: string, readIn: string) =>
    `Times in the zone “${tzid}” were read in ${readIn}: the calendar neither defines that zone nor uses a known name for it.`,
};

/**
 * The sentences to store: at most MAX_SKIPPED_LISTED, then one that counts the rest. They quote the
 * feed (titles, UIDs, the parser's message about a value), which anyone who sends an invitation
 * writes: control characters and lone surrogates are dropped (PostgreSQL's jsonb refuses NUL).
 */
export function listedNotes(notes: readonly string[]): string[] {
  const kept = notes.length <= MAX_SKIPPED_LISTED ? notes : notes.slice(0, MAX_SKIPPED_LISTED);
  const listed = kept.map(storable);
  return notes.length <= MAX_SKIPPED_LISTED ? listed : [...listed, feedNote.moreSkipped(notes.length - MAX_SKIPPED_LISTED)];
}

function storable(sentence: string): string {
  // By code point: a pair of surrogates is one (kept), a lone one is alone (dropped).
  return Array.from(sentence)
    .filter((char) => {
      const code = char.codePointAt(0) ?? 0;
      return (code >= 0x20 && code !== 0x7f && (code < 0xd800 || code > 0xdfff)) || char === "\t" || char === "\n";
    })
    .join("");
}
