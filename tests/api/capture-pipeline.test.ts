import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallJson } from "../../src/core/contracts/calls.js";
import type { CaptureEvent } from "../../src/server/capture/capture-event.js";
import { recordCaptureEvent } from "../../src/server/capture/record-capture-event.js";
import { calls, captureActivity, clientIdentities, clients, users, webhookEvents } from "../../src/server/db/schema/index.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { buildClient, buildInvoice, getCallRow, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The capture pipeline's state machine (docs/capture-pipeline.md), driven through
 * recordCaptureEvent on the app's real database, with accounts and clients made through the API
 * and the calls read back through GET /api/calls as the dashboard reads them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const T0 = new Date("2026-03-02T10:00:00Z");
const NOW = new Date("2026-03-02T12:00:00Z");
const at = (minutes: number, seconds = 0) => new Date(T0.getTime() + minutes * 60_000 + seconds * 1000);

let sequence = 0;
type EventFields = Partial<CaptureEvent> & Pick<CaptureEvent, "kind" | "externalCallId">;

function event(who: TestAccount, fields: EventFields): CaptureEvent {
  sequence += 1;
  return {
    accountId: who.accountId,
    userId: who.userId,
    source: "zoom",
    eventId: `evt-${sequence}`,
    at: T0,
    platform: "zoom",
    participants: [],
    ...fields,
  };
}

const record = (e: CaptureEvent) => recordCaptureEvent(t.app.db, e, NOW);

/** Every call of the account as the calls list answers it. */
async function listCalls(who: TestAccount): Promise<CallJson[]> {
  const response = await who.c.get<CallJson[]>("/api/calls?limit=100");
  expect(response.status).toBe(200);
  return response.body;
}

async function callById(who: TestAccount, id: number | null): Promise<CallJson> {
  const call = (await listCalls(who)).find((c) => c.id === id);
  if (!call) throw new Error(`call ${id} not listed`);
  return call;
}

async function invoiceReadyFor(who: TestAccount, callId: number) {
  const response = await who.c.get<{ kind?: string; type?: string; data: { callId: number } }[]>("/api/notifications/unread");
  return response.body.filter((n) => n.data?.callId === callId);
}

