import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { reconcileNow, reconciliationOf } from "../helpers/reconcile.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { until } from "../helpers/until.js";
import { connectMeet } from "../stand-ins/google/meet-flow.js";
import { type Channel, type GoogleStandIn, meetEvent, STAND_IN_ACCOUNT, startGoogleStandIn } from "../stand-ins/google/server.js";

/**
 * No missed Meet call (issue 25 §3) over HTTP: meetings whose Calendar pushes never arrived are
 * recovered by "Reconcile now" from Meet's own record (conferenceRecords.list filtered on end_time and
 * paged, spaces.get, the calendar event, participants.list paged, on the Google stand-in speaking
 * Google's documented shapes), timed and priced as the live push path makes them, never twice, also when
 * the push arrives after all; an access token Google rejects is refreshed under the row's lock and the
 * run goes on; Google's refusals fail the run with a sentence and leave no partial calls; other accounts
 * neither reconcile nor see this one's runs.
 */
const CLIENT_ID = "13579-reconcile.apps.googleusercontent.com";
const CLIENT_SECRET = "GOCSPX-reconcile-secret";
const MINUTE = 60_000;
const base = Math.floor(Date.now() / MINUTE) * MINUTE;
const ago = (minutes: number) => new Date(base - minutes * MINUTE);

let google: GoogleStandIn;
let t: TestApp;
let a: TestAccount;
let b: TestAccount;
let channel: Channel;
let janeId: number;

type CallJson = Record<string, unknown> & {
  source: string;
  startTime: string;
  participants: { name?: string; email?: string; phone?: string; self?: boolean }[];
};
const meetCalls = async (who: TestAccount): Promise<CallJson[]> => {
  const body = (await who.c.get("/api/calls?limit=200")).body;
  return ((Array.isArray(body) ? body : body.calls) as CallJson[]).filter((call) => call.source === "meet");
};
const reconciliation = (who: TestAccount) => reconciliationOf(who, "meet");
const reconcile = (who: TestAccount) => reconcileNow(who, "meet");

