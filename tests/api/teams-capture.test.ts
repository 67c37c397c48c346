import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrations, webhookEvents } from "../../src/server/db/schema/index.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { injectCrashBeforeQueueing } from "../helpers/inject-crash.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { until } from "../helpers/until.js";
import { createMicrosoftStandIn, type MicrosoftStandIn, type StandInApp } from "../stand-ins/microsoft/server.js";

/**
 * Teams capture end to end (issue 14 §2, §7): Graph's change notification → clientState checked →
 * `teams.fetch-call-record` on the job queue → the call record and its participants from Graph →
 * a priced call for the right client; a replay or a forged notification queues nothing; the renewal
 * job extends (or re-creates) the subscription. Against the Microsoft stand-in over https.
 */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
let ms: MicrosoftStandIn;
let t: TestApp;
let a: TestAccount;
let b: TestAccount;
let entraA: StandInApp;
let entraB: StandInApp;
let aPath: string;
let bPath: string;
let janeId: number;

async function connect(who: TestAccount, entra: StandInApp): Promise<string> {
  const response = await who.c.post("/api/integrations/teams", {
    tenantId: entra.tenantId,
    clientId: entra.clientId,
    clientSecret: entra.clientSecret,
    enabled: true,
  });
  if (response.status !== 200) throw new Error(`teams setup failed: ${response.status} ${response.text}`);
  return new URL(response.body.integration.webhookUrl).pathname;
}

const subscriptionOf = (entra: StandInApp) => [...ms.subscriptions.values()].find((s) => s.applicationId === entra.clientId)!;

async function teamsCalls(who: TestAccount) {
  const body = (await who.c.get("/api/calls?limit=50")).body;
  const list = (Array.isArray(body) ? body : body.calls) as Record<string, unknown>[];
  return list.filter((c) => c.source === "teams");
}

async function fetchJobsFor(callRecordId: string): Promise<number> {
  const result = await t.app.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'teams.fetch-call-record' and data->>'callRecordId' = ${callRecordId}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** The pg-boss state of every fetch job queued for one call record (`completed` once it ran). */
async function fetchJobStates(callRecordId: string): Promise<string[]> {
  const result = await t.app.db.execute(
    sql`select state from pgboss.job where name = 'teams.fetch-call-record' and data->>'callRecordId' = ${callRecordId}`,
  );
  return (result as unknown as { rows: { state: string }[] }).rows.map((row) => row.state);
}

const minute = 60_000;
const base = Math.floor(Date.now() / minute) * minute;
const at = (minutesAgo: number) => new Date(base - minutesAgo * minute).toISOString();

beforeAll(async () => {
  ms = await createMicrosoftStandIn().start();
  ms.now = () => Date.now() + offsetMs;
  entraA = ms.addApp();
  entraB = ms.addApp();
  t = await startTestApp({ now: clock, microsoft: ms.appConfig, jobs: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 3000 } });
  a = await newAccount(t);
  b = await newAccount(t);
  janeId = (
    await buildClient(a.c, { name: "Jane Client", email: "jane@client.test", billingRate: "120.00", billingType: "hour" })
  ).id;
  await buildClient(b.c, { name: "Jane Client (B)", email: "jane@client.test" });
  // A's owner is in the tenant's directory: connecting stores their Entra object id.
  ms.addUser({ id: "u-owner", displayName: "Me", userPrincipalName: a.account.email });
  aPath = await connect(a, entraA);
  bPath = await connect(b, entraB);
  // An app with its job queue, a TLS stand-in and two connections: slow on a loaded machine.
}, 180_000);
afterAll(async () => {
  await t?.close();
  await ms?.stop();
});

