import { createHash } from "node:crypto";
import { and, asc, count, eq, gt } from "drizzle-orm";
import {
  feedWarning,
  MAX_AUTO_CONFIRMS_PER_DAY,
  MAX_AUTO_CONFIRMS_PER_POLL,
} from "../../../core/capture/calendar/feed-bounds.js";
import { listedNotes } from "../../../core/capture/calendar/feed-notes.js";
import { feedWindow } from "../../../core/capture/calendar/feed-window.js";
import type { CalendarPollJson } from "../../../core/contracts/calendar-feed.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { callProposals, integrations } from "../../db/schema/index.js";
import type { IntegrationRow } from "../../integrations/integration-store.js";
import type { SecretBox } from "../../http/secrets.js";
import { confirmProposal } from "./confirm-proposal.js";
import {
  accountTimeZone,
  countOpenProposals,
  type FeedConfig,
  feedConfigOf,
  PROPOSAL_SOURCE,
  presentFeed,
  readFeedUrl,
} from "./feed-integration.js";
import { FEED_FETCH_DEFAULTS, type FeedFetchOptions, FeedFetchError, fetchFeed } from "./fetch-feed.js";
import { matchOccurrences } from "./match-occurrences.js";
import { FeedReadError, readFeedInWorker } from "./read-feed-in-worker.js";
import { NotACalendarError, type ReadOccurrences } from "./feed-occurrence.js";
import { reconcileProposals } from "./reconcile-proposals.js";

/**
 * One poll of an account's feed (docs/calendar-capture.md), for the job and for "Poll now". A conditional GET:
 * 304 → only "last checked" is written. A new body → parsed, matched, reconciled with the proposals,
 * and (with "Confirm meetings automatically") the open ones confirmed. A feed whose content did not
 * change still has meetings that END as time passes; `nextEndAt` remembers the earliest one still
 * to come, and once it has passed the poll asks without validators, so that meeting is proposed.
 * The content is read in a worker thread within bounds (read-feed-in-worker.ts), and
 * proposals and automatic confirmations are capped (core/capture/calendar/feed-bounds.ts, §2); what was cut
 * is stored with the feed (`config.warnings`) for the Calendar tab.
 */
export type PollOutcome = Omit<CalendarPollJson, "feed"> & { error: string | null };

export function fetchOptionsFor(config: Config): FeedFetchOptions {
  return {
    ...FEED_FETCH_DEFAULTS,
    allowPrivate: config.allowPrivateMailHosts,
    timeoutMs: config.calendarFeedTimeoutMs ?? FEED_FETCH_DEFAULTS.timeoutMs,
  };
}

const NOTHING = { events: 0, newProposals: 0, updatedProposals: 0, cancelledProposals: 0, autoConfirmed: 0 };

export async function pollFeedRow(
  db: Db,
  box: SecretBox,
  options: { row: IntegrationRow; fetch: FeedFetchOptions; now: Date },
): Promise<PollOutcome> {
  const { row, now } = options;
  const config = feedConfigOf(row);
  const url = readFeedUrl(box, row);
  if (!url) return recordFailure(db, row, now, "the stored address cannot be read any more: paste it again");
  // A meeting has ended since, or the last poll held meetings back (its bounds): ask in full.
  const due = (config.nextEndAt ? new Date(config.nextEndAt).getTime() <= now.getTime() : false) || config.heldBack === true;
  let fetched: Awaited<ReturnType<typeof fetchFeed>>;
  try {
    fetched = await fetchFeed(url, due ? {} : { etag: config.etag, lastModified: config.lastModified }, options.fetch);
  } catch (error) {
    if (error instanceof FeedFetchError) return recordFailure(db, row, now, error.message);
    const message = (error as Error).message;
    return recordFailure(db, row, now, message);
  }
  if (fetched.kind === "not_modified") {
    await db
      .update(integrations)
      .set({ lastSyncAt: now, status: "connected", lastError: null, updatedAt: now })
      .where(eq(integrations.id, row.id));
    return { ...NOTHING, changed: false, events: config.eventsSeen ?? 0, error: null };
  }
  return processContent(db, { row, body: fetched.body, etag: fetched.etag, lastModified: fetched.lastModified, now });
}

/**
 * A fetched body → proposals; also used by the save, whose validating fetch is the first poll (and
 * has read the body already: `read`).
 */
