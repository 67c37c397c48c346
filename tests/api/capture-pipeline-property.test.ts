import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceDuration } from "../../src/core/pricing/price.js";
import { type BillingRules, type RoundingIncrement, resolveRules } from "../../src/core/pricing/rules.js";
import type { CaptureEvent, CaptureSource } from "../../src/server/capture/capture-event.js";
import { recordCaptureEvent } from "../../src/server/capture/record-capture-event.js";
import type { CallParticipant } from "../../src/server/db/schema/calls.js";
import { calls, notifications } from "../../src/server/db/schema/index.js";
import { buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { seededRandom as random } from "../helpers/seeded-random.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The capture pipeline against a generator's truth (issue 13 §7): a random day of calls from every
 * source, each turned into the events its provider sends (meetings: started, participants joining,
 * ended; phones: in-progress and completed or a missed call; SMS: CALL_START naming a client and
 * CALL_END), every event delivered one to three times, all in a shuffled order. The calls that come
 * out must be exactly the truth's: how many, which client, start, end, duration and the amount the
 * core billing engine gives for that client's rules.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const DAY = Date.parse("2026-04-14T00:00:00Z");
const MEETINGS = ["zoom", "teams", "meet", "calendar", "desktop", "webhook"] as const satisfies readonly CaptureSource[];
const PHONES = ["twilio", "signalwire"] as const satisfies readonly CaptureSource[];
type ClientKey = "c1" | "c2" | "c3";

/** The account's clients, as created through the API, and the overrides of their rules. */
const CLIENTS: Record<ClientKey | "c4" | "c5" | "c6", { fields: Record<string, string>; rules: Partial<BillingRules> }> = {
  c1: {
    fields: {
      name: "Jane Alpha",
      email: "jane@alpha-partners.test",
      phone: "+1 555 100 0001",
      billingRate: "200",
      billingType: "hour",
    },
    rules: { rateCents: 20000, billingType: "hour" },
  },
  c2: {
    fields: { name: "Beta Co", email: "bob@beta-co.test", billingRate: "3", billingType: "minute" },
    rules: { rateCents: 300, billingType: "minute" },
  },
  c3: {
    fields: { name: "Carol Gamma", phone: "555-100-0003", billingRate: "50", billingType: "call" },
    rules: { rateCents: 5000, billingType: "call" },
  },
  c4: { fields: { name: "Shared One", email: "a@shared-office.test" }, rules: {} },
  c5: { fields: { name: "Shared Two", email: "b@shared-office.test" }, rules: {} },
  c6: { fields: { name: "Gmail Pat", email: "pat@gmail.com" }, rules: {} },
};

/**
 * People who may take part, with what each one alone says (the truth's matching table, written by
 * hand from the rules: exact address, then number, then a domain exactly one client has).
 */
const PEOPLE = {
  janeEmail: { participant: { name: "Jane", email: "JANE@alpha-partners.test" }, tier: 1, client: "c1" },
  janePhone: { participant: { phone: "(555) 100-0001" }, tier: 2, client: "c1" },
  carolPhone: { participant: { phone: "+1 555 100 0003" }, tier: 2, client: "c3" },
  alphaColleague: { participant: { email: "cfo@alpha-partners.test" }, tier: 3, client: "c1" },
  betaColleague: { participant: { name: "Someone", email: "someone@beta-co.test" }, tier: 3, client: "c2" },
  sharedOffice: { participant: { email: "x@shared-office.test" }, tier: 3, client: null },
  gmailStranger: { participant: { email: "random@gmail.com" }, tier: 3, client: null },
  ukStranger: { participant: { phone: "+44 20 7946 0000" }, tier: 2, client: null },
} as const satisfies Record<string, { participant: CallParticipant; tier: number; client: ClientKey | null }>;
type Person = keyof typeof PEOPLE;
const PHONE_PEOPLE: Person[] = ["janePhone", "carolPhone", "ukStranger"];

type GeneratedCall = {
  family: "meeting" | "phone" | "sms";
  source: CaptureSource;
  startSecond: number;
  durationSeconds: number;
  missed: boolean;
  /** What the "ended" event says of the start: its own start, its duration, or nothing. */
  endKnows: "start" | "duration" | "nothing";
  people: Person[];
  named: ClientKey | null;
};

/** The client the truth expects: the named one, else the strongest rule that finds anyone, when it finds exactly one client. */
function truthClient(call: GeneratedCall): ClientKey | null {
  if (call.named) return call.named;
  for (const tier of [1, 2, 3]) {
    // A stranger's number or address, a shared or public domain: no candidate, so no hit.
    const hits = call.people.filter((person) => PEOPLE[person].tier === tier && PEOPLE[person].client !== null);
    if (hits.length === 0) continue;
    const found = new Set(hits.map((person) => PEOPLE[person].client));
    const [only] = found;
    return found.size === 1 && only ? only : null;
  }
  return null;
}

const meetingCall = fc.record({
  family: fc.constant("meeting" as const),
  source: fc.constantFrom(...MEETINGS),
  startSecond: fc.integer({ min: 0, max: 80_000 }),
  durationSeconds: fc.oneof(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 0, max: 7200 })),
  missed: fc.constant(false),
  endKnows: fc.constantFrom("start" as const, "duration" as const, "nothing" as const),
  people: fc.uniqueArray(fc.constantFrom(...(Object.keys(PEOPLE) as Person[])), { maxLength: 3 }),
  named: fc.constant(null),
});
const phoneCall = fc.record({
  family: fc.constant("phone" as const),
  source: fc.constantFrom(...PHONES),
  startSecond: fc.integer({ min: 0, max: 80_000 }),
  durationSeconds: fc.oneof(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 0, max: 3600 })),
  missed: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
  endKnows: fc.constantFrom("duration" as const, "start" as const, "nothing" as const),
  people: fc.constantFrom(...PHONE_PEOPLE).map((person) => [person]),
  named: fc.constant(null),
});
const smsCall = fc.record({
  family: fc.constant("sms" as const),
  source: fc.constant("sms" as const),
  startSecond: fc.integer({ min: 0, max: 80_000 }),
  durationSeconds: fc.integer({ min: 0, max: 3600 }),
  missed: fc.constant(false),
  endKnows: fc.constant("nothing" as const),
  people: fc.constant([] as Person[]),
  named: fc.option(fc.constantFrom("c1" as const, "c2" as const, "c3" as const), { nil: null }),
});
const generatedCall: fc.Arbitrary<GeneratedCall> = fc.oneof(meetingCall, phoneCall, smsCall);