describe("Graph's validation handshake", () => {
  it("echoes the decoded token as text/plain for a known URL", async () => {
    const response = await t.client().request("POST", `${aPath}?validationToken=${encodeURIComponent("Validation: a+b c&d")}`, {
      headers: { "content-type": "text/plain; charset=utf-8" },
      marker: false,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(response.text).toBe("Validation: a+b c&d");
  });

  it("is a 404 for an unknown token", async () => {
    const response = await t.client().request("POST", "/api/webhooks/teams/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA?validationToken=x", {
      marker: false,
    });
    expect(response.status).toBe(404);
  });
});

describe("a notification becomes a priced call", () => {
  it("fetches the call record and matches the client among the participants", async () => {
    ms.addCallRecord({
      id: "e523d2ed-2966-4b6b-925b-754a88034cc5",
      startDateTime: at(50),
      endDateTime: at(5),
      // Served as Microsoft documents today: organizer_v2 without the userPrincipalName.
      organizer_v2: {
        id: "u-owner",
        identity: { user: { id: "u-owner", displayName: "Me", userPrincipalName: a.account.email } },
      },
      participants_v2: [
        { id: "p1", identity: { user: { id: "u-owner", displayName: "Me", userPrincipalName: a.account.email } } },
        { id: "p2", identity: { user: { id: "u-jane", displayName: "Jane Client", userPrincipalName: "Jane@Client.test" } } },
        { id: "p3", identity: { phone: { id: "+12125550100" } } },
      ],
    });
    ms.participantsPageSize = 2; // the participants come in two pages
    const answers = await ms.notify("e523d2ed-2966-4b6b-925b-754a88034cc5", { subscriptionId: subscriptionOf(entraA).id });
    expect(answers).toEqual([{ status: 202, body: JSON.stringify({ accepted: 1 }) }]);

    const [call] = await until(
      "the Teams call",
      () => teamsCalls(a),
      (list) => list.length === 1,
    );
    expect(call).toMatchObject({
      platform: "teams",
      clientId: janeId,
      clientName: "Jane Client",
      startTime: new Date(at(50)).toISOString(),
      endTime: new Date(at(5)).toISOString(),
      duration: 2700,
      amount: "90.00",
      active: false,
    });
    expect(call!.participants).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: "jane@client.test", name: "Jane Client" }),
        expect.objectContaining({ phone: "+12125550100" }),
      ]),
    );
    // The owner appears once, as themselves: organizer_v2 and participants_v2 merged by Entra id.
    const owners = (call!.participants as { email?: string; name?: string }[]).filter((p) => p.name === "Me");
    expect(owners).toHaveLength(1);
    expect(owners[0]).toMatchObject({ email: a.account.email.toLowerCase(), self: true });
    // Account B's subscription was not notified and B's client with the same address got nothing.
    expect(await teamsCalls(b)).toEqual([]);
    const shown = (await a.c.get("/api/integrations/teams")).body;
    expect(shown.status).toBe("connected");
    expect(shown.lastEventAt).not.toBeNull();
    expect(shown).toMatchObject({ ownerRecognised: true, ownerNote: null, microsoftUser: a.account.email.toLowerCase() });
    // B's owner is not in B's directory: connected all the same, and the screen says why they are not recognised.
    const bShown = (await b.c.get("/api/integrations/teams")).body;
    expect(bShown).toMatchObject({ status: "connected", ownerRecognised: false });
    expect(bShown.ownerNote).toBe(
      `Microsoft Entra ID has no user ${b.account.email.toLowerCase()}: enter your Microsoft sign-in name so your own meetings never list you as a participant.`,
    );
  });

  it("a replayed notification queues nothing and leaves one call", async () => {
    const answers = await ms.notify("e523d2ed-2966-4b6b-925b-754a88034cc5", { subscriptionId: subscriptionOf(entraA).id });
    expect(answers).toEqual([{ status: 202, body: JSON.stringify({ accepted: 0 }) }]);
    expect(await fetchJobsFor("e523d2ed-2966-4b6b-925b-754a88034cc5")).toBeLessThanOrEqual(1);
    expect(await teamsCalls(a)).toHaveLength(1);
    const claims = await t.app.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.provider, "teams"), eq(webhookEvents.accountId, a.accountId)));
    expect(claims.map((c) => c.eventId)).toContain("notification:e523d2ed-2966-4b6b-925b-754a88034cc5:created");
  });
});

