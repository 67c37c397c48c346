import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { feedWindow } from "../../core/calendar/feed-window.js";
import type { CalendarPollJson } from "../../core/contracts/calendar-feed.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { callProposals, integrations } from "../db/schema/index.js";
import type { IntegrationRow } from "../integrations/integration-store.js";
import type { SecretBox } from "../platform/secrets.js";
import { confirmProposal } from "./confirm-proposal.js";
import {
  countOpenProposals,
  type FeedConfig,
  feedConfigOf,
  PROPOSAL_SOURCE,
  presentFeed,
  readFeedUrl,
} from "./feed-integration.js";
import { FEED_FETCH_DEFAULTS, type FeedFetchOptions, FeedFetchError, fetchFeed } from "./fetch-feed.js";
import { matchOccurrences } from "./match-occurrences.js";
import { NotACalendarError, parseCalendar, readOccurrences } from "./read-occurrences.js";
import { reconcileProposals } from "./reconcile-proposals.js";

/**
 * One poll of an account's feed (issue 14 §4), for the job and for "Poll now". A conditional GET:
 * 304 → only "last checked" is written. A new body → parsed, matched, reconciled with the proposals,
 * and (with "Confirm meetings automatically") the open ones confirmed. A feed whose content did not
 * change still has meetings that END as time passes; `nextEndAt` remembers the earliest one still
 * to come, and once it has passed the poll asks without validators, so that meeting is proposed.
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
  const due = config.nextEndAt ? new Date(config.nextEndAt).getTime() <= now.getTime() : false;
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

/** A fetched body → proposals; also used by the save, whose validating fetch is the first poll. */
export async function processContent(
  db: Db,
  options: { row: IntegrationRow; body: string; etag: string | null; lastModified: string | null; now: Date },
): Promise<PollOutcome> {
  const { row, now } = options;
  const config = feedConfigOf(row);
  const window = feedWindow(now);
  let read: ReturnType<typeof readOccurrences>;
  try {
    read = readOccurrences(parseCalendar(options.body), window);
  } catch (error) {
    if (error instanceof NotACalendarError)
      return recordFailure(db, row, now, `That address did not return a calendar (${error.message})`);
    throw error;
  }
  const matched = await matchOccurrences(db, row.accountId, read.ended);
  const counts = await reconcileProposals(db, {
    accountId: row.accountId,
    userId: row.userId,
    occurrences: matched,
    window,
    now,
  });
  const autoConfirmed = config.autoConfirm ? await confirmAll(db, row.accountId, now) : 0;
  const contentHash = createHash("sha256").update(options.body).digest("base64url");
  const changed = contentHash !== config.contentHash;
  const next: FeedConfig = {
    ...config,
    etag: options.etag,
    lastModified: options.lastModified,
    contentHash,
    nextEndAt: read.nextEndAt.toISOString(),
    eventsSeen: read.ended.length,
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
  return { changed, events: read.ended.length, ...counts, autoConfirmed, error: null };
}

/** "Confirm meetings automatically": every open proposal of the feed (all of them ended: only ended meetings are proposed). */
async function confirmAll(db: Db, accountId: number, now: Date): Promise<number> {
  const open = await db
    .select({ id: callProposals.id })
    .from(callProposals)
    .where(
      and(
        eq(callProposals.accountId, accountId),
        eq(callProposals.source, PROPOSAL_SOURCE),
        eq(callProposals.status, "proposed"),
      ),
    );
  let confirmed = 0;
  for (const { id } of open) {
    try {
      await confirmProposal(db, { accountId, proposalId: id, now });
      confirmed += 1;
    } catch {
      // One that cannot be confirmed (too short, raced with the user) stays as it is; the rest go on.
    }
  }
  return confirmed;
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