/** Meet's jobs still to run (a push's sync and the fetches it queues). */
async function meetJobsPending(): Promise<number> {
  const result = (await t.app.db.execute(
    sql`select count(*)::int as n from pgboss.job where name like 'meet.%' and name <> 'meet.renew-channel'
        and state in ('created', 'active', 'retry') and start_after <= now()`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

let meetings = 0;
type Meeting = { code: string; start: Date; end: Date; conference: string };
/**
 * A 45-minute meeting on the calendar with Jane that began `minutesAgo` before now (its push not sent);
 * `running`: Meet's record has no end yet.
 */
function meeting(minutesAgo: number, options: { topic?: string; running?: boolean } = {}): Meeting {
  meetings += 1;
  const code = `rec-${String.fromCharCode(97 + (meetings % 26))}${"abcdefghijklmnopqrstuvwxyz"[Math.floor(meetings / 26)]}xy-zzz`;
  const start = ago(minutesAgo);
  const end = ago(minutesAgo - 45);
  google.putEvent(
    meetEvent({
      id: `evt-r${meetings}`,
      code,
      start,
      end,
      attendees: [STAND_IN_ACCOUNT, "jane@client.test"],
      self: STAND_IN_ACCOUNT,
      summary: options.topic ?? "Contract review",
    }),
  );
  const conference = google.addConference({
    meetingCode: code,
    startTime: start.toISOString(),
    endTime: options.running ? null : end.toISOString(),
    participants: [
      { signedinUser: { user: "users/111", displayName: "Owner" } },
      { signedinUser: { user: "users/222", displayName: "Jane Client" } },
      { phoneUser: { displayName: "+1 555-***-**12" } },
    ],
  });
  return { code, start, end, conference };
}

/** What a call shows that must not depend on whether a push or a reconciliation made it. */
const shape = (call: CallJson) => ({
  duration: call.duration,
  amount: call.amount,
  clientId: call.clientId,
  clientName: call.clientName,
  platform: call.platform,
  active: call.active,
  description: call.description ?? call.notes ?? null,
  participants: [...call.participants].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
});
const callOf = async (m: Meeting) => {
  const found = (await meetCalls(a)).filter((call) => call.startTime === m.start.toISOString());
  expect(found.length, `calls of ${m.code}`).toBeLessThanOrEqual(1);
  return found[0];
};

beforeAll(async () => {
  google = await startGoogleStandIn();
  google.addClient(CLIENT_ID, CLIENT_SECRET);
  t = await startTestApp({
    google: { oauthBase: google.baseUrl, apiBase: google.baseUrl },
    jobs: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 3000 },
  });
  a = await newAccount(t, { timezone: "UTC" });
  b = await newAccount(t, { timezone: "UTC" });
  janeId = (
    await buildClient(a.c, { name: "Jane Client", email: "jane@client.test", billingRate: "120.00", billingType: "hour" })
  ).id;
  await buildClient(b.c, { name: "B's Jane", email: "jane@client.test" });
  await connectMeet(a.c, google, { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  channel = google.activeChannel()!;
  await until("the first calendar sync", meetJobsPending, (n) => n === 0);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await google?.stop();
});

describe("Reconcile now recovers the Meet calls whose pushes never arrived", () => {
  let live: Meeting;
  const lost: Meeting[] = [];

  it("each lost meeting becomes the call the live push makes; calls off the calendar and still running are not read as calls", async () => {
    live = meeting(200);
    expect((await google.notify(channel)).status).toBe(200);
    await until(
      "the live call",
      () => callOf(live),
      (call) => call?.active === false,
    );
    const liveCall = (await callOf(live))!;
    expect(liveCall).toMatchObject({ clientId: janeId, duration: 2700, amount: "90.00", platform: "meet" });

    for (const minutesAgo of [180, 160, 140]) lost.push(meeting(minutesAgo));
    // A Meet call nobody put on the calendar: no guests, no client; the live path never sees it either.
    google.addConference({
      meetingCode: "adh-ocme-etx",
      startTime: ago(120).toISOString(),
      endTime: ago(110).toISOString(),
      participants: [{ anonymousUser: { displayName: "Someone" } }],
    });
    // Still running: the next run reads it once it has ended.
    const running = meeting(30, { running: true });
    // Google answers two at a time: every list is read through its pages.
    google.pageLimit = 2;
    const before = await reconciliation(a);
    expect(before).toMatchObject({ source: "meet", provider: "meet", canReconcile: true, missing: null, lastRun: null });
    const queued = await a.c.post("/api/integrations/meet/reconcile", {});
    expect(queued.status, queued.text).toBe(202);
    expect(queued.body).toMatchObject({ success: true, run: { status: "queued", trigger: "manual" } });
    expect(queued.body.message).toBe(
      "Reconciling with Google Meet: calls its record has and Minutely does not will appear in a moment.",
    );
    const done = await until(
      "the reconciliation",
      () => reconciliation(a),
      (r) => r.lastRun?.status === "succeeded" || r.lastRun?.status === "failed",
    );
    google.pageLimit = null;
    // Five conferences ended in the window (the live one, three lost, the one off the calendar).
    expect(done.lastRun).toMatchObject({
      status: "succeeded",
      trigger: "manual",
      recordsSeen: 5,
      callsRecovered: 3,
      error: null,
    });
    expect(done.callsRecovered).toBe(3);
    expect(google.apiRequests.some((r) => r.path.startsWith("/v2/conferenceRecords?") && r.path.includes("pageToken="))).toBe(
      true,
    );
    expect(google.apiRequests.some((r) => /\/participants\?.*pageToken=/.test(r.path))).toBe(true);
    expect(google.apiRequests.some((r) => r.path.startsWith("/v2/conferenceRecords?") && r.path.includes("end_time"))).toBe(true);

    for (const m of lost) {
      const call = (await callOf(m))!;
      expect(call).toMatchObject({ startTime: m.start.toISOString(), endTime: m.end.toISOString() });
      expect(shape(call)).toEqual(shape(liveCall));
    }
    expect((await meetCalls(a)).length).toBe(1 + lost.length);
    expect(await callOf(running)).toBeUndefined();
    // The owner is themselves, once; Jane is the client; the dial-in caller as Meet gives the number.
    const recovered = (await callOf(lost[0]!))!;
    expect(recovered.participants.filter((p) => p.self)).toEqual([expect.objectContaining({ email: STAND_IN_ACCOUNT })]);
    expect(recovered.participants).toContainEqual(expect.objectContaining({ phone: "+1 555-***-**12" }));
  });

  it("a second run finds nothing new and makes no duplicate", async () => {
    const before = await meetCalls(a);
    const again = await reconcile(a);
    expect(again.lastRun).toMatchObject({ status: "succeeded", callsRecovered: 0, error: null });
    expect(again.callsRecovered).toBe(3);
    expect(await meetCalls(a)).toEqual(before);
  });

  it("the lost pushes arriving late, after the recovery, change nothing", async () => {
    const before = await meetCalls(a);
    const fetchesBefore = google.apiRequests.filter((r) => r.path.includes("space.meeting_code")).length;
    expect((await google.notify(channel)).status).toBe(200);
    // The live path did run: the sync read the calendar and each ended meeting's record was fetched again.
    await until(
      "the late push's fetches",
      async () => google.apiRequests.filter((r) => r.path.includes("space.meeting_code")).length - fetchesBefore,
      (n) => n >= lost.length,
    );
    await until("Meet's jobs", meetJobsPending, (n) => n === 0);
    expect(await meetCalls(a)).toEqual(before);
  });
});

describe("Google refusing: the run fails with a sentence and leaves no partial calls", () => {
  const lostNow: Meeting[] = [];
  beforeAll(() => {
    for (const minutesAgo of [100, 95, 90]) lostNow.push(meeting(minutesAgo, { topic: `Lost ${minutesAgo}` }));
  });
  const recovered = async () => {
    let n = 0;
    for (const m of lostNow) if (await callOf(m)) n += 1;
    return n;
  };

  it("429 on the conference records: failed in Google's words, nothing made", async () => {
    google.failNext({ path: /^\/v2\/conferenceRecords$/, status: 429 });
    const run = await reconcile(a);
    expect(run.lastRun).toMatchObject({
      status: "failed",
      callsRecovered: 0,
      error: "Google 429 refused the conference records list: RESOURCE_EXHAUSTED: Rate Limit Exceeded",
    });
    expect(await recovered()).toBe(0);
  });

  it("429 on the second conference's participants: failed saying so, none of the page's calls made", async () => {
    // Newest first: the second conference listed is the one of 95 minutes ago.
    const second = lostNow[1]!.conference;
    google.failNext({ path: new RegExp(`^/v2/${second}/participants$`), status: 429 });
    const run = await reconcile(a);
    expect(run.lastRun).toMatchObject({
      status: "failed",
      callsRecovered: 0,
      error: "Google 429 refused the participants list: RESOURCE_EXHAUSTED: Rate Limit Exceeded",
    });
    // The first one's participants were read, and still no call of that page was made.
    expect(google.apiRequests.some((r) => r.path.startsWith(`/v2/${lostNow[2]!.conference}/participants`))).toBe(true);
    expect(await recovered()).toBe(0);
  });

  it("an access token Google rejects mid-run (401) is refreshed once, under the row's lock, and the run recovers every call", async () => {
    const refreshes = google.refreshCount();
    google.failNext({ path: new RegExp(`^/v2/${lostNow[1]!.conference}/participants$`), status: 401 });
    const run = await reconcile(a);
    expect(run.lastRun).toMatchObject({ status: "succeeded", callsRecovered: lostNow.length, error: null });
    expect(google.refreshCount()).toBe(refreshes + 1);
    expect(await recovered()).toBe(lostNow.length);
    for (const m of lostNow) expect(await callOf(m)).toMatchObject({ clientId: janeId, duration: 2700, amount: "90.00" });
  });
});

describe("other accounts", () => {
  it("cannot reconcile this account's Meet nor read its runs, and none of its calls reach them", async () => {
    const none = await b.c.post("/api/integrations/meet/reconcile", {});
    expect(none.status).toBe(404);
    expect(none.body.message).toBe("Connect Google Meet first.");
    expect(await reconciliation(b)).toMatchObject({ provider: null, canReconcile: false, lastRun: null, callsRecovered: 0 });
    expect(await meetCalls(b)).toEqual([]);
    expect((await reconciliation(a)).callsRecovered).toBe(3 + 3);
  });

  it("saved but not connected to Google: says what to do, and Reconcile now refuses", async () => {
    const c = await newAccount(t);
    const saved = await c.c.post("/api/integrations/meet", { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, enabled: true });
    expect(saved.status).toBe(200);
    const message = "Connect your Google account (Connect Google account above) so Minutely can read Meet's conference records.";
    expect(await reconciliation(c)).toMatchObject({ provider: "meet", canReconcile: false, missing: message, lastRun: null });
    const refused = await c.c.post("/api/integrations/meet/reconcile", {});
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message);
  });
});

describe("Google refusing the refresh token", () => {
  it("fails the run asking to reconnect, and the tab then says so instead of offering the button", async () => {
    google.expireRefreshTokens();
    google.failNext({ path: /^\/v2\/conferenceRecords$/, status: 401 });
    const run = await reconcile(a);
    expect(run.lastRun).toMatchObject({ status: "failed", callsRecovered: 0 });
    expect(run.lastRun.error).toContain("Reconnect your Google account");
    expect(await reconciliation(a)).toMatchObject({
      canReconcile: false,
      missing: expect.stringContaining("Reconnect your Google account"),
    });
  });
});
