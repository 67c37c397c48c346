/**
 * How much of a calendar feed Minutely reads and turns into proposals
 * (docs/calendar-capture.md "Bounds"). A feed is the user's, but anyone who can send them an invitation
 * writes into it: a `FREQ=MINUTELY` series is 1,440 meetings a day, and 10 MB holds 60,000 events.
 * What is over a bound is cut, the rest keeps working, and the Calendar tab says what was cut and why
 * (the sentences below, stored with the feed by each poll).
 */

/** Occurrences of one repeating series read in the range Minutely expands (the 30-day window and 14 days either side). */
export const MAX_OCCURRENCES_PER_SERIES = 500;
/** Meetings (single ones and occurrences of series) read from one feed in that range. */
export const MAX_OCCURRENCES_PER_FEED = 2_000;
/**
 * After this long (of the worker's wall clock, from the end of the parse), expansion stops and what was
 * read so far is used. Wall clock: Node 20 has no per-thread CPU clock. On an idle machine the 5,000-event
 * feed of bench/ics-feed.ts reads in under 1 s; the margin is for a machine busy with other work.
 */
export const READ_SOFT_BUDGET_MS = 10_000;
/** A read (in its worker thread) still running after this long is stopped and the poll fails. */
export const READ_HARD_BUDGET_MS = 30_000;
/** New (or reopened) proposals one poll makes; the rest follow on the next polls. */
export const MAX_NEW_PROPOSALS_PER_POLL = 100;
/** Proposals of one feed waiting for the user at once. */
export const MAX_OPEN_PROPOSALS_PER_FEED = 200;
/** "Confirm meetings automatically": calls one poll makes. */
export const MAX_AUTO_CONFIRMS_PER_POLL = 20;
/** … and in any 24 hours (confirmations by hand count too); the rest wait on the dashboard. */
export const MAX_AUTO_CONFIRMS_PER_DAY = 60;

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The sentences a poll stores with the feed and the Calendar tab shows. */
export const feedWarning = {
  seriesCut: (series: number, example: string | null) =>
    `${plural(series, "repeating meeting repeats", "repeating meetings repeat")} more than ${MAX_OCCURRENCES_PER_SERIES} times in the weeks Minutely reads${
      example ? ` (such as “${example}”)` : ""
    }: only the ${MAX_OCCURRENCES_PER_SERIES} most recent of each were read.`,
  feedCut: () =>
    `This calendar has more than ${MAX_OCCURRENCES_PER_FEED.toLocaleString("en-US")} meetings in the weeks Minutely reads: only the first ${MAX_OCCURRENCES_PER_FEED.toLocaleString("en-US")} were read.`,
  timeCut: () =>
    `Reading this calendar took longer than ${READ_SOFT_BUDGET_MS / 1000} s: the meetings after that point were not read.`,
  proposalsPerPoll: (left: number) =>
    `${plural(left, "more meeting with a client was", "more meetings with clients were")} not proposed yet: at most ${MAX_NEW_PROPOSALS_PER_POLL} are proposed per check, the rest follow on the next checks.`,
  openProposals: (left: number) =>
    `${plural(left, "meeting with a client is", "meetings with clients are")} not proposed: at most ${MAX_OPEN_PROPOSALS_PER_FEED} meetings wait for confirmation at once. Confirm or dismiss some and the next ones follow.`,
  autoConfirmCut: (left: number) =>
    `${plural(left, "meeting was", "meetings were")} not confirmed automatically: at most ${MAX_AUTO_CONFIRMS_PER_POLL} per check and ${MAX_AUTO_CONFIRMS_PER_DAY} in 24 hours become calls without asking. They wait on the dashboard.`,
};

/** The failure recorded when the hard budget stopped a read. */
export const READ_TOO_SLOW = `Reading this calendar took longer than ${READ_HARD_BUDGET_MS / 1000} s, so Minutely stopped. Check that the address is your calendar's.`;