/**
 * A meeting whose "ended" states no start, with a minimum capture length: when a participant's
 * join arrives before "started", the call's start is that join until "started" comes, and an end
 * arriving in between judges the length from it (docs/capture-pipeline.md: adapters send the
 * provider's start or duration whenever they know it). Such days keep the meeting's start stated.
 */
const day = fc
  .record({
    calls: fc.array(generatedCall, { minLength: 1, maxLength: 12 }),
    roundingIncrementMinutes: fc.constantFrom(1, 6, 15) as fc.Arbitrary<RoundingIncrement>,
    minimumBillingMinutes: fc.constantFrom(0, 15),
    minCaptureSeconds: fc.constantFrom(0, 0, 30, 90),
    seed: fc.integer(),
  })
  .map((generated) => ({
    ...generated,
    calls: generated.calls.map((call) =>
      generated.minCaptureSeconds > 0 && call.family === "meeting" && call.endKnows === "nothing"
        ? { ...call, endKnows: "start" as const }
        : call,
    ),
  }));

/** The events a provider sends for one call (before duplicates and shuffling). */
function eventsOf(who: TestAccount, call: GeneratedCall, index: number): CaptureEvent[] {
  const externalCallId = `${call.source}-${index}`;
  const start = new Date(DAY + call.startSecond * 1000);
  const end = new Date(start.getTime() + call.durationSeconds * 1000);
  const base = {
    accountId: who.accountId,
    userId: who.userId,
    source: call.source,
    externalCallId,
    platform: call.family === "meeting" ? call.source : "phone",
  };
  const people = call.people.map((person): CallParticipant => ({ ...PEOPLE[person].participant }));
  const host: CallParticipant = { name: "Me", email: who.account.email, self: true };
  const endFacts =
    call.endKnows === "start"
      ? { startedAt: start }
      : call.endKnows === "duration"
        ? { durationSeconds: call.durationSeconds }
        : {};
  const id = (name: string) => `${externalCallId}:${name}`;
  if (call.missed) return [{ ...base, eventId: id("missed"), kind: "ended", at: end, missed: true, participants: people }];
  if (call.family === "phone") {
    return [
      { ...base, eventId: id("in-progress"), kind: "started", at: start, participants: people },
      { ...base, eventId: id("completed"), kind: "ended", at: end, participants: people, ...endFacts },
    ];
  }
  if (call.family === "sms") {
    return [
      {
        ...base,
        eventId: id("CALL_START"),
        kind: "started",
        at: start,
        participants: [],
        clientId: call.named ? clientIds[call.named] : null,
      },
      { ...base, eventId: id("CALL_END"), kind: "ended", at: end, participants: [] },
    ];
  }
  const joins = people.map(
    (participant, n): CaptureEvent => ({
      ...base,
      eventId: id(`joined-${n}`),
      kind: "participant",
      at: new Date(start.getTime() + Math.floor((call.durationSeconds * (n + 1)) / 3) * 1000),
      participants: [participant],
    }),
  );
  return [
    { ...base, eventId: id("started"), kind: "started", at: start, participants: [host], topic: "Client meeting" },
    ...joins,
    { ...base, eventId: id("ended"), kind: "ended", at: end, participants: [], ...endFacts },
  ];
}

