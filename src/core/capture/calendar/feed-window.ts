/**
 * Which occurrences of a feed are considered (docs/calendar-capture.md): meetings that ENDED within the last
 * `days` days, up to now. Only a meeting that happened is billable, so a future one is not proposed
 * yet (it will be, on the first poll after it ends); older ones are left alone, so a feed with years
 * of history neither floods the list nor resurrects what the user already billed by hand.
 */
export const FEED_WINDOW_DAYS = 30;

export type FeedWindow = { from: Date; to: Date };

const DAY_MS = 24 * 3600 * 1000;

export function feedWindow(now: Date, days = FEED_WINDOW_DAYS): FeedWindow {
  return { from: new Date(now.getTime() - days * DAY_MS), to: now };
}

/** True when a meeting ending at `endsAt` lies in the window: ended after `from`, at or before `to`. */
export function endedInWindow(endsAt: Date, window: FeedWindow): boolean {
  const end = endsAt.getTime();
  return end > window.from.getTime() && end <= window.to.getTime();
}