describe("a call heard of for the first time", () => {
  it("started: an active call the tracker lists, with source, platform, topic and the user", async () => {
    const who = await newAccount(t);
    const outcome = await record(event(who, { kind: "started", externalCallId: "m-1", at: at(0), topic: "Weekly sync" }));
    expect(outcome.result).toBe("created");
    const active = (await who.c.get("/api/calls/active")).body;
    expect(active).toEqual([
      expect.objectContaining({
        id: outcome.callId,
        platform: "zoom",
        source: "zoom",
        startTime: at(0).toISOString(),
        clientId: null,
      }),
    ]);
    const row = await getCallRow(t.app.db, outcome.callId ?? 0);
    expect(row).toMatchObject({ externalId: "m-1", userId: who.userId, description: "Weekly sync", endedAt: null });
  });

  it("participant: an active call with that participant, matched to the client", async () => {
    const who = await newAccount(t);
    const client = await buildClient(who.c, { name: "Jane Doe", email: "jane@doe-holdings.com" });
    const outcome = await record(
      event(who, {
        kind: "participant",
        externalCallId: "m-2",
        at: at(3),
        participants: [{ name: "Jane", email: "Jane@Doe-Holdings.com" }],
      }),
    );
    expect(outcome.result).toBe("created");
    const call = await callById(who, outcome.callId);
    expect(call).toMatchObject({ active: true, startTime: at(3).toISOString(), clientId: client.id, clientName: "Jane Doe" });
    expect(call.participants).toEqual([
      { name: "Jane", email: "jane@doe-holdings.com", phone: null, direction: null, self: false },
    ]);
  });

  it("ended with the provider's start: a finished call priced with the client's rules", async () => {
    const who = await newAccount(t);
    const client = await buildClient(who.c, { name: "Acme", email: "ceo@acme.test", billingRate: "200", billingType: "hour" });
    const outcome = await record(
      event(who, {
        kind: "ended",
        externalCallId: "m-3",
        at: at(30),
        startedAt: at(0),
        participants: [{ email: "ceo@acme.test" }],
      }),
    );
    expect(outcome.result).toBe("created");
    const call = await callById(who, outcome.callId);
    expect(call).toMatchObject({
      active: false,
      startTime: at(0).toISOString(),
      endTime: at(30).toISOString(),
      duration: 1800,
      clientId: client.id,
      rate: "200.00",
      amount: "100.00",
    });
  });

  it("ended with only a duration: starts that long before its end", async () => {
    const who = await newAccount(t);
    const outcome = await record(
      event(who, { kind: "ended", source: "twilio", platform: "phone", externalCallId: "CA1", at: at(10), durationSeconds: 125 }),
    );
    const call = await callById(who, outcome.callId);
    expect(call).toMatchObject({
      startTime: at(7, 55).toISOString(),
      endTime: at(10).toISOString(),
      duration: 125,
      billedDuration: 180,
      amount: "7.50",
    });
  });

  it("takes whole seconds of a provider's duration and ignores one that cannot be true", async () => {
    const who = await newAccount(t);
    const fractional = await record(
      event(who, { kind: "ended", source: "webhook", externalCallId: "w-1", at: at(10), durationSeconds: 90.7 }),
    );
    expect(await callById(who, fractional.callId)).toMatchObject({ duration: 90, startTime: at(8, 30).toISOString() });
    for (const [n, durationSeconds] of [Number.NaN, -5, 1e12].entries()) {
      const odd = await record(
        event(who, { kind: "ended", source: "webhook", externalCallId: `w-odd-${n}`, at: at(10), durationSeconds }),
      );
      expect(await callById(who, odd.callId)).toMatchObject({ duration: 0, endTime: at(10).toISOString() });
    }
  });

  it("ended knowing no start: a 0-second call, which a late start then stretches and prices", async () => {
    const who = await newAccount(t);
    const ended = await record(
      event(who, { kind: "ended", source: "sms", platform: "phone", externalCallId: "s-1", at: at(20) }),
    );
    expect(await callById(who, ended.callId)).toMatchObject({ startTime: at(20).toISOString(), duration: 0, amount: "0.00" });
    const started = await record(
      event(who, { kind: "started", source: "sms", platform: "phone", externalCallId: "s-1", at: at(0) }),
    );
    expect(started).toEqual({ result: "updated", callId: ended.callId });
    expect(await callById(who, ended.callId)).toMatchObject({
      startTime: at(0).toISOString(),
      endTime: at(20).toISOString(),
      duration: 1200,
      amount: "50.00",
    });
  });
});