describe("forged notifications change nothing", () => {
  it("a wrong or missing clientState is ignored: 202, no job, no call", async () => {
    ms.addCallRecord({
      id: "f0f0f0f0-0000-4000-8000-000000000001",
      startDateTime: at(30),
      endDateTime: at(10),
      participants_v2: [],
    });
    for (const clientState of ["forged-client-state", null, subscriptionOf(entraB).clientState]) {
      const answers = await expectNothingChanged(t.app.db, () =>
        ms.notify("f0f0f0f0-0000-4000-8000-000000000001", { subscriptionId: subscriptionOf(entraA).id, clientState }),
      );
      expect(answers).toEqual([{ status: 202, body: JSON.stringify({ accepted: 0 }) }]);
    }
    expect(await fetchJobsFor("f0f0f0f0-0000-4000-8000-000000000001")).toBe(0);
  });

  it("another account's URL with this account's clientState is ignored", async () => {
    const body = JSON.stringify({
      value: [
        {
          subscriptionId: subscriptionOf(entraA).id,
          clientState: subscriptionOf(entraA).clientState,
          changeType: "created",
          resource: "communications/callRecords/f0f0f0f0-0000-4000-8000-000000000001",
          resourceData: { id: "f0f0f0f0-0000-4000-8000-000000000001" },
        },
      ],
    });
    const response = await expectNothingChanged(t.app.db, () =>
      t.client().request("POST", bPath, { rawBody: body, headers: { "content-type": "application/json" }, marker: false }),
    );
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ accepted: 0 });
  });

  it("an unknown token is a 404; a body that is not a notification is a 400", async () => {
    const unknown = await expectNothingChanged(t.app.db, () =>
      t.client().request("POST", "/api/webhooks/teams/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", {
        rawBody: '{"value":[]}',
        headers: { "content-type": "application/json" },
        marker: false,
      }),
    );
    expect(unknown.status).toBe(404);
    for (const rawBody of ["{not json", '{"value":"x"}', "[]"]) {
      const response = await expectNothingChanged(t.app.db, () =>
        t.client().request("POST", aPath, { rawBody, headers: { "content-type": "application/json" }, marker: false }),
      );
      expect(response.status, rawBody).toBe(400);
    }
  });
});

describe("Graph failing", () => {
  it("a throttled call-record fetch (429 with Retry-After) still ends as the call", async () => {
    ms.addCallRecord({
      id: "7a7a7a7a-0000-4000-8000-000000000429",
      startDateTime: at(40),
      endDateTime: at(20),
      participants_v2: [{ id: "p", identity: { user: { id: "u-jane", userPrincipalName: "jane@client.test" } } }],
    });
    ms.failNext(
      { method: "GET", path: /callRecords\/7a7a7a7a-0000-4000-8000-000000000429$/ },
      { kind: "error", status: 429, code: "TooManyRequests", message: "Too many requests", retryAfterSeconds: 1 },
      4,
    );
    const answers = await ms.notify("7a7a7a7a-0000-4000-8000-000000000429", { subscriptionId: subscriptionOf(entraA).id });
    expect(answers[0]!.status).toBe(202);
    await until(
      "the throttled call",
      () => teamsCalls(a),
      (list) => list.length === 2,
    );
    const throttledGets = ms.requests.filter(
      (r) => r.method === "GET" && r.path.endsWith("7a7a7a7a-0000-4000-8000-000000000429"),
    );
    expect(throttledGets.length).toBe(5);
  });
});

describe("an expired token", () => {
  it("Graph's 401 on a cached token makes the job ask Microsoft for a new one, and the call arrives", async () => {
    ms.addCallRecord({
      id: "40140140-0000-4000-8000-000000000401",
      startDateTime: at(25),
      endDateTime: at(15),
      participants_v2: [{ id: "p", identity: { user: { id: "u-jane", userPrincipalName: "jane@client.test" } } }],
    });
    ms.expireTokens();
    const tokensBefore = ms.requests.filter((r) => r.path.includes("/oauth2/v2.0/token")).length;
    const answers = await ms.notify("40140140-0000-4000-8000-000000000401", { subscriptionId: subscriptionOf(entraA).id });
    expect(answers[0]!.status).toBe(202);
    await until(
      "the call after a token refresh",
      () => teamsCalls(a),
      (list) => list.length === 3,
    );
    expect(ms.requests.filter((r) => r.path.includes("/oauth2/v2.0/token")).length).toBeGreaterThan(tokensBefore);
  });
});