export async function processContent(
  db: Db,
  options: {
    row: IntegrationRow;
    body: string;
    etag: string | null;
    lastModified: string | null;
    now: Date;
    read?: ReadOccurrences;
  },
): Promise<PollOutcome> {
  const { row, now } = options;
  const config = feedConfigOf(row);
  const window = feedWindow(now);
  let read = options.read;
  if (!read) {
    try {
      read = await readFeedInWorker(options.body, window, await accountTimeZone(db, row.accountId));
    } catch (error) {
      if (error instanceof NotACalendarError)
        return recordFailure(db, row, now, `That address did not return a calendar (${error.message})`);
      if (error instanceof FeedReadError) return recordFailure(db, row, now, error.message);
      throw error;
    }
  }
  const matched = await matchOccurrences(db, row.accountId, read.ended);
  const { heldBack, ...counts } = await reconcileProposals(db, {
    accountId: row.accountId,
    userId: row.userId,
    occurrences: matched,
    window,
    now,
    complete: read.complete,
  });
  const auto = config.autoConfirm ? await confirmAll(db, row.accountId, now) : { confirmed: 0, left: 0 };
  const autoConfirmed = auto.confirmed;
  const warnings = [
    ...read.warnings,
    ...(heldBack.perPoll ? [feedWarning.proposalsPerPoll(heldBack.perPoll)] : []),
    ...(heldBack.open ? [feedWarning.openProposals(heldBack.open)] : []),
    ...(auto.left ? [feedWarning.autoConfirmCut(auto.left)] : []),
  ];
  const contentHash = createHash("sha256").update(options.body).digest("base64url");
  const changed = contentHash !== config.contentHash;
  const next: FeedConfig = {
    ...config,
    etag: options.etag,
    lastModified: options.lastModified,
    contentHash,
    nextEndAt: read.nextEndAt.toISOString(),
    eventsSeen: read.seen,
    warnings,
    skipped: listedNotes(read.skipped),
    heldBack: heldBack.perPoll + heldBack.open + auto.left > 0,
  };
  await db
    .update(integrations)
    .set({
      config: next,
      lastSyncAt: now,
      status: "connected",
      lastError: null,
      updatedAt: now,
      ...(changed ? { lastEventAt: now } : {}),
    })
    .where(eq(integrations.id, row.id));
  return { changed, events: read.seen, ...counts, autoConfirmed, error: null };
}

/**
 * "Confirm meetings automatically": the open proposals of the feed (all of them ended: only ended
 * meetings are proposed), oldest first, at most MAX_AUTO_CONFIRMS_PER_POLL and MAX_AUTO_CONFIRMS_PER_DAY
 * in 24 hours (by hand or not), so a flood of invitations never becomes a flood of billed calls: the
 * rest wait on the dashboard (`left`).
 */
async function confirmAll(db: Db, accountId: number, now: Date): Promise<{ confirmed: number; left: number }> {
  const mine = and(eq(callProposals.accountId, accountId), eq(callProposals.source, PROPOSAL_SOURCE));
  const [today] = await db
    .select({ n: count() })
    .from(callProposals)
    .where(
      and(mine, eq(callProposals.status, "confirmed"), gt(callProposals.updatedAt, new Date(now.getTime() - 24 * 3600 * 1000))),
    );
  const [waiting] = await db
    .select({ n: count() })
    .from(callProposals)
    .where(and(mine, eq(callProposals.status, "proposed")));
  const budget = Math.max(0, Math.min(MAX_AUTO_CONFIRMS_PER_POLL, MAX_AUTO_CONFIRMS_PER_DAY - (today?.n ?? 0)));
  const open = budget
    ? await db
        .select({ id: callProposals.id })
        .from(callProposals)
        .where(and(mine, eq(callProposals.status, "proposed")))
        .orderBy(asc(callProposals.endsAt), asc(callProposals.id))
        .limit(budget)
    : [];
  let confirmed = 0;
  for (const { id } of open) {
    try {
      await confirmProposal(db, { accountId, ownerId: null, userId: null, proposalId: id, now });
      confirmed += 1;
    } catch {
      // One that cannot be confirmed (too short, raced with the user) stays as it is; the rest go on.
    }
  }
  return { confirmed, left: Math.max(0, (waiting?.n ?? 0) - open.length) };
}

async function recordFailure(db: Db, row: IntegrationRow, now: Date, message: string): Promise<PollOutcome> {
  await db
    .update(integrations)
    .set({ lastSyncAt: now, status: "error", lastError: message.slice(0, 500), updatedAt: now })
    .where(eq(integrations.id, row.id));
  return { ...NOTHING, changed: false, error: message };
}

/** The poll's answer with the feed's state after it. */
export async function presentPoll(
  db: Db,
  accountId: number,
  row: IntegrationRow | null,
  outcome: PollOutcome,
): Promise<CalendarPollJson> {
  const { error: _error, ...counts } = outcome;
  return { ...counts, feed: presentFeed(row, await countOpenProposals(db, accountId)) };
}
