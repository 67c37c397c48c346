import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_STREAMS_PER_ACCOUNT } from "../../src/server/live/routes.js";
import { callIdsIn, openCallStream, type OpenStream } from "../helpers/event-stream.js";
import { buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { until } from "../helpers/until.js";
import { zoomDelivery, zoomEvent } from "../helpers/zoom-webhook.js";

/**
 * GET /api/calls/stream (issue 13 §2): every change to the account's calls reaches its open streams
 * as `event: call` with {callId, kind}, through PostgreSQL LISTEN/NOTIFY (PGlite's too), never
 * another account's, and only for changes that committed.
 */
let t: TestApp;
let owner: TestAccount;
let stranger: TestAccount;
const streams: OpenStream[] = [];

async function stream(who: TestAccount | null, app: TestApp = t): Promise<OpenStream> {
  const opened = await openCallStream(app.baseUrl, who?.c ?? null);
  streams.push(opened);
  return opened;
}

const callEvent = (callId: number, kind: string) => (e: { event: string; data: string }) =>
  e.event === "call" && JSON.parse(e.data).callId === callId && JSON.parse(e.data).kind === kind;

beforeAll(async () => {
  t = await startTestApp();
  owner = await newAccount(t);
  stranger = await newAccount(t);
});
afterAll(async () => {
  await Promise.all(streams.map((s) => s.close()));
  await t?.close();
});

describe("GET /api/calls/stream", () => {
  it("refuses a signed-out caller with 401 and a message", async () => {
    const response = await t.client().get("/api/calls/stream");
    expect(response.status).toBe(401);
    expect(response.body.message).toBe("Unauthorized");
  });

  it("opens an event stream with a retry hint, through the API's security headers, uncompressed", async () => {
    const live = await stream(owner);
    expect(live.status).toBe(200);
    expect(live.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(live.headers.get("cache-control")).toBe("no-store");
    expect(live.headers.get("x-content-type-options")).toBe("nosniff");
    expect(live.headers.get("content-encoding")).toBeNull();
    await expect.poll(() => live.raw()).toContain("retry: 2000\n");
    await live.close();
  });

  it("sends started, updated, ended and deleted for the account's own calls, in order", async () => {
    const live = await stream(owner);
    const client = await buildClient(owner.c, { name: "Live Client" });
    const started = await owner.c.post("/api/calls/start", { clientId: client.id, platform: "zoom" });
    expect(started.status).toBe(201);
    const id = started.body.id as number;
    await live.waitFor(callEvent(id, "started"));
    expect((await owner.c.patch(`/api/calls/${id}`, { notes: "agenda" })).status).toBe(200);
    await live.waitFor(callEvent(id, "updated"));
    expect((await owner.c.post(`/api/calls/end/${id}`)).status).toBe(200);
    await live.waitFor(callEvent(id, "ended"));
    expect((await owner.c.delete(`/api/calls/${id}`)).status).toBe(200);
    await live.waitFor(callEvent(id, "deleted"));
    expect(live.events.filter((e) => e.event === "call").map((e) => JSON.parse(e.data))).toEqual([
      { callId: id, kind: "started" },
      { callId: id, kind: "updated" },
      { callId: id, kind: "ended" },
      { callId: id, kind: "deleted" },
    ]);
  });

  // A capture statement's first run is read by PGlite itself, every later one from the protocol bytes
  // (db/pglite-raw-answer.ts), whose NOTIFY the hub hears another way: both must reach the stream.
  it("sends every captured call's start and end, the first delivery of each kind and every one after it", async () => {
    const capturer = await newAccount(t);
    const setup = await capturer.c.post("/api/integrations/setup-zoom", {
      apiKey: "liveZoomClient",
      apiSecret: "live-zoom-client-secret",
      webhookSecretToken: "live-zoom-secret-token",
    });
    expect(setup.status).toBe(200);
    const path = new URL(setup.body.webhookUrl).pathname;
    const live = await stream(capturer);
    const deliver = async (body: unknown) => {
      const { rawBody, headers } = zoomDelivery(body, {
        secretToken: "live-zoom-secret-token",
        timestamp: Math.floor(Date.now() / 1000),
      });
      const response = await t.client().request("POST", path, { rawBody, headers, marker: false });
      expect(response.status).toBe(200);
    };
    for (const n of [1, 2, 3]) {
      const meeting = { uuid: `liveMeeting${n}==`, topic: `Live capture ${n}` };
      const at = Date.parse(`2026-03-0${n}T10:00:00Z`);
      await deliver(zoomEvent("meeting.started", meeting, { eventTs: at, startTime: new Date(at).toISOString() }));
      await deliver(
        zoomEvent("meeting.ended", meeting, {
          eventTs: at + 1_800_000,
          startTime: new Date(at).toISOString(),
          endTime: new Date(at + 1_800_000).toISOString(),
        }),
      );
    }
    const changes = () =>
      live.events.filter((e) => e.event === "call").map((e) => JSON.parse(e.data) as { callId: number; kind: string });
    await expect.poll(() => changes().length, { message: "three captured calls started and ended" }).toBe(6);
    const ids = [...new Set(changes().map((change) => change.callId))];
    expect(ids).toHaveLength(3);
    expect(changes()).toEqual(
      ids.flatMap((callId) => [
        { callId, kind: "started" },
        { callId, kind: "ended" },
      ]),
    );
  });

  it("sends logged calls and every call of End All", async () => {
    const live = await stream(owner);
    const logged = await owner.c.post("/api/calls", { startTime: "2026-01-05T10:00:00Z", duration: 600 });
    await live.waitFor(callEvent(logged.body.id, "ended"));
    const a = (await owner.c.post("/api/calls/start", {})).body.id as number;
    const b = (await owner.c.post("/api/calls/start", {})).body.id as number;
    expect((await owner.c.post("/api/calls/end-all")).body.ended).toBe(2);
    await live.waitFor(callEvent(a, "ended"));
    await live.waitFor(callEvent(b, "ended"));
  });

  it("never sends another account's changes, and sends nothing for a refused change", async () => {
    const mine = await stream(owner);
    const theirs = await stream(stranger);
    const strangerCall = (await stranger.c.post("/api/calls/start", {})).body.id as number;
    await theirs.waitFor(callEvent(strangerCall, "started"));
    // Refused: ending a call twice rolls back; the stranger ending the owner's call is a 404.
    expect((await stranger.c.post(`/api/calls/end/${strangerCall}`)).status).toBe(200);
    expect((await stranger.c.post(`/api/calls/end/${strangerCall}`)).status).toBe(409);
    const ownCall = (await owner.c.post("/api/calls/start", {})).body.id as number;
    expect((await stranger.c.post(`/api/calls/end/${ownCall}`)).status).toBe(404);
    // A marker of the owner's own, sent after everything above: once it arrives, the rest would have too.
    const marker = (await owner.c.post("/api/calls", { startTime: "2026-01-06T10:00:00Z", duration: 60 })).body.id as number;
    await mine.waitFor(callEvent(marker, "ended"));
    expect(callIdsIn(mine)).not.toContain(strangerCall);
    expect(mine.events.filter((e) => e.event === "call").map((e) => JSON.parse(e.data))).toEqual([
      { callId: ownCall, kind: "started" },
      { callId: marker, kind: "ended" },
    ]);
    await theirs.waitFor(callEvent(strangerCall, "ended"));
    expect(theirs.events.filter((e) => e.event === "call")).toHaveLength(2);
    expect(callIdsIn(theirs)).not.toContain(ownCall);
  });

  it(`allows ${MAX_STREAMS_PER_ACCOUNT} open streams per account, and frees a stream's place when the browser goes away`, async () => {
    const third = await newAccount(t);
    const open = await Promise.all(Array.from({ length: MAX_STREAMS_PER_ACCOUNT }, () => stream(third)));
    expect(open.every((s) => s.status === 200)).toBe(true);
    const refused = await third.c.get("/api/calls/stream");
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("Too many live connections for this account: close some of its tabs and try again");
    await Promise.all(open.map((s) => s.close()));
    // Freed when the server sees the socket close; how soon is not asserted (issue 22): the project's poll wait.
    await expect.poll(async () => (await stream(third)).status).toBe(200);
  });
});

describe("a stream ends with its session (issue 23 defect 12)", () => {
  it("sign-out ends that session's open stream, with a signed-out event; another session's stream of the account stays", async () => {
    const other = t.client();
    expect((await other.post("/api/auth/login", { email: owner.account.email, password: owner.account.password })).status).toBe(
      200,
    );
    const signingOut = await stream({ ...owner, c: other });
    const staying = await stream(owner);
    expect(signingOut.status).toBe(200);
    expect((await other.post("/api/auth/logout")).status).toBe(200);
    await signingOut.waitFor((e) => e.event === "signed-out");
    await until("the signed-out session's stream to end", () => signingOut.ended(), Boolean);
    // Nothing more reaches it; the other session still hears the account's changes.
    const id = (await owner.c.post("/api/calls/start", { platform: "zoom" })).body.id as number;
    await staying.waitFor(callEvent(id, "started"));
    expect(callIdsIn(signingOut)).not.toContain(id);
    expect(staying.ended()).toBe(false);
    expect((await owner.c.post(`/api/calls/end/${id}`)).status).toBe(200);
  });
});

// Several instances behind a load balancer share one PostgreSQL server; PGlite is one process's database.
describe.skipIf(!process.env.TEST_DATABASE_URL)("across app instances (PostgreSQL)", () => {
  it("delivers a change made through one instance to a stream open on another, and closes cleanly with streams open", async () => {
    const second = await startTestApp({ databaseUrl: t.app.config.databaseUrl });
    try {
      const live = await stream(owner, second);
      expect(live.status).toBe(200);
      const id = (await owner.c.post("/api/calls/start", { platform: "zoom" })).body.id as number;
      await live.waitFor(callEvent(id, "started"));
      expect((await owner.c.post(`/api/calls/end/${id}`)).status).toBe(200);
      await live.waitFor(callEvent(id, "ended"));
      // Closing does not wait for the open stream: the server ends it (a close that waited would run
      // into the test's time limit). How soon is not asserted (issue 22: no latency in tests).
      await second.app.close();
      await until("the server to end the open stream", () => live.ended(), Boolean);
    } finally {
      await second.app.close();
    }
  });

  it("sign-out through one instance ends the session's stream open on another", async () => {
    const second = await startTestApp({ databaseUrl: t.app.config.databaseUrl });
    try {
      const other = t.client();
      expect((await other.post("/api/auth/login", { email: owner.account.email, password: owner.account.password })).status).toBe(
        200,
      );
      const onSecond = await openCallStream(second.baseUrl, other);
      streams.push(onSecond);
      expect(onSecond.status).toBe(200);
      expect((await other.post("/api/auth/logout")).status).toBe(200);
      await onSecond.waitFor((e) => e.event === "signed-out");
      await until("the stream on the other instance to end", () => onSecond.ended(), Boolean);
    } finally {
      await second.app.close();
    }
  });
});
