import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zoomEncryptedToken } from "../../src/server/capture/zoom/zoom-signature.js";
import type { ApiClient } from "../helpers/api-client.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { zoomDelivery, zoomEvent } from "../helpers/zoom-webhook.js";

/**
 * POST /api/webhooks/zoom/{token} (issue 13 §3, §7): Zoom's signature checked over the raw body in
 * constant time within 5 minutes of the server's clock, URL validation, the three meeting events
 * through the capture pipeline, and every refusal changing nothing.
 */
const A_SECRET_TOKEN = "a-zoom-secret-token-7Hq2";
const A_CLIENT_SECRET = "a-zoom-client-secret-Pw9";
const B_SECRET_TOKEN = "b-zoom-secret-token-3Lm8";

let clock = new Date("2026-03-03T10:00:30Z");
const lines: string[] = [];
let t: TestApp;
let a: TestAccount;
let b: TestAccount;
let aPath: string;
let bPath: string;
let provider: ApiClient;
const sentSignatures: string[] = [];

async function connectZoom(who: TestAccount, secretToken: string, clientSecret = "client-secret"): Promise<string> {
  const response = await who.c.post("/api/integrations/setup-zoom", {
    apiKey: "zoomClientId",
    apiSecret: clientSecret,
    webhookSecretToken: secretToken,
  });
  if (response.status !== 200) throw new Error(`setup-zoom failed: ${response.status} ${response.text}`);
  return new URL(response.body.webhookUrl).pathname;
}

const nowSeconds = () => Math.floor(clock.getTime() / 1000);

/** Posts a body as Zoom would, signed with `secretToken` (null: unsigned) at `timestamp` (default: the server's now). */
async function deliver(
  path: string,
  body: unknown,
  options: { secretToken: string | null; timestamp?: number; signature?: string },
) {
  const { rawBody, headers } = zoomDelivery(body, { timestamp: nowSeconds(), ...options });
  if (headers["x-zm-signature"]) sentSignatures.push(headers["x-zm-signature"]);
  return provider.request("POST", path, { rawBody, headers, marker: false });
}

const meeting = { uuid: "mtgUuidAlpha==", topic: "Contract review" };
const started = zoomEvent("meeting.started", meeting, {
  eventTs: Date.parse("2026-03-03T10:00:01Z"),
  startTime: "2026-03-03T10:00:00Z",
});

beforeAll(async () => {
  t = await startTestApp({ now: () => clock, logLevel: "info", logDestination: { write: (line) => void lines.push(line) } });
  provider = t.client();
  a = await newAccount(t);
  b = await newAccount(t);
  aPath = await connectZoom(a, A_SECRET_TOKEN, A_CLIENT_SECRET);
  bPath = await connectZoom(b, B_SECRET_TOKEN);
});
afterAll(async () => t?.close());

