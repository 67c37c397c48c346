import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { CLIENT_EMAIL, FEED_NOW, weeklyDstFeed } from "../fixtures/ics/weekly-dst.js";
import { type IcsStandIn, startIcsStandIn } from "../stand-ins/ics-server.js";
import { until } from "../helpers/until.js";

/**
 * Issue 14 §4: the poll runs on the job queue. `calendar.poll-feeds` (the 5-minute cron's job) queues
 * one `calendar.poll-feed` per enabled feed, which asks the feed with its ETag; a changed feed's new
 * meeting becomes a proposal without anyone pressing "Poll now".
 */
let t: TestApp;
let a: TestAccount;
let ics: IcsStandIn;

beforeAll(async () => {
  t = await startTestApp({ now: () => FEED_NOW, jobs: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 3000 } });
  a = await newAccount(t);
  await buildClient(a.c, { name: "Jane Client", email: CLIENT_EMAIL });
  ics = await startIcsStandIn(weeklyDstFeed({ ownerEmail: a.account.email, withoutIntro: true }));
});
afterAll(async () => {
  await t?.close();
  await ics?.close();
});

describe("the poll job", () => {
  it("polls every enabled feed with a conditional request and proposes what changed", async () => {
    const saved = await a.c.request("PUT", "/api/integrations/calendar-feed", { json: { url: ics.url } });
    expect(saved.body).toMatchObject({ proposalsOpen: 3 });
    const before = ics.requests.length;

    await t.app.jobs!.send("calendar.poll-feeds", {});
    const unchanged = await until(
      "a conditional poll",
      () => ics.requests.slice(before),
      (requests) => requests.length >= 1,
    );
    expect(unchanged[0]).toMatchObject({ status: 304, ifNoneMatch: expect.stringMatching(/^"/) });

    ics.setFeed(weeklyDstFeed({ ownerEmail: a.account.email }));
    await t.app.jobs!.send("calendar.poll-feeds", {});
    await until(
      "the new meeting's proposal",
      async () => (await a.c.get("/api/integrations/calendar-feed")).body.proposalsOpen,
      (open) => open === 4,
    );
  });
});