describe("an active call", () => {
  it("keeps the earlier start of two started events, and an earlier one moves it", async () => {
    const who = await newAccount(t);
    const first = await record(event(who, { kind: "started", externalCallId: "a-1", at: at(5) }));
    expect(await record(event(who, { kind: "started", externalCallId: "a-1", at: at(9) }))).toEqual({
      result: "ignored",
      callId: first.callId,
    });
    expect(await record(event(who, { kind: "started", externalCallId: "a-1", at: at(2) }))).toEqual({
      result: "updated",
      callId: first.callId,
    });
    expect((await callById(who, first.callId)).startTime).toBe(at(2).toISOString());
    expect(await listCalls(who)).toHaveLength(1);
  });

  it("adds participants without repeating one and matches the client as they join", async () => {
    const who = await newAccount(t);
    const client = await buildClient(who.c, { name: "Globex", phone: "(555) 201-3344" });
    const started = await record(
      event(who, {
        kind: "started",
        externalCallId: "a-2",
        participants: [{ name: "Me", email: who.account.email, self: true }],
      }),
    );
    expect((await callById(who, started.callId)).clientId).toBeNull();
    await record(
      event(who, {
        kind: "participant",
        externalCallId: "a-2",
        at: at(1),
        participants: [{ name: "Hank", phone: "+1 555 201 3344" }],
      }),
    );
    await record(
      event(who, {
        kind: "participant",
        externalCallId: "a-2",
        at: at(2),
        participants: [{ phone: "555-201-3344", email: "hank@globex.test" }],
      }),
    );
    const call = await callById(who, started.callId);
    expect(call.clientId).toBe(client.id);
    expect(call.participants).toEqual([
      { name: "Me", email: who.account.email.toLowerCase(), phone: null, direction: null, self: true },
      { name: "Hank", email: "hank@globex.test", phone: "+15552013344", direction: null, self: false },
    ]);
  });

  it("ends at the event's time, with the provider's duration when given, priced, with one invoice-ready notification", async () => {
    const who = await newAccount(t);
    const client = await buildClient(who.c, { name: "Initech", email: "bill@initech.test" });
    const started = await record(
      event(who, { kind: "started", externalCallId: "a-3", at: at(0), participants: [{ email: "bill@initech.test" }] }),
    );
    const ended = await record(event(who, { kind: "ended", externalCallId: "a-3", at: at(45) }));
    expect(ended).toEqual({ result: "updated", callId: started.callId });
    expect(await callById(who, started.callId)).toMatchObject({
      active: false,
      duration: 2700,
      amount: "112.50",
      clientId: client.id,
    });
    expect(await who.c.get("/api/calls/active").then((r) => r.body)).toEqual([]);
    const notes = await invoiceReadyFor(who, started.callId ?? 0);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      title: "Invoice Ready",
      message: "Your consultation call with Initech has ended and is ready to invoice.",
    });

    const phone = await record(
      event(who, { kind: "started", source: "twilio", platform: "phone", externalCallId: "CA9", at: at(0) }),
    );
    await record(
      event(who, { kind: "ended", source: "twilio", platform: "phone", externalCallId: "CA9", at: at(10), durationSeconds: 540 }),
    );
    expect(await callById(who, phone.callId)).toMatchObject({ duration: 540, endTime: at(10).toISOString(), clientId: null });
    expect(await invoiceReadyFor(who, phone.callId ?? 0)).toEqual([]);
  });
});

