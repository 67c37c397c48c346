import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { HeldDeadlines } from "../helpers/held-deadlines.js";
import { reconcileNow, reconciliationOf } from "../helpers/reconcile.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { until } from "../helpers/until.js";
import { type StandInMeeting, type StandInZoomApp, ZoomStandIn } from "../stand-ins/zoom/server.js";

/**
 * No missed Zoom meeting (issue 25 §3) over HTTP: webhooks Zoom never delivered are recovered by
 * "Reconcile now" from Zoom's own record (Server-to-Server OAuth token, the report of the owner's past
 * meetings and each one's participants, on the Zoom stand-in speaking Zoom's documented shapes), timed
 * and priced as the live webhooks make them, never twice; Zoom's refusals fail the run with a sentence
 * and leave no partial calls; another account neither reconciles nor reads this one's runs.
 */
const zoom = new ZoomStandIn();
const deadlines = new HeldDeadlines();
let t: TestApp;
let a: TestAccount;
let b: TestAccount;
let appA: StandInZoomApp;
let webhookA: string;
let janeId: number;

const minute = 60_000;
const base = Math.floor(Date.now() / minute) * minute;
const at = (minutesAgo: number) => new Date(base - minutesAgo * minute).toISOString();

type ListedCall = Record<string, unknown> & { participants: { name?: string; email?: string; self?: boolean }[] };
const zoomCalls = async (who: TestAccount): Promise<ListedCall[]> => {
  const body = (await who.c.get("/api/calls?limit=200")).body;
  return ((Array.isArray(body) ? body : body.calls) as ListedCall[]).filter((c) => c.source === "zoom");
};
const reconciliation = (who: TestAccount) => reconciliationOf(who, "zoom");
const reconcile = (who: TestAccount) => reconcileNow(who, "zoom");

let meetings = 0;
/** A 45-minute meeting the owner hosted with Jane, `minutesAgo` before now. */
function meeting(minutesAgo: number, topic = "Contract review"): StandInMeeting {
  meetings += 1;
  return zoom.addMeeting({
    uuid: `mtg${meetings}/uu+id==`, // Zoom's UUIDs are base64: "/" and "+" travel double-encoded
    id: 85_746_065_000 + meetings,
    host_id: "hostA",
    host_email: a.account.email,
    topic,
    start_time: at(minutesAgo),
    end_time: at(minutesAgo - 45),
    participants: [
      { id: "hostA", user_id: "16778240", name: "Me", user_email: a.account.email, join_time: at(minutesAgo) },
      { id: "", user_id: "16779264", name: "Jane Client", user_email: "jane@client.test", join_time: at(minutesAgo - 1) },
    ],
  });
}

/** Zoom's webhooks for a meeting; `drop` says which of them (by event name) never arrive. */
async function deliver(m: StandInMeeting, drop: (event: number) => boolean = () => false) {
  let n = 0;
  zoom.dropShare = 1;
  zoom.random = () => (drop(n++) ? 0 : 1);
  try {
    const answers = await zoom.deliver(m, appA, webhookA);
    expect(
      answers.every((status) => status === 200),
      `answers ${answers}`,
    ).toBe(true);
    return answers.length;
  } finally {
    zoom.dropShare = 0;
  }
}
const dropAll = () => true;
/** Server-to-Server token requests Zoom has answered so far. */
const tokenRequests = () => zoom.requests.filter((r) => r.path.startsWith("/oauth/token")).length;

/** What a call shows that must not depend on whether a webhook or a reconciliation made it. */
const shape = (call: ListedCall) => ({
  duration: call.duration,
  amount: call.amount,
  clientId: call.clientId,
  clientName: call.clientName,
  platform: call.platform,
  active: call.active,
  description: call.description ?? call.notes ?? null,
  participants: [...call.participants].sort((x, y) => String(x.email).localeCompare(String(y.email))),
});
const callOf = async (m: StandInMeeting) => {
  const found = (await zoomCalls(a)).filter((c) => c.startTime === m.start_time);
  expect(found.length, `calls of ${m.uuid}`).toBeLessThanOrEqual(1);
  return found[0];
};

beforeAll(async () => {
  await zoom.start();
  appA = zoom.addApp();
  t = await startTestApp({
    // Requests keep the real 15 s deadline; the silent-Zoom test ends it itself once the stand-in holds one.
    providers: { ...zoom.appConfig, deadline: deadlines.deadline },
    jobs: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 3000 },
  });
  a = await newAccount(t, { timezone: "UTC" });
  b = await newAccount(t, { timezone: "UTC" });
  janeId = (
    await buildClient(a.c, { name: "Jane Client", email: "jane@client.test", billingRate: "120.00", billingType: "hour" })
  ).id;
  await buildClient(b.c, { name: "Jane Client (B)", email: "jane@client.test" });
  const saved = await a.c.post("/api/integrations/setup-zoom", {
    apiKey: appA.clientId,
    apiSecret: appA.clientSecret,
    webhookSecretToken: appA.secretToken,
    accountId: appA.accountId,
  });
  expect(saved.status, saved.text).toBe(200);
  webhookA = saved.body.webhookUrl;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await zoom.stop();
});