/** Every event one to three times, in a shuffled order. */
function deliveries(events: CaptureEvent[], seed: number): CaptureEvent[] {
  const next = random(seed);
  const all = events.flatMap((e) => Array.from({ length: 1 + Math.floor(next() * 3) }, () => e));
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [all[i], all[j]] = [all[j] as CaptureEvent, all[i] as CaptureEvent];
  }
  return all;
}

let clientIds: Record<ClientKey, number>;

describe("a random day of captured calls", () => {
  it("gives exactly the truth's calls, clients, times and amounts, whatever the order and repeats", async () => {
    await fc.assert(
      fc.asyncProperty(day, async (generated) => {
        const who = await newAccount(t);
        const settings = await who.c.put("/api/settings", {
          roundingIncrementMinutes: generated.roundingIncrementMinutes,
          minimumBillingMinutes: generated.minimumBillingMinutes,
          minCaptureSeconds: generated.minCaptureSeconds,
        });
        expect(settings.status).toBe(200);
        const made = await Promise.all(Object.values(CLIENTS).map((client) => buildClient(who.c, client.fields)));
        clientIds = { c1: made[0]?.id ?? 0, c2: made[1]?.id ?? 0, c3: made[2]?.id ?? 0 };
        const defaults: BillingRules = {
          rateCents: 15000,
          billingType: "hour",
          minimumBillingMinutes: generated.minimumBillingMinutes,
          roundingIncrementMinutes: generated.roundingIncrementMinutes,
        };

        const events = generated.calls.flatMap((call, index) => eventsOf(who, call, index));
        for (const delivery of deliveries(events, generated.seed))
          await recordCaptureEvent(t.app.db, delivery, new Date(DAY + 86_400_000));

        const expected = generated.calls.flatMap((call, index) => {
          if (call.missed || call.durationSeconds < generated.minCaptureSeconds) return [];
          const client = truthClient(call);
          const rules = resolveRules(defaults, client ? CLIENTS[client].rules : {});
          const start = DAY + call.startSecond * 1000;
          return [
            {
              externalId: `${call.source}-${index}`,
              clientId: client ? clientIds[client] : null,
              startedAt: new Date(start),
              endedAt: new Date(start + call.durationSeconds * 1000),
              durationSeconds: call.durationSeconds,
              amountCents: priceDuration(call.durationSeconds, rules).amountCents,
            },
          ];
        });
        const stored = await t.app.db
          .select({
            externalId: calls.externalId,
            clientId: calls.clientId,
            startedAt: calls.startedAt,
            endedAt: calls.endedAt,
            durationSeconds: calls.durationSeconds,
            amountCents: calls.amountCents,
          })
          .from(calls)
          .where(eq(calls.accountId, who.accountId));
        const byId = (a: { externalId: string | null }, b: { externalId: string | null }) =>
          String(a.externalId).localeCompare(String(b.externalId));
        expect(stored.sort(byId)).toEqual(expected.sort(byId));

        // One invoice-ready notification per call with a client, none for the others.
        const notes = await t.app.db
          .select({ data: notifications.data })
          .from(notifications)
          .where(eq(notifications.accountId, who.accountId));
        expect(notes).toHaveLength(expected.filter((call) => call.clientId !== null).length);
      }),
      {
        numRuns: 25,
        // Found by this test: an SMS call of 0 s under a 30 s minimum, CALL_END delivered before CALL_START.
        examples: [
          [
            {
              calls: [
                {
                  family: "sms",
                  source: "sms",
                  startSecond: 0,
                  durationSeconds: 0,
                  missed: false,
                  endKnows: "nothing",
                  people: [],
                  named: null,
                },
              ],
              roundingIncrementMinutes: 1,
              minimumBillingMinutes: 0,
              minCaptureSeconds: 30,
              seed: 32221138,
            },
          ],
        ],
      },
    );
  }, 180_000);
});
