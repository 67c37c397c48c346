import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meetJobs } from "../../src/server/capture/meet/meet-jobs.js";
import { meetAccessToken } from "../../src/server/capture/meet/meet-tokens.js";
import type { JobContext } from "../../src/server/jobs/job-types.js";
import { secretBoxFor } from "../../src/server/http/secrets.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { connectMeet } from "../stand-ins/google/meet-flow.js";
import { type Channel, type GoogleStandIn, meetEvent, STAND_IN_ACCOUNT, startGoogleStandIn } from "../stand-ins/google/server.js";
import { injectCrashBeforeQueueing } from "../helpers/inject-crash.js";
import { until } from "../helpers/until.js";

/**
 * Issue 14 §3: a Calendar push → meet.sync-calendar → meet.fetch-conference → a priced call for the
 * right client, through the real job queue, against the Google stand-in. Also the push's checks
 * (channel id and token, replays), the sync token's 410, an expired refresh token, the refresh lock.
 */
const CLIENT_ID = "987654321-capture.apps.googleusercontent.com";
const CLIENT_SECRET = "GOCSPX-capture-secret";
const MINUTE = 60_000;

let google: GoogleStandIn;
let t: TestApp;
let a: TestAccount;
let b: TestAccount;
let channel: Channel;
let janeId: number;

type CallJson = {
  id: number;
  source: string;
  clientId: number | null;
  clientName: string | null;
  duration: number;
  amount: string;
  active: boolean;
  platform: string;
  startTime: string;
  endTime: string;
};

async function meetCalls(who: TestAccount): Promise<CallJson[]> {
  const body = (await who.c.get("/api/calls?limit=50")).body;
  const list: CallJson[] = Array.isArray(body) ? body : body.calls;
  return list.filter((call) => call.source === "meet");
}