describe("Reconcile now recovers what Zoom never delivered", () => {
  let live: StandInMeeting;
  let lost: StandInMeeting;
  let unended: StandInMeeting;
  let unjoined: StandInMeeting;

  it("a lost meeting and a meeting whose end was lost become the calls the live webhooks make", async () => {
    live = meeting(120);
    lost = meeting(100);
    unended = meeting(80);
    await deliver(live);
    await deliver(lost, dropAll);
    await deliver(unended, (n) => n === 3); // started and both joins arrive; meeting.ended is lost
    unjoined = meeting(140);
    await deliver(unjoined, (n) => n === 1 || n === 2); // started and ended arrive; who joined is lost
    expect(await callOf(lost)).toBeUndefined();
    expect(await callOf(unended)).toMatchObject({ active: true });
    // Ended, but without Jane: not her call, not at her rate.
    expect(await callOf(unjoined)).toMatchObject({ active: false, clientId: null });
    const liveCall = (await callOf(live))!;
    expect(liveCall).toMatchObject({ clientId: janeId, duration: 2700, amount: "90.00", active: false });

    const before = await reconciliation(a);
    expect(before).toMatchObject({ source: "zoom", provider: "zoom", canReconcile: true, missing: null, lastRun: null });
    expect(before.lastEventAt).not.toBeNull();
    const queued = await a.c.post("/api/integrations/zoom/reconcile", {});
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ success: true, run: { status: "queued", trigger: "manual" } });
    expect(queued.body.message).toBe(
      "Reconciling with Zoom: calls its record has and Minutely does not will appear in a moment.",
    );
    const done = await until(
      "the reconciliation",
      () => reconciliation(a),
      (r) => r.lastRun?.status === "succeeded" || r.lastRun?.status === "failed",
    );
    expect(done.lastRun).toMatchObject({
      status: "succeeded",
      trigger: "manual",
      recordsSeen: 4,
      callsRecovered: 2,
      error: null,
    });
    expect(done.callsRecovered).toBe(2);

    // Timed from Zoom's record and priced with Jane's rate, like the call the webhooks made.
    const lostCall = (await callOf(lost))!;
    expect(lostCall).toMatchObject({ startTime: lost.start_time, endTime: lost.end_time });
    expect(shape(lostCall)).toEqual(shape(liveCall));
    const unendedCall = (await callOf(unended))!;
    expect(unendedCall).toMatchObject({ startTime: unended.start_time, endTime: unended.end_time });
    expect(shape(unendedCall)).toEqual(shape(liveCall));
    // The participants the lost joins would have brought: Jane's call, at her rate (not counted as recovered).
    const unjoinedCall = (await callOf(unjoined))!;
    expect(unjoinedCall).toMatchObject({ startTime: unjoined.start_time, endTime: unjoined.end_time });
    expect(shape(unjoinedCall)).toEqual(shape(liveCall));
    // The owner is themselves, once; Jane is the other party.
    expect(lostCall.participants.filter((p) => p.self)).toEqual([
      expect.objectContaining({ email: a.account.email.toLowerCase() }),
    ]);
  });

  it("a second run finds nothing new and makes no duplicate", async () => {
    const before = await zoomCalls(a);
    const again = await reconcile(a);
    expect(again.lastRun).toMatchObject({ status: "succeeded", callsRecovered: 0, error: null });
    expect(again.callsRecovered).toBe(2);
    expect(await zoomCalls(a)).toEqual(before);
  });

  it("the lost webhooks arriving late, after the recovery, change nothing", async () => {
    const before = await zoomCalls(a);
    expect(await deliver(lost)).toBe(4);
    expect(await deliver(unended)).toBe(4);
    expect(await deliver(unjoined)).toBe(4);
    expect(await zoomCalls(a)).toEqual(before);
  });
});

