import { and, eq } from "drizzle-orm";
import { integrations } from "../../db/schema/index.js";
import { z } from "zod";
import { EMPTY_PAYLOAD, type JobDefinition } from "../../jobs/job-types.js";
import { secretBoxFor } from "../../http/secrets.js";
import { FEED_KIND, FEED_PROVIDER } from "./feed-integration.js";
import { fetchOptionsFor, pollFeedRow } from "./poll-feed.js";

/**
 * The feed's jobs (docs/calendar-capture.md), rows of jobs/registry.ts: every 5 minutes one stately job queues a
 * poll per enabled feed, each with the feed's id as singletonKey, so a slow feed never has two polls
 * at once. A failed poll is recorded on the feed (status, last error) and not retried: the next tick
 * asks again.
 */
export const POLL_FEEDS_JOB = "calendar.poll-feeds";
export const POLL_FEED_JOB = "calendar.poll-feed";

export const pollFeedsJob: JobDefinition<Record<string, never>> = {
  rules: { policy: "stately", retryLimit: 1, retryDelaySeconds: 30, retryBackoff: false, expireInSeconds: 120 },
  payload: EMPTY_PAYLOAD,
  schedule: { cron: "*/5 * * * *", data: {} },
  run: async (_data, { db, send }) => {
    const feeds = await db
      .select({ id: integrations.id })
      .from(integrations)
      .where(and(eq(integrations.kind, FEED_KIND), eq(integrations.provider, FEED_PROVIDER), eq(integrations.enabled, true)));
    for (const feed of feeds) await send(POLL_FEED_JOB, { integrationId: feed.id }, { singletonKey: `feed:${feed.id}` });
  },
};

export const pollFeedJob: JobDefinition<{ integrationId: number }> = {
  rules: { policy: "standard", retryLimit: 0, retryDelaySeconds: 30, retryBackoff: false, expireInSeconds: 120 },
  payload: z.object({ integrationId: z.number().int() }),
  run: async (data, { db, now, log, config }) => {
    const [row] = await db.select().from(integrations).where(eq(integrations.id, data.integrationId)).limit(1);
    if (!row?.enabled || row.kind !== FEED_KIND) return; // removed or turned off since it was queued
    const outcome = await pollFeedRow(db, secretBoxFor(config), { row, fetch: fetchOptionsFor(config), now: now() });
    if (outcome.error) log.info({ integrationId: row.id }, "calendar feed poll failed: %s", outcome.error);
  },
};