describe("an ended call", () => {
  it("is never reopened by a late start, and a start after its known start changes nothing", async () => {
    const who = await newAccount(t);
    const ended = await record(event(who, { kind: "ended", externalCallId: "e-1", at: at(30), startedAt: at(0) }));
    expect(await record(event(who, { kind: "started", externalCallId: "e-1", at: at(0) }))).toEqual({
      result: "ignored",
      callId: ended.callId,
    });
    expect(await record(event(who, { kind: "started", externalCallId: "e-1", at: at(10) }))).toEqual({
      result: "ignored",
      callId: ended.callId,
    });
    expect(await callById(who, ended.callId)).toMatchObject({ active: false, duration: 1800, startTime: at(0).toISOString() });
    expect(await who.c.get("/api/calls/active").then((r) => r.body)).toEqual([]);
  });

  it("takes a late participant, then is matched and priced again with the client's rules", async () => {
    const who = await newAccount(t);
    const client = await buildClient(who.c, {
      name: "Umbrella",
      email: "ops@umbrella.test",
      billingRate: "300",
      billingType: "hour",
    });
    const ended = await record(event(who, { kind: "ended", externalCallId: "e-2", at: at(30), startedAt: at(0) }));
    expect(await callById(who, ended.callId)).toMatchObject({ clientId: null, amount: "75.00" });
    expect(
      await record(
        event(who, { kind: "participant", externalCallId: "e-2", at: at(5), participants: [{ email: "cfo@umbrella.test" }] }),
      ),
    ).toEqual({
      result: "updated",
      callId: ended.callId,
    });
    expect(await callById(who, ended.callId)).toMatchObject({ clientId: client.id, rate: "300.00", amount: "150.00" });
    expect(await invoiceReadyFor(who, ended.callId ?? 0)).toHaveLength(1);
  });

  it("ignores a repeated end and an earlier one, and takes a later one as a correction", async () => {
    const who = await newAccount(t);
    const ended = await record(event(who, { kind: "ended", externalCallId: "e-3", at: at(30), startedAt: at(0) }));
    expect(await record(event(who, { kind: "ended", externalCallId: "e-3", at: at(30), startedAt: at(0) }))).toMatchObject({
      result: "ignored",
    });
    expect(await record(event(who, { kind: "ended", externalCallId: "e-3", at: at(20) }))).toMatchObject({ result: "ignored" });
    expect(await record(event(who, { kind: "ended", externalCallId: "e-3", at: at(40) }))).toMatchObject({ result: "updated" });
    expect(await callById(who, ended.callId)).toMatchObject({ endTime: at(40).toISOString(), duration: 2400, amount: "100.00" });
  });

  it("once invoiced, keeps its client, times and price whatever arrives (participants are still noted)", async () => {
    const who = await newAccount(t);
    const client = await buildClient(who.c, { name: "Hooli", email: "gavin@hooli.test" });
    const ended = await record(event(who, { kind: "ended", externalCallId: "e-4", at: at(30), startedAt: at(10) }));
    await buildInvoice(who, { clientId: client.id, callIds: [ended.callId ?? 0] });
    const before = await getCallRow(t.app.db, ended.callId ?? 0);
    await record(event(who, { kind: "participant", externalCallId: "e-4", participants: [{ email: "gavin@hooli.test" }] }));
    await record(event(who, { kind: "ended", externalCallId: "e-4", at: at(50) }));
    await record(event(who, { kind: "started", externalCallId: "e-4", at: at(0) }));
    await record(event(who, { kind: "ended", externalCallId: "e-4", at: at(31), missed: true }));
    const after = await getCallRow(t.app.db, ended.callId ?? 0);
    const { participants: _p, updatedAt: _u, ...kept } = before ?? ({} as NonNullable<typeof before>);
    expect(after).toMatchObject(kept);
    expect(after?.clientId).toBeNull();
    expect(after?.participants).toEqual([{ email: "gavin@hooli.test" }]);
    expect(await invoiceReadyFor(who, ended.callId ?? 0)).toEqual([]);
  });
});