describe("Zoom refusing or silent: the run fails with a sentence and leaves no partial calls", () => {
  const lostNow: StandInMeeting[] = [];
  beforeAll(async () => {
    for (const minutesAgo of [70, 65, 60]) {
      const m = meeting(minutesAgo, `Lost ${minutesAgo}`);
      lostNow.push(m);
      await deliver(m, dropAll);
    }
  });
  const recovered = async () => {
    let n = 0;
    for (const m of lostNow) if (await callOf(m)) n += 1;
    return n;
  };

  it("429 on the participants of the second meeting: failed in Zoom's words, none of the page's calls made", async () => {
    const second = lostNow[1]!.uuid.split("/")[0]!;
    zoom.failNext(new RegExp(`/report/meetings/${second}%[^/]*/participants$`), 429, {
      code: 429,
      message: "You have reached the maximum per-second rate limit for this API.",
    });
    const run = await reconcile(a);
    expect(run.lastRun.status).toBe("failed");
    expect(run.lastRun.error).toBe(
      "Zoom 429 refused the participants report: You have reached the maximum per-second rate limit for this API.",
    );
    expect(run.lastRun.callsRecovered).toBe(0);
    // The first meeting's participants were read, and still no call of that page was made.
    const first = lostNow[0]!.uuid.split("/")[0]!;
    expect(zoom.requests.some((r) => r.path.startsWith(`/v2/report/meetings/${first}%`))).toBe(true);
    expect(await recovered()).toBe(0);
  });

  it("a token refused again after a new one was asked for: failed saying so, nothing made", async () => {
    const tokensBefore = tokenRequests();
    zoom.failNext(/\/report\/users\//, 401, { code: 124, message: "Access token is expired." }, 2);
    const run = await reconcile(a);
    expect(run.lastRun).toMatchObject({ status: "failed", callsRecovered: 0 });
    expect(run.lastRun.error).toBe("Zoom 401 refused the past-meetings report: Access token is expired.");
    expect(tokenRequests() - tokensBefore).toBe(2);
    expect(await recovered()).toBe(0);
  });

  it("credentials Zoom no longer accepts: failed in the OAuth error's words", async () => {
    zoom.failNext(/\/oauth\/token$/, 401, { reason: "Invalid client_id or client_secret", error: "invalid_client" }, 1);
    const run = await reconcile(a);
    expect(run.lastRun).toMatchObject({ status: "failed", callsRecovered: 0 });
    expect(run.lastRun.error).toBe("Zoom 401 refused the Server-to-Server OAuth token: Invalid client_id or client_secret");
  });

  it("Zoom not answering: failed at the deadline, nothing made", async () => {
    zoom.hangNext(/\/report\/users\//);
    const held = zoom.held;
    const pending = reconcile(a);
    await until("the past meetings request held by the stand-in", () => zoom.held, (n) => n > held);
    deadlines.expire();
    const run = await pending;
    expect(run.lastRun).toMatchObject({
      status: "failed",
      callsRecovered: 0,
      error: "Zoom did not answer in time (past meetings)",
    });
    expect(await recovered()).toBe(0);
  });

  it("the next run recovers each of them once", async () => {
    const before = (await zoomCalls(a)).length;
    const run = await reconcile(a);
    expect(run.lastRun).toMatchObject({ status: "succeeded", callsRecovered: lostNow.length, error: null });
    expect(await recovered()).toBe(lostNow.length);
    expect((await zoomCalls(a)).length).toBe(before + lostNow.length);
    for (const m of lostNow) expect(await callOf(m)).toMatchObject({ clientId: janeId, duration: 2700, amount: "90.00" });
  });
});

describe("a run longer than the hour a Zoom token lasts", () => {
  it("asks Zoom for a new token when the first one expires part-way, and recovers the meeting", async () => {
    const m = meeting(58, "Lost while the token expired");
    await deliver(m, dropAll);
    const tokensBefore = tokenRequests();
    // The hour ends just before the participants of the first meeting are read.
    zoom.expireTokensOn(/\/participants$/);
    const run = await reconcile(a);
    expect(run.lastRun).toMatchObject({ status: "succeeded", error: null });
    expect(tokenRequests() - tokensBefore).toBe(2);
    expect(await callOf(m)).toMatchObject({ clientId: janeId, duration: 2700, amount: "90.00" });
  });
});

describe("other accounts", () => {
  it("cannot reconcile this account's Zoom nor read its runs", async () => {
    const none = await b.c.post("/api/integrations/zoom/reconcile", {});
    expect(none.status).toBe(404);
    expect(none.body.message).toBe("Connect Zoom first.");
    expect(await reconciliation(b)).toMatchObject({ provider: null, canReconcile: false, lastRun: null, callsRecovered: 0 });
    expect(await zoomCalls(b)).toEqual([]);
  });

  it("with their own Zoom app, recover only their own meetings", async () => {
    const appB = zoom.addApp();
    const saved = await b.c.post("/api/integrations/setup-zoom", {
      apiKey: appB.clientId,
      apiSecret: appB.clientSecret,
      webhookSecretToken: appB.secretToken,
      accountId: appB.accountId,
    });
    expect(saved.status).toBe(200);
    const run = await reconcile(b);
    expect(run.lastRun).toMatchObject({ status: "succeeded", recordsSeen: 0, callsRecovered: 0 });
    expect(await zoomCalls(b)).toEqual([]);
    // A's tab still shows A's runs, not B's.
    expect((await reconciliation(a)).callsRecovered).toBe(2 + 3 + 1);
  });

  it("a connection without the Account ID says what to enter, and Reconcile now refuses", async () => {
    const c = await newAccount(t);
    const saved = await c.c.post("/api/integrations/setup-zoom", {
      apiKey: "someClientId",
      apiSecret: "some client secret",
      webhookSecretToken: "some secret token",
    });
    expect(saved.status).toBe(200);
    const message = "Enter your Zoom Account ID (the Server-to-Server OAuth app's App Credentials page) to read Zoom's record.";
    expect(await reconciliation(c)).toMatchObject({ canReconcile: false, missing: message, lastRun: null });
    const refused = await c.c.post("/api/integrations/zoom/reconcile", {});
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message);
  });
});
