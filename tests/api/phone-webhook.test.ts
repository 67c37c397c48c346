import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls } from "../../src/server/db/schema/index.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { connectGenericLandline, postGeneric } from "../helpers/phone-webhooks.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/** The documented, HMAC-signed JSON webhook for other phone systems (docs/capture-webhook.md). */
let t: TestApp;
let clock = new Date("2026-03-03T10:00:00Z");
const nowSeconds = () => Math.floor(clock.getTime() / 1000);
let a: TestAccount;
let b: TestAccount;
let aHook: { path: string; secret: string };
let bHook: { path: string; secret: string };
let client: { id: number };

const deliver = (path: string, body: unknown, options: { secret: string | null; timestamp?: number; signature?: string }) =>
  postGeneric(t.client(), path, body, { timestamp: nowSeconds(), ...options });
const event = (fields: Record<string, unknown>) => ({
  eventId: "evt-1",
  callId: "call-1",
  event: "call.started",
  occurredAt: "2026-03-03T10:00:00Z",
  from: "+442079460958",
  to: "+1 800 555 0100",
  direction: "inbound",
  ...fields,
});
const callRows = (accountId: number) => t.app.db.select().from(calls).where(eq(calls.accountId, accountId));

beforeAll(async () => {
  t = await startTestApp({ now: () => clock });
  a = await newAccount(t);
  b = await newAccount(t);
  aHook = await connectGenericLandline(a, { provider: "ringcentral" });
  bHook = await connectGenericLandline(b, { provider: "pbx", phoneNumber: "+18005550101" });
  client = await buildClient(a.c, { name: "London Ltd", phone: "+44 20-7946-0958", billingRate: "120.00", billingType: "hour" });
});
afterAll(async () => t?.close());

describe("verification", () => {
  it("refuses unsigned, wrongly signed, stale and future deliveries with 403 and changes nothing", async () => {
    await expectNothingChanged(t.app.db, async () => {
      const unsigned = await deliver(aHook.path, event({}), { secret: null });
      expect(unsigned.status).toBe(403);
      expect(unsigned.body.message).toBe(
        "Missing X-Minutely-Timestamp or X-Minutely-Signature header: the request is not signed",
      );
      const wrong = await deliver(aHook.path, event({}), { secret: "whsec_wrong" });
      expect(wrong.status).toBe(403);
      expect(wrong.body.message).toBe("X-Minutely-Signature does not match the request: check the signing secret");
      const stale = await deliver(aHook.path, event({}), { secret: aHook.secret, timestamp: nowSeconds() - 301 });
      expect(stale.status).toBe(403);
      expect(stale.body.message).toMatch(/^X-Minutely-Timestamp is 301 seconds away/);
      const future = await deliver(aHook.path, event({}), { secret: aHook.secret, timestamp: nowSeconds() + 301 });
      expect(future.status).toBe(403);
    });
  });

  it("cross-account: a delivery signed with one account's secret never touches another", async () => {
    await expectNothingChanged(t.app.db, async () => {
      expect((await deliver(bHook.path, event({}), { secret: aHook.secret })).status).toBe(403);
      expect((await deliver(aHook.path, event({}), { secret: bHook.secret })).status).toBe(403);
    });
  });

  it("an unknown token is a 404; a Twilio line's token is not a generic webhook", async () => {
    await expectNothingChanged(t.app.db, async () => {
      expect(
        (await deliver("/api/webhooks/phone/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", event({}), { secret: aHook.secret })).status,
      ).toBe(404);
      expect((await deliver("/api/webhooks/phone/%00", event({}), { secret: aHook.secret })).status).toBe(404);
    });
  });

  it("a signed body that is not valid JSON or not a valid event is a 400 with a message and changes nothing", async () => {
    await expectNothingChanged(t.app.db, async () => {
      const notJson = await deliver(aHook.path, "{not json", { secret: aHook.secret });
      expect(notJson.status).toBe(400);
      expect(notJson.body.message).toBe("The body is not valid JSON");
      const badEvent = await deliver(aHook.path, event({ event: "call.exploded" }), { secret: aHook.secret });
      expect(badEvent.status).toBe(400);
      expect(badEvent.body.message).toBe("event must be one of call.started, participant.joined, call.ended");
      const noTime = await deliver(aHook.path, event({ occurredAt: "yesterday" }), { secret: aHook.secret });
      expect(noTime.body.message).toBe("occurredAt must be an ISO 8601 date and time with Z or an offset");
    });
  });
});