describe("matching", () => {
  it("the client an SMS names wins over matching; another account's or an archived client is not taken", async () => {
    const who = await newAccount(t);
    const other = await newAccount(t);
    const named = await buildClient(who.c, { name: "Jane Roe" });
    await buildClient(who.c, { name: "Matched", phone: "+1 555 010 9999" });
    const foreign = await buildClient(other.c, { name: "Not yours" });
    const archived = await buildClient(who.c, { name: "Old", email: "old@old-client.test" });
    await t.app.db.update(clients).set({ archivedAt: NOW }).where(eq(clients.id, archived.id));

    const sms = await record(
      event(who, {
        kind: "started",
        source: "sms",
        platform: "phone",
        externalCallId: "sms-1",
        clientId: named.id,
        participants: [{ phone: "5550109999" }],
      }),
    );
    expect((await callById(who, sms.callId)).clientId).toBe(named.id);
    const byForeign = await record(
      event(who, { kind: "started", source: "sms", platform: "phone", externalCallId: "sms-2", clientId: foreign.id }),
    );
    expect((await callById(who, byForeign.callId)).clientId).toBeNull();
    const byArchived = await record(
      event(who, { kind: "started", externalCallId: "z-arch", participants: [{ email: "old@old-client.test" }] }),
    );
    expect((await callById(who, byArchived.callId)).clientId).toBeNull();
  });

  it("follows who took part, not the order they were reported in, and keeps a client the user chose", async () => {
    const who = await newAccount(t);
    const jane = await buildClient(who.c, { name: "Jane", email: "jane@jane-co.test" });
    const hank = await buildClient(who.c, { name: "Hank", email: "hank@hank-co.test" });
    const chosen = await buildClient(who.c, { name: "Chosen" });
    const joins = (id: string, emails: string[]) =>
      Promise.all(
        emails.map(async (email) => record(event(who, { kind: "participant", externalCallId: id, participants: [{ email }] }))),
      );

    // A colleague's domain says Hank, then Jane's own address is stronger: Jane.
    const first = await record(
      event(who, { kind: "started", externalCallId: "f-1", participants: [{ email: "assistant@hank-co.test" }] }),
    );
    expect((await callById(who, first.callId)).clientId).toBe(hank.id);
    await joins("f-1", ["jane@jane-co.test"]);
    expect((await callById(who, first.callId)).clientId).toBe(jane.id);
    // Both clients' own addresses: no one, whichever joined first.
    await joins("f-1", ["hank@hank-co.test"]);
    expect((await callById(who, first.callId)).clientId).toBeNull();

    // The user chose a client for a call matching had left unknown: later participants do not undo it.
    const second = await record(event(who, { kind: "started", externalCallId: "f-2" }));
    await t.app.db
      .update(calls)
      .set({ clientId: chosen.id })
      .where(eq(calls.id, second.callId ?? 0));
    await joins("f-2", ["jane@jane-co.test"]);
    expect((await callById(who, second.callId)).clientId).toBe(chosen.id);
  });

  it("leaves a domain two clients share, and public mail domains, on Unknown Client", async () => {
    const who = await newAccount(t);
    await buildClient(who.c, { name: "A", email: "a@shared-domain.test" });
    await buildClient(who.c, { name: "B", email: "b@shared-domain.test" });
    await buildClient(who.c, { name: "G", email: "g@gmail.com" });
    const shared = await record(
      event(who, { kind: "started", externalCallId: "d-1", participants: [{ email: "c@shared-domain.test" }] }),
    );
    const gmail = await record(
      event(who, { kind: "started", externalCallId: "d-2", participants: [{ email: "stranger@gmail.com" }] }),
    );
    expect((await callById(who, shared.callId)).clientId).toBeNull();
    expect((await callById(who, gmail.callId)).clientId).toBeNull();
  });

  it("never takes the user's own address or number for a client, and uses numbers remembered on a client", async () => {
    const who = await newAccount(t);
    // The user's own number (Settings → phone integration, helper C's screen) as it is stored.
    await t.app.db.update(users).set({ phoneNumber: "+15557770000" }).where(eq(users.id, who.userId));
    const mine = await buildClient(who.c, { name: "Me as a client", email: who.account.email });
    const remembered = await buildClient(who.c, { name: "Remembered" });
    await t.app.db
      .insert(clientIdentities)
      .values({ accountId: who.accountId, clientId: remembered.id, kind: "phone", value: "+442079460958" });
    const self = await record(
      event(who, { kind: "started", externalCallId: "o-1", participants: [{ email: who.account.email.toUpperCase() }] }),
    );
    expect((await callById(who, self.callId)).clientId).toBeNull();
    expect((await callById(who, self.callId)).participants[0]?.self).toBe(true);
    await buildClient(who.c, { name: "Shares my number", phone: "(555) 777-0000" });
    const ownNumber = await record(
      event(who, {
        kind: "started",
        source: "twilio",
        platform: "phone",
        externalCallId: "CA-own",
        participants: [{ phone: "+15557770000" }],
      }),
    );
    expect((await callById(who, ownNumber.callId)).clientId).toBeNull();
    expect(mine.id).toBeGreaterThan(0);
    const uk = await record(
      event(who, {
        kind: "started",
        source: "twilio",
        platform: "phone",
        externalCallId: "CA-uk",
        participants: [{ phone: "011 44 20 7946 0958" }],
      }),
    );
    expect((await callById(who, uk.callId)).clientId).toBe(remembered.id);
  });

  it("reads national numbers in the account's phone country", async () => {
    const who = await newAccount(t);
    expect((await who.c.put("/api/settings", { phoneCountry: "GB" })).status).toBe(200);
    const client = await buildClient(who.c, { name: "London", phone: "+44 20 7946 0958" });
    const call = await record(
      event(who, {
        kind: "started",
        source: "twilio",
        platform: "phone",
        externalCallId: "CA-gb",
        participants: [{ phone: "020 7946 0958" }],
      }),
    );
    expect((await callById(who, call.callId)).clientId).toBe(client.id);
  });
});

