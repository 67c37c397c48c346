import { threadId } from "node:worker_threads";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  feedWarning,
  MAX_AUTO_CONFIRMS_PER_DAY,
  MAX_AUTO_CONFIRMS_PER_POLL,
  MAX_NEW_PROPOSALS_PER_POLL,
  MAX_OCCURRENCES_PER_FEED,
  MAX_OPEN_PROPOSALS_PER_FEED,
  READ_TOO_SLOW,
} from "../../src/core/capture/calendar/feed-bounds.js";
import { feedWindow } from "../../src/core/capture/calendar/feed-window.js";
import { FeedReadError, feedReadProbe, readFeedInWorker } from "../../src/server/capture/calendar/read-feed-in-worker.js";
import { hostileFeed, minutelyFlood } from "../fixtures/ics/hostile-feeds.js";
import { FEED_NOW } from "../fixtures/ics/weekly-dst.js";
import { buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { type IcsStandIn, startIcsStandIn } from "../stand-ins/ics-server.js";

/**
 * Issue 23 §1–2: a hostile calendar feed. The probe's 3 KB feed of 20 series repeating every minute
 * held the server's only thread for 8.9 s; one series every ten minutes with a client made 2,880
 * proposals. Now the feed is read in a worker thread within bounds (core/capture/calendar/feed-bounds.ts),
 * proposals and automatic confirmations are capped, and the Calendar tab's answer says what was cut.
 */
let t: TestApp;
let ics: IcsStandIn;
const CLIENT = "flood@client.test";

beforeAll(async () => {
  t = await startTestApp({ now: () => FEED_NOW });
  ics = await startIcsStandIn(minutelyFlood(FEED_NOW));
});
afterAll(async () => {
  await ics?.close();
  await t?.close();
});
afterEach(() => {
  feedReadProbe.onStarted = undefined;
});

const save = (who: TestAccount, json: Record<string, unknown> = {}) =>
  who.c.request("PUT", "/api/integrations/calendar-feed", { json: { url: ics.url, ...json } });
const poll = (who: TestAccount) => who.c.post("/api/integrations/calendar-feed/poll");
const callCount = async (who: TestAccount) => {
  const result = await t.app.db.execute(sql`select count(*)::int as n from calls where account_id = ${who.accountId}`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
};

/**
 * Holds the next read at its start (the worker has started and waits) and, meanwhile, asks
 * /api/health: the answer comes while the read, and the request that caused it, are still running.
 */
function healthWhileReading(settled: () => boolean) {
  const seen: { readerThread?: number; health?: number; requestSettled?: boolean } = {};
  feedReadProbe.onStarted = async ({ threadId: reader }) => {
    seen.readerThread = reader;
    seen.health = (await t.client().get("/api/health")).status;
    seen.requestSettled = settled();
  };
  return seen;
}

describe("a hostile feed does not hold the server", () => {
  it("saving it: the feed is read in a worker thread while /api/health is answered", async () => {
    ics.setFeed(minutelyFlood(FEED_NOW));
    const a = await newAccount(t);
    let settled = false;
    const seen = healthWhileReading(() => settled);
    const response = await save(a).finally(() => {
      settled = true;
    });
    expect(response.status).toBe(200);
    expect(seen).toEqual({ readerThread: expect.any(Number), health: 200, requestSettled: false });
    expect(seen.readerThread).not.toBe(threadId);
  });

  it("polling it: the same, and what fits is kept while the Calendar tab says what was cut", async () => {
    const a = await newAccount(t);
    expect((await save(a)).status).toBe(200);
    ics.setFeed(`${minutelyFlood(FEED_NOW)}\r\n`); // new content: the poll reads it in full
    let settled = false;
    const seen = healthWhileReading(() => settled);
    const response = await poll(a).finally(() => {
      settled = true;
    });
    expect(response.status).toBe(200);
    expect(seen).toEqual({ readerThread: expect.any(Number), health: 200, requestSettled: false });
    expect(seen.readerThread).not.toBe(threadId);

    const feed = (await a.c.get("/api/integrations/calendar-feed")).body;
    expect(feed.status).toBe("connected");
    expect(feed.eventsSeen).toBeGreaterThan(0);
    expect(feed.eventsSeen).toBeLessThanOrEqual(MAX_OCCURRENCES_PER_FEED);
    expect(feed.warnings).toContain(feedWarning.feedCut());
    expect(feed.warnings).toContainEqual(expect.stringContaining("repeat more than 500 times in the weeks Minutely reads"));
    expect(feed.warnings).toContainEqual(expect.stringContaining("(such as “Flood 0”)"));
  });

  it("a read held past its hard budget is stopped and reported, never waited for", async () => {
    feedReadProbe.onStarted = () => new Promise<void>(() => {}); // the worker never gets to read
    const read = readFeedInWorker(minutelyFlood(FEED_NOW), feedWindow(FEED_NOW), "UTC", { softMs: 5000, hardMs: 50 });
    await expect(read).rejects.toThrow(FeedReadError);
    await expect(read).rejects.toThrow(READ_TOO_SLOW);
  });
});

// Four polls and up to 60 calls through the capture pipeline each: a loaded machine needs more than the default 30 s.
describe("proposals are bounded", { timeout: 120_000 }, () => {
  const tenMinutes = () =>
    hostileFeed(FEED_NOW, [
      {
        uid: "every-10@hostile.test",
        title: "Every ten",
        rule: "FREQ=MINUTELY;INTERVAL=10",
        startedDaysAgo: 20,
        minutes: 30,
        attendees: [CLIENT],
      },
    ]);

  it("at most 100 new per poll and 200 open per feed, the rest said on the Calendar tab", async () => {
    ics.setFeed(tenMinutes());
    const a = await newAccount(t);
    await buildClient(a.c, { name: "Flood Client", email: CLIENT });
    const saved = await save(a, { autoConfirm: false });
    expect(saved.status).toBe(200);
    // The series' 500 most recent meetings are read (its bound): those that ended are 100 proposed, the rest held back.
    const ended = saved.body.eventsSeen;
    expect(ended).toBeGreaterThan(MAX_OPEN_PROPOSALS_PER_FEED + MAX_NEW_PROPOSALS_PER_POLL);
    expect(ended).toBeLessThanOrEqual(500);
    expect(saved.body.proposalsOpen).toBe(MAX_NEW_PROPOSALS_PER_POLL);
    expect(saved.body.warnings).toContain(feedWarning.seriesCut(1, "Every ten"));
    expect(saved.body.warnings).toContain(feedWarning.proposalsPerPoll(ended - 100));

    // The next poll reads in full again (meetings were held back), though the feed did not change.
    const second = await poll(a);
    expect(second.body).toMatchObject({ newProposals: MAX_NEW_PROPOSALS_PER_POLL });
    expect(second.body.feed.proposalsOpen).toBe(MAX_OPEN_PROPOSALS_PER_FEED);
    // Both bounds are reached here; the one that holds the rest back from now on is the open one.
    expect(second.body.feed.warnings).toContain(feedWarning.openProposals(ended - 200));

    const third = await poll(a);
    expect(third.body).toMatchObject({ newProposals: 0 });
    expect(third.body.feed.proposalsOpen).toBe(MAX_OPEN_PROPOSALS_PER_FEED);
    expect(third.body.feed.warnings).toContain(feedWarning.openProposals(ended - 200));
    expect(await callCount(a)).toBe(0);
  });

  it("“Confirm meetings automatically” makes at most 20 calls per poll and 60 in a day", async () => {
    ics.setFeed(tenMinutes());
    const a = await newAccount(t);
    await buildClient(a.c, { name: "Flood Client", email: CLIENT });
    const saved = await save(a, { autoConfirm: true });
    expect(saved.status).toBe(200);
    expect(await callCount(a)).toBe(MAX_AUTO_CONFIRMS_PER_POLL);
    expect(saved.body.proposalsOpen).toBe(MAX_NEW_PROPOSALS_PER_POLL - MAX_AUTO_CONFIRMS_PER_POLL);
    expect(saved.body.warnings).toContain(feedWarning.autoConfirmCut(MAX_NEW_PROPOSALS_PER_POLL - MAX_AUTO_CONFIRMS_PER_POLL));

    const confirmed: number[] = [];
    for (let n = 0; n < 3; n++) {
      const response = await poll(a);
      expect(response.status).toBe(200);
      confirmed.push(response.body.autoConfirmed);
    }
    expect(confirmed).toEqual([MAX_AUTO_CONFIRMS_PER_POLL, MAX_AUTO_CONFIRMS_PER_POLL, 0]);
    expect(await callCount(a)).toBe(MAX_AUTO_CONFIRMS_PER_DAY);
    const feed = (await a.c.get("/api/integrations/calendar-feed")).body;
    expect(feed.warnings).toContainEqual(
      expect.stringContaining("not confirmed automatically: at most 20 per check and 60 in 24 hours"),
    );
  });
});