describe("events", () => {
  it("call.started opens an active call matched by number; a replay is a duplicate that changes nothing", async () => {
    const started = await deliver(aHook.path, event({}), { secret: aHook.secret });
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ received: true, duplicate: false, callId: expect.any(Number) });
    const active = (await a.c.get("/api/calls/active")).body;
    expect(active).toHaveLength(1);
    expect(active[0]).toMatchObject({ id: started.body.callId, clientId: client.id, platform: "phone" });
    await expectNothingChanged(t.app.db, async () => {
      const replay = await deliver(aHook.path, event({}), { secret: aHook.secret });
      expect(replay.body).toEqual({ received: true, duplicate: true, callId: started.body.callId });
    });
    expect((await a.c.get("/api/integrations/landline")).body.status).toBe("connected");
  });

  it("call.ended prices the call with the client's rules", async () => {
    clock = new Date("2026-03-03T10:20:00Z");
    const ended = await deliver(
      aHook.path,
      event({ eventId: "evt-2", event: "call.ended", occurredAt: "2026-03-03T10:20:00Z", durationSeconds: 1200 }),
      { secret: aHook.secret },
    );
    expect(ended.status).toBe(200);
    expect((await a.c.get("/api/calls/active")).body).toEqual([]);
    const [row] = await callRows(a.accountId);
    expect(row).toMatchObject({
      id: ended.body.callId,
      source: "webhook",
      externalId: "call-1",
      clientId: client.id,
      durationSeconds: 1200,
      amountCents: 4000,
    });
    expect(await callRows(b.accountId)).toHaveLength(0);
  });

  it("the same ids from another account make that account's own call", async () => {
    const own = await deliver(bHook.path, event({ to: "+18005550101" }), { secret: bHook.secret });
    expect(own.body.duplicate).toBe(false);
    expect(await callRows(b.accountId)).toHaveLength(1);
    expect(await callRows(a.accountId)).toHaveLength(1);
  });

  it("a missed call.ended leaves no call", async () => {
    const ended = await deliver(
      aHook.path,
      event({ eventId: "evt-missed", callId: "call-missed", event: "call.ended", missed: true }),
      { secret: aHook.secret },
    );
    expect(ended.status).toBe(200);
    expect(ended.body.callId).toBeNull();
    expect(await callRows(a.accountId)).toHaveLength(1);
  });
});

describe("the line's last event", () => {
  it("is kept to the second: a burst within one second shows its first event, the next second's shows its own", async () => {
    const lastEventAt = async () => (await a.c.get("/api/integrations/landline")).body.lastEventAt as string | null;
    const send = (n: number) =>
      deliver(aHook.path, event({ eventId: `evt-mark-${n}`, callId: `call-mark-${n}` }), { secret: aHook.secret });
    clock = new Date("2026-03-03T11:00:00.000Z");
    expect((await send(1)).status).toBe(200);
    expect(await lastEventAt()).toBe("2026-03-03T11:00:00.000Z");
    clock = new Date("2026-03-03T11:00:00.900Z");
    expect((await send(2)).status).toBe(200);
    expect(await lastEventAt()).toBe("2026-03-03T11:00:00.000Z");
    clock = new Date("2026-03-03T11:00:01.000Z");
    expect((await send(3)).status).toBe(200);
    expect(await lastEventAt()).toBe("2026-03-03T11:00:01.000Z");
    expect((await a.c.get("/api/integrations/landline")).body.status).toBe("connected");
  });
});
