/**
 * The identity of one meeting in a calendar feed (docs/calendar-capture.md): the event's UID and the start the
 * occurrence ORIGINALLY had (its RECURRENCE-ID for a moved one), as an ISO instant in UTC. A moved
 * occurrence keeps its key, so a re-poll updates the same proposal instead of making a second one;
 * a single event's original start is its own start.
 */
export function occurrenceKey(uid: string, originalStart: Date): string {
  return `${uid}@${originalStart.toISOString()}`;
}