describe("renewal", () => {
  const rowOf = async (accountId: number) =>
    (
      await t.app.db
        .select()
        .from(integrations)
        .where(and(eq(integrations.accountId, accountId), eq(integrations.provider, "teams")))
    )[0]!;

  it("the job renews a subscription that ends within 12 hours, and only those", async () => {
    const before = subscriptionOf(entraA).expirationDateTime;
    const beforeB = subscriptionOf(entraB).expirationDateTime;
    // Push B's expiry far enough that it is not due, then move everyone's clock to 8 hours before A's end.
    offsetMs = Date.parse(before) - Date.now() - 8 * 3600_000;
    const bRow = await rowOf(b.accountId);
    await t.app.db
      .update(integrations)
      .set({
        config: {
          ...(bRow.config as object),
          subscriptionExpiresAt: new Date(Date.now() + offsetMs + 2 * 86400_000).toISOString(),
        },
      })
      .where(eq(integrations.id, bRow.id));
    await t.app.jobs!.send("teams.renew-subscription", {});
    const row = await until(
      "A's renewed expiry",
      () => rowOf(a.accountId),
      (r) => (r.config as { subscriptionExpiresAt: string }).subscriptionExpiresAt > before,
    );
    const renewed = (row.config as { subscriptionExpiresAt: string }).subscriptionExpiresAt;
    expect(subscriptionOf(entraA).expirationDateTime).toBe(renewed);
    expect(Date.parse(renewed) - clock().getTime()).toBeGreaterThan(4000 * 60_000);
    expect(subscriptionOf(entraB).expirationDateTime).toBe(beforeB);
    expect((await a.c.get("/api/integrations/teams")).body).toMatchObject({
      status: "connected",
      subscriptionExpiresAt: renewed,
    });
  });

  it("a subscription Graph no longer knows is created again (with a new validation handshake)", async () => {
    const gone = subscriptionOf(entraA).id;
    ms.subscriptions.delete(gone);
    const validations = ms.validations.length;
    const row = await rowOf(a.accountId);
    await t.app.jobs!.send("teams.renew-subscription", { integrationId: row.id });
    const renewed = await until(
      "a new subscription",
      () => rowOf(a.accountId),
      (r) => {
        const id = (r.config as { subscriptionId: string }).subscriptionId;
        return Boolean(id) && id !== gone;
      },
    );
    expect(subscriptionOf(entraA).id).toBe((renewed.config as { subscriptionId: string }).subscriptionId);
    // The notification URL and the lifecycle notification URL are both validated again.
    expect(ms.validations.length).toBe(validations + 2);
  });
});

describe("a crash between claim and queue (issue 23 defect 13)", () => {
  it("loses no event: each of the 3 notifications that crashed is processed when Graph retries it", async () => {
    const ids = [
      "c4a5e000-0000-4000-8000-000000000001",
      "c4a5e000-0000-4000-8000-000000000002",
      "c4a5e000-0000-4000-8000-000000000003",
    ];
    for (const [i, id] of ids.entries())
      ms.addCallRecord({
        id,
        startDateTime: at(40 - i),
        endDateTime: at(20 - i),
        participants_v2: [
          { id: "p1", identity: { user: { id: "u-jane", displayName: "Jane Client", userPrincipalName: "jane@client.test" } } },
        ],
      });
    const before = (await teamsCalls(a)).length;
    const crash = await injectCrashBeforeQueueing(t.app.db, "teams.fetch-call-record", ids.length);
    try {
      for (const id of ids) {
        const [answer] = await ms.notify(id, { subscriptionId: subscriptionOf(entraA).id });
        expect(answer!.status).toBeGreaterThanOrEqual(500);
      }
    } finally {
      await crash.remove();
    }
    // Graph retries each delivery: none of them is taken for a duplicate.
    for (const id of ids) {
      const answers = await ms.notify(id, { subscriptionId: subscriptionOf(entraA).id });
      expect(answers).toEqual([{ status: 202, body: JSON.stringify({ accepted: 1 }) }]);
    }
    const processed = await until(
      "the three Teams calls",
      () => teamsCalls(a),
      (list) => list.length === before + ids.length,
    );
    expect(processed.length - before).toBe(ids.length);
  });
});

