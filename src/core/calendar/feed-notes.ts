/**
 * What a read left out of a calendar and why (issue 25 §1.2): one component that cannot be read is
 * skipped and the rest of the feed is read. Each poll stores these sentences with the feed and the
 * Calendar tab lists them under "Some entries could not be read" (docs/calendar-feeds.md).
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

/** The sentences to store: at most MAX_SKIPPED_LISTED, then one that counts the rest. */
export function listedNotes(notes: readonly string[]): string[] {
  if (notes.length <= MAX_SKIPPED_LISTED) return [...notes];
  return [...notes.slice(0, MAX_SKIPPED_LISTED), feedNote.moreSkipped(notes.length - MAX_SKIPPED_LISTED)];
}