async function pushRows(): Promise<number> {
  const result = (await t.app.db.execute(
    sql`select count(*)::int as n from webhook_events where provider = 'meet-push'`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
}

function jobContext(now: Date): JobContext {
  return { db: t.app.db, now: () => now, log: t.app.log, config: t.app.config, send: async () => null };
}

beforeAll(async () => {
  google = await startGoogleStandIn();
  google.addClient(CLIENT_ID, CLIENT_SECRET);
  t = await startTestApp({
    google: { oauthBase: google.baseUrl, apiBase: google.baseUrl },
    jobs: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 3000 },
  });
  a = await newAccount(t);
  b = await newAccount(t);
  janeId = (
    await buildClient(a.c, { name: "Jane Client", email: "jane@client.test", billingRate: "120.00", billingType: "hour" })
  ).id;
  await buildClient(b.c, { name: "B's Jane", email: "jane@client.test" });
  await connectMeet(a.c, google, { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  channel = google.activeChannel()!;
  // The consent queued a first sync; let it finish so the checks below see a quiet database.
  await until(
    "the first calendar sync",
    async () =>
      (
        (await t.app.db.execute(
          sql`select config->>'syncToken' as token from integrations where account_id = ${a.accountId} and provider = 'meet'`,
        )) as unknown as { rows: { token: string | null }[] }
      ).rows[0]?.token ?? null,
    (token) => token !== null,
  );
});
afterAll(async () => {
  await t?.close();
  await google?.stop();
});

describe("the Calendar push", () => {
  it("a watch channel points at the account's push URL, with a random token", () => {
    expect(channel.address).toMatch(new RegExp(`^${t.baseUrl}/api/webhooks/google-calendar/[A-Za-z0-9_-]{32}$`));
    expect(channel.stopped).toBe(false);
  });

  it("the first 'sync' message is answered and records the delivery only", async () => {
    const response = await google.notify(channel, { state: "sync", messageNumber: 1 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: true });
    expect((await a.c.get("/api/integrations/meet")).body.lastEventAt).not.toBeNull();
    expect(await pushRows()).toBe(0);
  });

  it("a forged channel token, another channel id or an unknown URL is a 404 and changes nothing", async () => {
    for (const forged of [{ token: "forged-token" }, { token: "" }, { channelId: "another-channel" }]) {
      const response = await expectNothingChanged(t.app.db, () => google.notify(channel, { ...forged, messageNumber: 99 }));
      expect(response.status, JSON.stringify(forged)).toBe(404);
    }
    const unknown = await fetch(`${t.baseUrl}/api/webhooks/google-calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, {
      method: "POST",
      headers: { "X-Goog-Channel-ID": channel.id, "X-Goog-Channel-Token": channel.token, "X-Goog-Resource-State": "exists" },
    });
    expect(unknown.status).toBe(404);
  });
});

describe("a meeting that ended becomes a priced call", () => {
  it("for the right client, matched through the calendar event's attendee emails", async () => {
    const start = new Date(Date.now() - 60 * MINUTE);
    const end = new Date(Date.now() - 15 * MINUTE);
    google.putEvent(
      meetEvent({
        id: "evt1",
        code: "abc-mnop-xyz",
        start,
        end,
        attendees: [STAND_IN_ACCOUNT, "jane@client.test"],
        self: STAND_IN_ACCOUNT,
        summary: "Contract review",
      }),
    );
    google.addConference({
      meetingCode: "abc-mnop-xyz",
      startTime: start.toISOString(),
      endTime: end.toISOString(),
      participants: [
        { signedinUser: { user: "users/111", displayName: "Owner" } },
        { signedinUser: { user: "users/222", displayName: "Jane Client" } },
        { phoneUser: { displayName: "+1 555-***-**12" } },
      ],
    });
    const response = await google.notify(channel);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });

    const [call] = await until(
      "the Meet call",
      () => meetCalls(a),
      (calls) => calls.length > 0 && !calls[0]!.active,
    );
    expect(call).toMatchObject({
      platform: "meet",
      clientId: janeId,
      clientName: "Jane Client",
      startTime: start.toISOString(),
      endTime: end.toISOString(),
      duration: 2700,
      amount: "90.00",
      active: false,
    });
    expect(await meetCalls(b)).toEqual([]);
  });

  it("a replayed message number queues nothing and leaves one call", async () => {
    const before = await pushRows();
    const replay = await google.notify(channel, { messageNumber: channel.messageNumber });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, ignored: true });
    expect(await pushRows()).toBe(before);
    expect(await meetCalls(a)).toHaveLength(1);
  });

  it("an expired sync token (410) makes a full sync, and a second meeting is captured", async () => {
    google.invalidateSyncTokens();
    const start = new Date(Date.now() - 40 * MINUTE);
    const end = new Date(Date.now() - 10 * MINUTE);
    google.putEvent(
      meetEvent({ id: "evt2", code: "qrs-tuvw-xyz", start, end, attendees: [STAND_IN_ACCOUNT, "jane@client.test"] }),
    );
    google.addConference({
      meetingCode: "qrs-tuvw-xyz",
      startTime: start.toISOString(),
      endTime: end.toISOString(),
      participants: [],
    });
    expect((await google.notify(channel)).status).toBe(200);
    const calls = await until(
      "the second call",
      () => meetCalls(a),
      (list) => list.length === 2,
    );
    expect(calls.every((call) => call.clientId === janeId)).toBe(true);
    expect(google.apiRequests.some((r) => r.path.includes("syncToken="))).toBe(true);
  });
});

describe("a crash between claim and queue (issue 23 defect 13)", () => {
  it("loses no push: the message that crashed is processed when Google delivers it again", async () => {
    const start = new Date(Date.now() - 35 * MINUTE);
    const end = new Date(Date.now() - 5 * MINUTE);
    google.putEvent(meetEvent({ id: "evt-crash", code: "cra-shed-xyz", start, end, attendees: [STAND_IN_ACCOUNT, "jane@client.test"] }));
    google.addConference({ meetingCode: "cra-shed-xyz", startTime: start.toISOString(), endTime: end.toISOString(), participants: [] });
    const before = (await meetCalls(a)).length;
    const messageNumber = ++channel.messageNumber;
    const crash = await injectCrashBeforeQueueing(t.app.db, "meet.sync-calendar", 1);
    try {
      expect((await google.notify(channel, { messageNumber })).status).toBeGreaterThanOrEqual(500);
    } finally {
      await crash.remove();
    }
    const retry = await google.notify(channel, { messageNumber });
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ received: true });
    const calls = await until(
      "the call of the push that crashed",
      () => meetCalls(a),
      (list) => list.length === before + 1,
    );
    expect(calls.some((call) => call.startTime === start.toISOString() && call.clientId === janeId)).toBe(true);
  });
});

describe("tokens", () => {
  it("two refreshes at once make one refresh request at Google (the row is locked)", async () => {
    google.accessTokenTtlSeconds = 3 * 3600;
    google.refreshDelayMs = 300;
    try {
      // Two hours from now the stored token (1 h) has expired; the refreshed one (3 h) has not.
      const later = new Date(Date.now() + 2 * 3600_000);
      const before = google.refreshCount();
      const box = secretBoxFor(t.app.config);
      const [first, second] = await Promise.all([
        meetAccessToken(t.app.db, box, t.app.config, { accountId: a.accountId, now: later }),
        meetAccessToken(t.app.db, box, t.app.config, { accountId: a.accountId, now: later }),
      ]);
      expect(google.refreshCount()).toBe(before + 1);
      expect(first.accessToken).toBe(second.accessToken);
    } finally {
      google.refreshDelayMs = 0;
      google.accessTokenTtlSeconds = 3600;
    }
  });

  it("the renewal job opens a new channel a day before expiry and stops the old one", async () => {
    const old = google.activeChannel()!;
    await meetJobs["meet.renew-channel"].run({}, jobContext(new Date(old.expiration - 12 * 3600_000)));
    const renewed = google.activeChannel()!;
    expect(renewed.id).not.toBe(old.id);
    expect(old.stopped).toBe(true);
    expect(renewed.address).toBe(old.address);
    // The old channel's pushes are now refused; the new one's accepted.
    expect((await google.notify(old, { state: "sync" })).status).toBe(404);
    expect((await google.notify(renewed, { state: "sync" })).status).toBe(200);
    channel = renewed;
  });

  it("a meeting not yet ended is fetched a few minutes after its scheduled end", async () => {
    const start = new Date(Date.now() + 10 * MINUTE);
    const end = new Date(Date.now() + 40 * MINUTE);
    google.putEvent(meetEvent({ id: "evt-later", code: "lat-erme-etx", start, end, attendees: ["jane@client.test"] }));
    const sent: { name: string; data: object; options?: { startAfter?: number | Date } }[] = [];
    const context = {
      ...jobContext(new Date()),
      send: async (name: string, data: object, options?: { startAfter?: number | Date }) => {
        sent.push({ name, data, options });
        return "job";
      },
    };
    await meetJobs["meet.sync-calendar"].run({ accountId: a.accountId }, context);
    const later = sent.find((job) => (job.data as { meeting: { meetingCode: string } }).meeting.meetingCode === "lat-erme-etx");
    expect(later?.name).toBe("meet.fetch-conference");
    expect(later?.options?.startAfter).toEqual(new Date(end.getTime() + 5 * MINUTE));
  });

  it("a 429 from Calendar fails the sync with Google's words (the queue retries); the next run clears the error", async () => {
    google.failNext({ path: /\/calendar\/v3\/calendars\/primary\/events$/, status: 429 });
    await expect(meetJobs["meet.sync-calendar"].run({ accountId: a.accountId }, jobContext(new Date()))).rejects.toThrow(
      /RESOURCE_EXHAUSTED: Rate Limit Exceeded/,
    );
    expect((await a.c.get("/api/integrations/meet")).body.lastError).toContain("Rate Limit Exceeded");
    await meetJobs["meet.sync-calendar"].run({ accountId: a.accountId }, jobContext(new Date()));
    expect((await a.c.get("/api/integrations/meet")).body).toMatchObject({ status: "connected", lastError: null });
  });

  it("a refresh token Google refuses (invalid_grant) in a job turns the status to reconnect", async () => {
    google.expireRefreshTokens();
    google.expireAccessTokens();
    const later = new Date(Date.now() + 2 * 3600_000);
    await meetJobs["meet.sync-calendar"].run({ accountId: a.accountId }, jobContext(later));
    const status = (await a.c.get("/api/integrations/meet")).body;
    expect(status.status).toBe("reconnect");
    expect(status.lastError).toContain("Reconnect your Google account");
    // A push while reconnect is needed is answered and queues nothing.
    const before = await pushRows();
    const push = await google.notify(channel);
    expect(push.status).toBe(200);
    expect(await pushRows()).toBe(before);
  });
});