describe("idempotency and isolation", () => {
  it("a repeated event id answers duplicate and changes nothing, also the activity count", async () => {
    const who = await newAccount(t);
    const first = event(who, { kind: "ended", externalCallId: "dup-1", at: at(30), startedAt: at(0) });
    const outcome = await record(first);
    const activity = () => t.app.db.select().from(captureActivity).where(eq(captureActivity.accountId, who.accountId));
    expect(await activity()).toEqual([expect.objectContaining({ method: "zoom", eventCount: 1, lastEventAt: NOW })]);
    const again = await expectNothingChanged(t.app.db, () => record({ ...first, at: at(50) }));
    expect(again).toEqual({ result: "duplicate", callId: outcome.callId });
    expect((await activity())[0]?.eventCount).toBe(1);
    expect(await listCalls(who)).toHaveLength(1);
  });

  it("the same call and event ids in two accounts make two calls, each in its own account", async () => {
    const one = await newAccount(t);
    const two = await newAccount(t);
    const a = await record({ ...event(one, { kind: "started", externalCallId: "shared-call" }), eventId: "shared-event" });
    const b = await record({ ...event(two, { kind: "started", externalCallId: "shared-call" }), eventId: "shared-event" });
    expect(a.result).toBe("created");
    expect(b.result).toBe("created");
    expect(a.callId).not.toBe(b.callId);
    await record(event(one, { kind: "ended", externalCallId: "shared-call", at: at(20) }));
    expect(await listCalls(one)).toEqual([expect.objectContaining({ id: a.callId, active: false })]);
    expect(await listCalls(two)).toEqual([expect.objectContaining({ id: b.callId, active: true })]);
  });

  it("concurrent deliveries for one new call make one call (the unique key decides)", async () => {
    const who = await newAccount(t);
    const events = [
      event(who, { kind: "participant", externalCallId: "race-1", at: at(1), participants: [{ email: "x@race.test" }] }),
      event(who, { kind: "started", externalCallId: "race-1", at: at(0) }),
      event(who, { kind: "ended", externalCallId: "race-1", at: at(10), startedAt: at(0) }),
    ];
    const outcomes = await Promise.all([...events, ...events].map(record));
    expect(outcomes.filter((o) => o.result === "duplicate")).toHaveLength(3);
    expect(outcomes.filter((o) => o.result === "created")).toHaveLength(1);
    expect(await listCalls(who)).toEqual([
      expect.objectContaining({ active: false, duration: 600, startTime: at(0).toISOString() }),
    ]);
  });
});