describe("no missed call: reconciliation and Graph's lifecycle events (issue 25 §2.3, §3)", () => {
  const jane = (id: string) => ({
    id,
    identity: { user: { id: "u-jane", displayName: "Jane Client", userPrincipalName: "jane@client.test" } },
  });
  const reconciliation = async (who: TestAccount) => (await who.c.get("/api/integrations/teams/reconciliation")).body;
  const callsWithRecord = async (recordId: string) =>
    t.app.db.execute(sql`select count(*)::int as n from calls where source = 'teams' and external_id = ${recordId}`);
  const count = async (recordId: string) =>
    ((await callsWithRecord(recordId)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  /** Graph's records no call of A's was made from yet. */
  const uncaptured = async () => {
    let missing = 0;
    for (const id of ms.callRecords.keys()) if ((await count(id)) === 0) missing += 1;
    return missing;
  };

  // The renewal tests moved the app's clock days ahead; Graph's records are stamped in real time.
  beforeAll(() => {
    offsetMs = 0;
  });

  it("Reconcile now recovers a call record Graph never notified, priced as the live path prices it, once", async () => {
    const before = await reconciliation(a);
    expect(before).toMatchObject({ source: "teams", provider: "teams", canReconcile: true, missing: null });
    ms.addCallRecord({
      id: "0bb1e000-0000-4000-8000-00000000000a",
      startDateTime: at(50),
      endDateTime: at(5),
      organizer_v2: {
        id: "u-owner",
        identity: { user: { id: "u-owner", displayName: "Me", userPrincipalName: a.account.email } },
      },
      participants_v2: [jane("p2")],
    });
    // This record, and any earlier one whose notification was refused as forged, were never captured.
    const missingBefore = await uncaptured();
    expect(missingBefore).toBeGreaterThanOrEqual(1);
    const queued = await a.c.post("/api/integrations/teams/reconcile", {});
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({ success: true, run: { status: "queued", trigger: "manual" } });
    expect(queued.body.message).toBe(
      "Reconciling with Microsoft Teams: calls its record has and Minutely does not will appear in a moment.",
    );
    const done = await until(
      "the reconciliation",
      () => reconciliation(a),
      (r) => r.lastRun?.status === "succeeded",
    );
    expect(done.lastRun).toMatchObject({ trigger: "manual", callsRecovered: missingBefore, error: null });
    expect(done.lastRun.recordsSeen).toBe(ms.callRecords.size);
    expect(done.callsRecovered).toBe(missingBefore);
    // Every record Graph has is now exactly one call.
    for (const id of ms.callRecords.keys()) expect(await count(id), id).toBe(1);
    const [call] = (await teamsCalls(a)).filter((c) => c.startTime === new Date(at(50)).toISOString());
    // The same call the notification would have made (see "a notification becomes a priced call").
    expect(call).toMatchObject({
      clientId: janeId,
      endTime: new Date(at(5)).toISOString(),
      duration: 2700,
      amount: "90.00",
      active: false,
    });
    expect((call!.participants as { name?: string; self?: boolean }[]).filter((p) => p.name === "Me")).toEqual([
      expect.objectContaining({ self: true }),
    ]);

    // Again: nothing new, no duplicate.
    expect((await a.c.post("/api/integrations/teams/reconcile", {})).status).toBe(202);
    const again = await until(
      "the second reconciliation",
      () => reconciliation(a),
      (r) => r.lastRun?.status === "succeeded" && r.lastRun.queuedAt !== done.lastRun.queuedAt,
    );
    expect(again.lastRun.callsRecovered).toBe(0);
    expect(again.callsRecovered).toBe(missingBefore);
    expect(await count("0bb1e000-0000-4000-8000-00000000000a")).toBe(1);
    // And a notification arriving late for it changes nothing either, once its job has run: the job is waited for,
    // or it would still be running when this test asserts (and when the next test checks that nothing changes).
    const late = await ms.notify("0bb1e000-0000-4000-8000-00000000000a", { subscriptionId: subscriptionOf(entraA).id });
    expect(late).toEqual([{ status: 202, body: JSON.stringify({ accepted: 1 }) }]);
    await until(
      "the late notification's job to finish",
      () => fetchJobStates("0bb1e000-0000-4000-8000-00000000000a"),
      (states) => states.length > 0 && states.every((state) => state === "completed"),
    );
    expect(await count("0bb1e000-0000-4000-8000-00000000000a")).toBe(1);
  });

  it("refuses for another account's missing connection and unknown sources, changing nothing", async () => {
    const c = await newAccount(t);
    await expectNothingChanged(t.app.db, async () => {
      const none = await c.c.post("/api/integrations/teams/reconcile", {});
      expect(none.status).toBe(404);
      expect(none.body.message).toBe("Connect Microsoft Teams first.");
      const unknown = await c.c.post("/api/integrations/skype/reconcile", {});
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe("Reconciliation exists for zoom, landline, teams and meet");
    });
    expect(await reconciliation(c)).toMatchObject({ provider: null, canReconcile: false, lastRun: null, callsRecovered: 0 });
    // A's runs are A's: B sees none of them.
    expect((await reconciliation(b)).lastRun).toBeNull();
  });

  it("missed: Graph's lifecycle event reconciles, and the lost call appears", async () => {
    ms.addCallRecord({
      id: "0bb1e000-0000-4000-8000-00000000000b",
      startDateTime: at(30),
      endDateTime: at(10),
      participants_v2: [jane("p2")],
    });
    const answer = await ms.notifyLifecycle(subscriptionOf(entraA).id, "missed");
    expect(answer).toEqual({ status: 202, body: JSON.stringify({ accepted: 1 }) });
    await until(
      "the recovered call",
      () => count("0bb1e000-0000-4000-8000-00000000000b"),
      (n) => n === 1,
    );
    const shown = await until(
      "the lifecycle run",
      () => reconciliation(a),
      (r) => r.lastRun?.trigger === "lifecycle" && r.lastRun.status === "succeeded",
    );
    expect(shown.lastRun.callsRecovered).toBe(1);
  });

  it("a lifecycle event without the subscription's clientState queues nothing", async () => {
    const answer = await ms.notifyLifecycle(subscriptionOf(entraA).id, "missed", { clientState: "forged" });
    expect(answer).toEqual({ status: 202, body: JSON.stringify({ accepted: 0 }) });
  });

  it("reauthorizationRequired renews the subscription now", async () => {
    const id = subscriptionOf(entraA).id;
    const patches = () => ms.requests.filter((r) => r.method === "PATCH" && r.path === `/v1.0/subscriptions/${id}`).length;
    const before = patches();
    const answer = await ms.notifyLifecycle(id, "reauthorizationRequired");
    expect(answer.status).toBe(202);
    await until(
      "the renewal",
      async () => patches(),
      (n) => n === before + 1,
    );
    expect(subscriptionOf(entraA).id).toBe(id);
  });

  it("a crash between claiming a lifecycle event and queueing its job loses nothing: Graph's retry renews", async () => {
    const id = subscriptionOf(entraA).id;
    const patches = () => ms.requests.filter((r) => r.method === "PATCH" && r.path === `/v1.0/subscriptions/${id}`).length;
    const before = patches();
    const crash = await injectCrashBeforeQueueing(t.app.db, "teams.lifecycle", 1);
    try {
      expect((await ms.notifyLifecycle(id, "reauthorizationRequired")).status).toBeGreaterThanOrEqual(500);
    } finally {
      await crash.remove();
    }
    // The same event again (same subscription life): not taken for a repeat of the one that crashed.
    expect(await ms.notifyLifecycle(id, "reauthorizationRequired")).toEqual({
      status: 202,
      body: JSON.stringify({ accepted: 1 }),
    });
    await until(
      "the renewal",
      async () => patches(),
      (n) => n === before + 1,
    );
  });

  it("subscriptionRemoved: a new subscription is made and the gap reconciled", async () => {
    const removed = subscriptionOf(entraA).id;
    const answer = await ms.notifyLifecycle(removed, "subscriptionRemoved");
    expect(answer.status).toBe(202);
    expect(ms.subscriptions.has(removed)).toBe(false);
    const row = await until(
      "a new subscription",
      async () =>
        (
          await t.app.db
            .select()
            .from(integrations)
            .where(and(eq(integrations.accountId, a.accountId), eq(integrations.provider, "teams")))
        )[0]!,
      (r) => {
        const id = (r.config as { subscriptionId: string | null }).subscriptionId;
        return Boolean(id) && id !== removed;
      },
    );
    expect(ms.subscriptions.has((row.config as { subscriptionId: string }).subscriptionId)).toBe(true);
    expect((await a.c.get("/api/integrations/teams")).body.status).toBe("connected");
  });
});
