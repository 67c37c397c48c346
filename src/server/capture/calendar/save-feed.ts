import { and, eq, isNull } from "drizzle-orm";
import { normaliseFeedUrl } from "../../../core/capture/calendar/feed-url.js";
import { FEED_URL_REQUIRED, type SaveCalendarFeedRequest } from "../../../core/contracts/calendar-feed.js";
import { AppError } from "../../../core/errors.js";
import type { Db } from "../../db/client.js";
import { callProposals } from "../../db/schema/index.js";
import { type ConnectionOwner, deleteIntegration, type IntegrationRow, saveIntegration } from "../../integrations/integration-store.js";
import type { SecretBox } from "../../http/secrets.js";
import { accountTimeZone, type FeedConfig, feedConfigOf, feedKey, findFeed, PROPOSAL_SOURCE } from "./feed-integration.js";
import { type FeedFetchOptions, FeedFetchError, fetchFeed } from "./fetch-feed.js";
import { feedWindow } from "../../../core/capture/calendar/feed-window.js";
import { processContent } from "./poll-feed.js";
import { FeedReadError, readFeedInWorker } from "./read-feed-in-worker.js";
import { NotACalendarError } from "./feed-occurrence.js";

/**
 * PUT /api/integrations/calendar-feed (docs/calendar-capture.md). A new address is fetched before it is stored: one
 * that does not answer with a calendar is refused with the reason and nothing is saved. That fetch is
 * also the feed's first poll (its meetings become proposals at once). Without an address, only the
 * switches change. The fetched calendar is read in a worker thread (read-feed-in-worker.ts), like a
 * poll's: a hostile feed pasted here does not hold the server either.
 */
export async function saveFeed(
  db: Db,
  box: SecretBox,
  options: { accountId: number; userId: number; input: SaveCalendarFeedRequest; fetch: FeedFetchOptions; now: Date },
): Promise<IntegrationRow> {
  const { accountId, input, now } = options;
  const owner = { accountId, userId: options.userId };
  const existing = await findFeed(db, owner);
  const config: FeedConfig = existing ? feedConfigOf(existing) : {};
  const switches = {
    enabled: input.enabled ?? existing?.enabled ?? true,
    autoConfirm: input.autoConfirm ?? config.autoConfirm ?? false,
  };
  if (!input.url) {
    if (!existing) throw new AppError("validation_error", FEED_URL_REQUIRED, [{ path: "url", message: FEED_URL_REQUIRED }]);
    return saveIntegration(
      db,
      box,
      feedKey(owner),
      { enabled: switches.enabled, config: { ...config, autoConfirm: switches.autoConfirm } },
      now,
    );
  }
  const url = normaliseFeedUrl(input.url)!;
  const body = await fetchCalendar(url, options.fetch, now, await accountTimeZone(db, accountId));
  const row = await saveIntegration(
    db,
    box,
    feedKey(owner),
    {
      enabled: switches.enabled,
      status: "connected",
      // A new address starts over: no validators or state of the old one.
      config: { host: url.host, autoConfirm: switches.autoConfirm, eventsSeen: 0 } satisfies FeedConfig,
      secret: { url: url.href },
      lastError: null,
    },
    now,
  );
  if (!switches.enabled) return row;
  await processContent(db, { row, body: body.body, etag: body.etag, lastModified: body.lastModified, now, read: body.read });
  return (await findFeed(db, owner))!;
}

async function fetchCalendar(url: URL, fetch: FeedFetchOptions, now: Date, timeZone: string) {
  const refuse = (reason: string) => {
    const message = `That address did not return a calendar (${reason})`;
    return new AppError("validation_error", message, [{ path: "url", message }]);
  };
  try {
    const answer = await fetchFeed(url, {}, fetch);
    if (answer.kind !== "content") throw refuse("it answered 304 Not Modified to a first request");
    return { ...answer, read: await readFeedInWorker(answer.body, feedWindow(now), timeZone) };
  } catch (error) {
    if (error instanceof FeedFetchError || error instanceof NotACalendarError || error instanceof FeedReadError)
      throw refuse(error.message);
    throw error;
  }
}

/** DELETE: the row and its secret go; open proposals from it are dismissed, confirmed calls stay. */
export async function removeFeed(db: Db, owner: ConnectionOwner, now: Date): Promise<boolean> {
  const { accountId } = owner;
  return db.transaction(async (tx) => {
    const removed = await deleteIntegration(tx, feedKey(owner));
    if (removed)
      await tx
        .update(callProposals)
        .set({ status: "dismissed", updatedAt: now })
        .where(
          and(
            eq(callProposals.accountId, accountId),
            // Only this member's feed's proposals: another member's feed keeps its own.
            owner.userId === null ? isNull(callProposals.userId) : eq(callProposals.userId, owner.userId),
            eq(callProposals.source, PROPOSAL_SOURCE),
            eq(callProposals.status, "proposed"),
          ),
        );
    return removed;
  });
}