describe("discarded calls", () => {
  // A discard that commits while an event's insert of the call waits (two deliveries of one conversation
  // on PostgreSQL) is seen by the event's last statement. That moment is made here, on either database, by
  // a trigger that leaves the discard mark as the call is inserted: the mark is then there, unseen by the
  // event's first statement and seen by its last.
  it("a call whose discard mark appears after its insert is not kept, nor announced, nor ready to invoice", async () => {
    const who = await newAccount(t);
    await buildClient(who.c, { name: "Marked Client", email: "pat@marked-client.test" });
    await t.app.db.execute(
      sql.raw(`create function test_mark_on_insert() returns trigger language plpgsql as $$
        begin
          insert into webhook_events (provider, event_id, account_id, received_at)
            values (new.source || ':discarded', new.external_id, new.account_id, now()) on conflict do nothing;
          return new;
        end $$`),
    );
    await t.app.db.execute(
      sql.raw(`create trigger test_mark_on_insert after insert on calls for each row
        when (new.external_id like 'marked-on-insert-%') execute function test_mark_on_insert()`),
    );
    try {
      const started = await record(event(who, { kind: "started", externalCallId: "marked-on-insert-1", at: at(0) }));
      // An end heard first, with a participant who is a client: the call would be priced and ready to invoice.
      const ended = await record(
        event(who, {
          kind: "ended",
          externalCallId: "marked-on-insert-2",
          at: at(30),
          startedAt: at(0),
          participants: [{ email: "pat@marked-client.test" }],
        }),
      );
      expect(started).toEqual({ result: "ignored", callId: null });
      expect(ended).toEqual({ result: "ignored", callId: null });
      expect(await listCalls(who)).toEqual([]);
      expect((await who.c.get("/api/calls/active")).body).toEqual([]);
      expect((await who.c.get("/api/notifications/unread")).body).toEqual([]);
      // Later events of the conversation find the mark and never bring the call back.
      expect(await record(event(who, { kind: "ended", externalCallId: "marked-on-insert-1", at: at(40) }))).toEqual({
        result: "ignored",
        callId: null,
      });
    } finally {
      await t.app.db.execute(sql.raw("drop trigger test_mark_on_insert on calls"));
      await t.app.db.execute(sql.raw("drop function test_mark_on_insert()"));
    }
    expect(await listCalls(who)).toEqual([]);
  });

  it("a missed call leaves no call, and later events of it never bring it back", async () => {
    const who = await newAccount(t);
    const missed = await record(
      event(who, { kind: "ended", source: "twilio", platform: "phone", externalCallId: "CA-miss", at: at(1), missed: true }),
    );
    expect(missed).toEqual({ result: "ignored", callId: null });
    expect(
      await record(event(who, { kind: "started", source: "twilio", platform: "phone", externalCallId: "CA-miss", at: at(0) })),
    ).toEqual({
      result: "ignored",
      callId: null,
    });
    expect(await listCalls(who)).toEqual([]);
  });

  it("a running call that turns out missed is removed from the tracker", async () => {
    const who = await newAccount(t);
    await record(
      event(who, {
        kind: "participant",
        source: "twilio",
        platform: "phone",
        externalCallId: "CA-ring",
        participants: [{ phone: "+15550001111" }],
      }),
    );
    expect((await who.c.get("/api/calls/active")).body).toHaveLength(1);
    await record(
      event(who, { kind: "ended", source: "twilio", platform: "phone", externalCallId: "CA-ring", at: at(1), missed: true }),
    );
    expect((await who.c.get("/api/calls/active")).body).toEqual([]);
    expect(await listCalls(who)).toEqual([]);
  });

  it("calls shorter than the account's minimum are dropped, in either order; longer ones kept", async () => {
    const who = await newAccount(t);
    expect((await who.c.put("/api/settings", { minCaptureSeconds: 30 })).status).toBe(200);
    await record(event(who, { kind: "started", externalCallId: "short-1", at: at(0) }));
    expect(await record(event(who, { kind: "ended", externalCallId: "short-1", at: at(0, 29) }))).toEqual({
      result: "ignored",
      callId: null,
    });
    await record(event(who, { kind: "ended", externalCallId: "short-2", at: at(0, 20), startedAt: at(0) }));
    expect(await record(event(who, { kind: "started", externalCallId: "short-2", at: at(0) }))).toMatchObject({
      result: "ignored",
    });
    // An end that knows no start waits for the start: 25 s is too short, 30 s is kept.
    await record(event(who, { kind: "ended", source: "sms", externalCallId: "short-3", at: at(0, 25) }));
    await record(event(who, { kind: "started", source: "sms", externalCallId: "short-3", at: at(0) }));
    const kept = await record(event(who, { kind: "ended", externalCallId: "long-1", at: at(0, 30), startedAt: at(0) }));
    expect(await listCalls(who)).toEqual([expect.objectContaining({ id: kept.callId, duration: 30 })]);
    const marks = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.accountId, who.accountId), sql`${webhookEvents.provider} like '%:discarded'`));
    expect(marks[0]?.n).toBe(3);
  });
});