describe("refused deliveries change nothing", () => {
  it("an unsigned event is a 401", async () => {
    const response = await expectNothingChanged(t.app.db, () => deliver(aPath, started, { secretToken: null }));
    expect(response.status).toBe(401);
    expect(response.body.message).toBe("Unsigned request: x-zm-signature and x-zm-request-timestamp are required");
  });

  it("a wrongly signed event is a 401", async () => {
    const wrong = await expectNothingChanged(t.app.db, () => deliver(aPath, started, { secretToken: "not-the-token" }));
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe("Invalid signature: x-zm-signature does not match this webhook's Secret Token");
    const garbage = await expectNothingChanged(t.app.db, () =>
      deliver(aPath, started, { secretToken: null, signature: "v0=abc" }),
    );
    expect(garbage.status).toBe(401);
    // A body changed after signing.
    const { headers } = zoomDelivery(started, { secretToken: A_SECRET_TOKEN, timestamp: nowSeconds() });
    const tampered = JSON.stringify({
      ...started,
      payload: { ...started.payload, object: { ...started.payload.object, topic: "x" } },
    });
    const altered = await expectNothingChanged(t.app.db, () =>
      provider.request("POST", aPath, { rawBody: tampered, headers, marker: false }),
    );
    expect(altered.status).toBe(401);
  });

  it("a stale event is a 401, and one that was fresh goes stale when the clock moves on", async () => {
    const old = await expectNothingChanged(t.app.db, () =>
      deliver(aPath, started, { secretToken: A_SECRET_TOKEN, timestamp: nowSeconds() - 301 }),
    );
    expect(old.status).toBe(401);
    expect(old.body.message).toContain("Stale request");
    const future = await expectNothingChanged(t.app.db, () =>
      deliver(aPath, started, { secretToken: A_SECRET_TOKEN, timestamp: nowSeconds() + 301 }),
    );
    expect(future.status).toBe(401);

    const signedAt = nowSeconds();
    const saved = clock;
    clock = new Date(saved.getTime() + 6 * 60_000);
    try {
      const replayedLater = await expectNothingChanged(t.app.db, () =>
        deliver(aPath, started, { secretToken: A_SECRET_TOKEN, timestamp: signedAt }),
      );
      expect(replayedLater.status).toBe(401);
    } finally {
      clock = saved;
    }
  });

  it("an unknown or malformed token is a 404", async () => {
    for (const path of [
      "/api/webhooks/zoom/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "/api/webhooks/zoom/x",
      "/api/webhooks/zoom/%00%00",
    ]) {
      const response = await expectNothingChanged(t.app.db, () => deliver(path, started, { secretToken: A_SECRET_TOKEN }));
      expect(response.status, path).toBe(404);
      expect(response.body.message).toMatch(/^Unknown webhook URL/);
    }
  });

  it("an event signed for one account never touches another", async () => {
    const toB = await expectNothingChanged(t.app.db, () => deliver(bPath, started, { secretToken: A_SECRET_TOKEN }));
    expect(toB.status).toBe(401);
    const toA = await expectNothingChanged(t.app.db, () => deliver(aPath, started, { secretToken: B_SECRET_TOKEN }));
    expect(toA.status).toBe(401);
  });

  it("a signed body that is not JSON, or not the event it names, is a 400", async () => {
    const notJson = await expectNothingChanged(t.app.db, () =>
      deliver(aPath, '{"event": "meeting.started",', { secretToken: A_SECRET_TOKEN }),
    );
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe("The body is not valid JSON");
    const noUuid = await expectNothingChanged(t.app.db, () =>
      deliver(aPath, { event: "meeting.started", event_ts: 1, payload: { object: { id: 1 } } }, { secretToken: A_SECRET_TOKEN }),
    );
    expect(noUuid.status).toBe(400);
    expect(noUuid.body.message).toContain("uuid");
  });

  it("a topic over 500 characters is refused naming the topic, not the uuid (issue 23 defect 14)", async () => {
    const longTopic = zoomEvent("meeting.started", { uuid: "mtgUuidLongTopic==", topic: "t".repeat(501) }, {
      eventTs: Date.now(),
      startTime: "2026-03-03T10:00:00Z",
    });
    const response = await expectNothingChanged(t.app.db, () => deliver(aPath, longTopic, { secretToken: A_SECRET_TOKEN }));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("meeting.started: payload.object.topic is longer than 500 characters");
  });

  it("a 300 KB body is refused with the webhook limit, 256 KB (issue 23 defect 14)", async () => {
    const big = zoomEvent("meeting.started", { uuid: "mtgUuidBig==", topic: "x".repeat(300 * 1024) }, { eventTs: Date.now() });
    const response = await expectNothingChanged(t.app.db, () => deliver(aPath, big, { secretToken: A_SECRET_TOKEN }));
    expect(response.status).toBe(413);
    expect(response.body.message).toBe("The request body is larger than 256 KB");
  });

  it("a body that is not JSON at all is refused before anything runs", async () => {
    const response = await expectNothingChanged(t.app.db, () =>
      provider.request("POST", aPath, {
        rawBody: "event=meeting.started",
        headers: { "content-type": "text/plain" },
        marker: false,
      }),
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});

describe("Zoom's URL validation", () => {
  it("answers the plainToken and its HMAC when signed", async () => {
    const response = await deliver(
      aPath,
      { event: "endpoint.url_validation", event_ts: Date.now(), payload: { plainToken: "qgg8vlvZRS6UYooatFL8Aw" } },
      { secretToken: A_SECRET_TOKEN },
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      plainToken: "qgg8vlvZRS6UYooatFL8Aw",
      encryptedToken: zoomEncryptedToken(A_SECRET_TOKEN, "qgg8vlvZRS6UYooatFL8Aw"),
    });
  });

  it("refuses it unsigned", async () => {
    const response = await expectNothingChanged(t.app.db, () =>
      deliver(aPath, { event: "endpoint.url_validation", payload: { plainToken: "abc" } }, { secretToken: null }),
    );
    expect(response.status).toBe(401);
  });
});

describe("a meeting from start to end", () => {
  let clientId: number;

  it("meeting.started shows a Zoom call in Active Calls", async () => {
    clientId = (
      await buildClient(a.c, { name: "Jane Client", email: "jane@client.test", billingRate: "120.00", billingType: "hour" })
    ).id;
    const response = await deliver(aPath, started, { secretToken: A_SECRET_TOKEN });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: true });
    const active = (await a.c.get("/api/calls/active")).body;
    expect(active).toHaveLength(1);
    expect(active[0]).toMatchObject({ platform: "zoom", source: "zoom", clientId: null, startTime: "2026-03-03T10:00:00.000Z" });
    expect((await b.c.get("/api/calls/active")).body).toEqual([]);
  });

  it("a replayed delivery is answered 200 and changes nothing", async () => {
    const response = await expectNothingChanged(t.app.db, () => deliver(aPath, started, { secretToken: A_SECRET_TOKEN }));
    expect(response.status).toBe(200);
    expect((await a.c.get("/api/calls/active")).body).toHaveLength(1);
  });

  it("meeting.participant_joined matches the client by email; the host is not a candidate", async () => {
    const host = zoomEvent("meeting.participant_joined", meeting, {
      eventTs: Date.parse("2026-03-03T10:00:05Z"),
      startTime: "2026-03-03T10:00:00Z",
      participant: {
        id: "hostZoomId",
        user_id: "100",
        user_name: "Me",
        email: a.account.email,
        join_time: "2026-03-03T10:00:02Z",
      },
    });
    expect((await deliver(aPath, host, { secretToken: A_SECRET_TOKEN })).status).toBe(200);
    const joined = zoomEvent("meeting.participant_joined", meeting, {
      eventTs: Date.parse("2026-03-03T10:01:01Z"),
      startTime: "2026-03-03T10:00:00Z",
      participant: {
        id: "",
        user_id: "16778240",
        user_name: "Jane Client",
        email: "jane@client.test",
        join_time: "2026-03-03T10:01:00Z",
      },
    });
    const response = await deliver(aPath, joined, { secretToken: A_SECRET_TOKEN });
    expect(response.status).toBe(200);
    const [call] = (await a.c.get("/api/calls/active")).body;
    expect(call).toMatchObject({ clientId, clientName: "Jane Client" });
    expect(call.participants).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: "jane@client.test", name: "Jane Client" })]),
    );
  });

  it("meeting.ended ends it, priced with the client's rules, with an invoice-ready notification", async () => {
    clock = new Date("2026-03-03T10:45:10Z");
    const ended = zoomEvent("meeting.ended", meeting, {
      eventTs: Date.parse("2026-03-03T10:45:05Z"),
      startTime: "2026-03-03T10:00:00Z",
      endTime: "2026-03-03T10:45:00Z",
    });
    const response = await deliver(aPath, ended, { secretToken: A_SECRET_TOKEN });
    expect(response.status).toBe(200);
    expect((await a.c.get("/api/calls/active")).body).toEqual([]);
    const calls = (await a.c.get("/api/calls?limit=10")).body;
    const list = Array.isArray(calls) ? calls : calls.calls;
    const call = list.find((c: { source: string }) => c.source === "zoom");
    expect(call).toMatchObject({
      platform: "zoom",
      clientId,
      clientName: "Jane Client",
      startTime: "2026-03-03T10:00:00.000Z",
      endTime: "2026-03-03T10:45:00.000Z",
      duration: 2700,
      amount: "90.00",
      active: false,
    });
    const unread = (await a.c.get("/api/notifications/unread")).body;
    const notes = Array.isArray(unread) ? unread : unread.notifications;
    const ready = notes.find((n: { kind: string }) => n.kind === "invoice_ready");
    expect(ready?.data).toMatchObject({ callId: call.id, clientId, clientName: "Jane Client", amount: "90.00", duration: 45 });

    const replay = await expectNothingChanged(t.app.db, () => deliver(aPath, ended, { secretToken: A_SECRET_TOKEN }));
    expect(replay.status).toBe(200);
    const late = zoomEvent("meeting.started", meeting, {
      eventTs: Date.parse("2026-03-03T10:45:07Z"),
      startTime: "2026-03-03T10:00:00Z",
    });
    expect((await deliver(aPath, late, { secretToken: A_SECRET_TOKEN })).status).toBe(200);
    expect((await a.c.get("/api/calls/active")).body).toEqual([]);
  });

  it("says on the settings screen that events arrive, and when the last one did", async () => {
    const zoom = (await a.c.get("/api/integrations/zoom")).body;
    expect(zoom).toMatchObject({ status: "connected", lastEventAt: clock.toISOString() });
    expect((await b.c.get("/api/integrations/zoom")).body).toMatchObject({ status: "awaiting_events", lastEventAt: null });
  });

  it("acknowledges an event type it does not handle and records nothing", async () => {
    const before = (await a.c.get("/api/calls?limit=50")).text;
    const response = await deliver(
      aPath,
      zoomEvent("meeting.sharing_started", { uuid: "other==" }, { eventTs: Date.now(), startTime: "2026-03-03T10:40:00Z" }),
      { secretToken: A_SECRET_TOKEN },
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: true, ignored: true });
    expect((await a.c.get("/api/calls?limit=50")).text).toBe(before);
  });

  it("an event for account B lands in B only", async () => {
    const aCalls = (await a.c.get("/api/calls?limit=50")).text;
    const response = await deliver(
      bPath,
      zoomEvent("meeting.started", { uuid: "mtgUuidBeta==" }, { eventTs: Date.now(), startTime: "2026-03-03T10:44:00Z" }),
      { secretToken: B_SECRET_TOKEN },
    );
    expect(response.status).toBe(200);
    expect((await b.c.get("/api/calls/active")).body).toHaveLength(1);
    expect((await a.c.get("/api/calls?limit=50")).text).toBe(aCalls);
    expect((await a.c.get("/api/calls/active")).body).toEqual([]);
  });
});

describe("a disabled connection", () => {
  it("still answers Zoom, but records nothing", async () => {
    await t.app.db.execute(sql`update integrations set enabled = false where account_id = ${b.accountId}`);
    const before = (await b.c.get("/api/calls?limit=50")).text;
    const response = await deliver(
      bPath,
      zoomEvent("meeting.started", { uuid: "mtgUuidGamma==" }, { eventTs: Date.now(), startTime: "2026-03-03T10:44:30Z" }),
      { secretToken: B_SECRET_TOKEN },
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: true, ignored: true });
    expect((await b.c.get("/api/calls?limit=50")).text).toBe(before);
    await t.app.db.execute(sql`update integrations set enabled = true where account_id = ${b.accountId}`);
  });
});

describe("the log", () => {
  it("never holds a secret token, a client secret or a signature", () => {
    const log = lines.join("");
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [A_SECRET_TOKEN, A_CLIENT_SECRET, B_SECRET_TOKEN]) expect(log).not.toContain(secret);
    expect(sentSignatures.length).toBeGreaterThan(5);
    for (const signature of sentSignatures) expect(log).not.toContain(signature.slice(3));
  });
});
