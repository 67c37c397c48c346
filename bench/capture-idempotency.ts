// Capture idempotency (issue 13 figures): 10,000 capture events of a realistic mix of sources
// (Zoom meetings with participants joining, Twilio/SignalWire calls and missed calls, SMS commands,
// the signed generic webhook), each delivered two to three times in a random order by 8 concurrent
// senders, through recordCaptureEvent. Reports duplicate, missing and wrong calls (all must be 0)
// against the same events delivered once, in order, into another account of the same database
// (the baseline), and the events per second of both as a ratio.
// Run: npx tsx bench/capture-idempotency.ts          (PGlite in memory)
//      npx tsx bench/capture-idempotency.ts --pg     (PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or the local server)
import { randomBytes } from "node:crypto";
import os from "node:os";
import { eq } from "drizzle-orm";
import { buildApp } from "../src/server/app.js";
import type { CaptureEvent, CaptureSource } from "../src/server/capture/capture-event.js";
import { recordCaptureEvent } from "../src/server/capture/record-capture-event.js";
import { loadConfig } from "../src/server/config.js";
import type { Db } from "../src/server/db/client.js";
import { accounts, calls, clients, users } from "../src/server/db/schema/index.js";
import { seededRandom as random } from "../tests/helpers/seeded-random.js";
import { migratedTemplate } from "./migrated-template.js";
import { serverDatabase } from "./server-database.js";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { sized } from "./lib.mjs";

const TARGET_EVENTS = Number(process.env.BENCH_EVENTS ?? sized(10_000, 100));
const SENDERS = 8;
const DAY = Date.parse("2026-05-04T07:00:00Z");

type Template = Omit<CaptureEvent, "accountId" | "userId">;

/** The day's events (without an account): about 40% Zoom meetings, 35% phone calls (8% of them missed), 15% SMS, 10% generic webhook. */
function generateDay(next: () => number): Template[] {
  const events: Template[] = [];
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const person = () => {
    const n = Math.floor(next() * 60);
    return n < 50
      ? pick([
          { email: `contact${n}@client${n}.example` },
          { phone: `+1 555 3${String(n).padStart(2, "0")} 0000` },
          { email: `cfo@client${n}.example` },
        ])
      : pick([{ email: `guest${n}@gmail.com` }, { phone: `+44 20 7946 ${String(1000 + n)}` }]);
  };
  for (let call = 0; events.length < TARGET_EVENTS; call += 1) {
    const start = new Date(DAY + Math.floor(next() * 12 * 3600) * 1000);
    const seconds = Math.floor(next() * 3600);
    const end = new Date(start.getTime() + seconds * 1000);
    const roll = next();
    const id = (name: string) => `${call}:${name}`;
    if (roll < 0.4) {
      const base = { source: "zoom" as CaptureSource, externalCallId: `zoom-${call}`, platform: "zoom" };
      events.push({
        ...base,
        eventId: id("meeting.started"),
        kind: "started",
        at: start,
        participants: [{ name: "Host", email: "owner@practice.example", self: true }],
        topic: "Meeting",
      });
      const joined = 1 + Math.floor(next() * 3);
      for (let j = 0; j < joined; j += 1) {
        events.push({
          ...base,
          eventId: id(`participant_joined.${j}`),
          kind: "participant",
          at: new Date(start.getTime() + j * 30_000),
          participants: [person()],
        });
      }
      events.push({ ...base, eventId: id("meeting.ended"), kind: "ended", at: end, startedAt: start, participants: [] });
    } else if (roll < 0.75) {
      const source: CaptureSource = next() < 0.7 ? "twilio" : "signalwire";
      const base = { source, externalCallId: `CA${call}`, platform: "phone" };
      const other = { phone: `+1 555 3${String(Math.floor(next() * 60)).padStart(2, "0")} 0000` };
      if (next() < 0.08) {
        events.push({ ...base, eventId: id("no-answer"), kind: "ended", at: end, missed: true, participants: [other] });
      } else {
        events.push({ ...base, eventId: id("in-progress"), kind: "started", at: start, participants: [other] });
        events.push({
          ...base,
          eventId: id("completed"),
          kind: "ended",
          at: end,
          durationSeconds: seconds,
          participants: [other],
        });
      }
    } else if (roll < 0.9) {
      const base = { source: "sms" as CaptureSource, externalCallId: `sms-${call}`, platform: "phone", participants: [] };
      events.push({ ...base, eventId: id("CALL_START"), kind: "started", at: start });
      events.push({ ...base, eventId: id("CALL_END"), kind: "ended", at: end });
    } else {
      const base = { source: "webhook" as CaptureSource, externalCallId: `pbx-${call}`, platform: "phone" };
      events.push({ ...base, eventId: id("start"), kind: "started", at: start, participants: [person()] });
      events.push({ ...base, eventId: id("end"), kind: "ended", at: end, durationSeconds: seconds, participants: [] });
    }
  }
  return events;
}

/** An account with its user and 50 clients (email, phone) to match, written straight to the database. */
async function makeAccount(db: Db): Promise<{ accountId: number; userId: number }> {
  const [account] = await db.insert(accounts).values({ minCaptureSeconds: 10 }).returning({ id: accounts.id });
  if (!account) throw new Error("no account");
  const [user] = await db
    .insert(users)
    .values({ accountId: account.id, email: `owner-${randomBytes(4).toString("hex")}@practice.example`, passwordHash: "-" })
    .returning({ id: users.id });
  await db.insert(clients).values(
    Array.from({ length: 50 }, (_, n) => ({
      accountId: account.id,
      name: `Client ${n}`,
      email: `contact${n}@client${n}.example`,
      phone: `(555) 3${String(n).padStart(2, "0")}-0000`,
    })),
  );
  return { accountId: account.id, userId: user?.id ?? 0 };
}

/** Delivers the events with `SENDERS` concurrent senders; answers the seconds it took. */
async function deliver(db: Db, events: CaptureEvent[]): Promise<number> {
  let next = 0;
  const started = performance.now();
  const sender = async () => {
    while (next < events.length) {
      const event = events[next++] as CaptureEvent;
      await recordCaptureEvent(db, event, new Date());
    }
  };
  await Promise.all(Array.from({ length: SENDERS }, sender));
  return (performance.now() - started) / 1000;
}

type Stored = {
  key: string;
  client: string | null;
  startedAt: number;
  endedAt: number | null;
  durationSeconds: number;
  amountCents: number;
};

async function storedCalls(db: Db, accountId: number): Promise<Stored[]> {
  const rows = await db
    .select({
      source: calls.source,
      externalId: calls.externalId,
      client: clients.name,
      startedAt: calls.startedAt,
      endedAt: calls.endedAt,
      durationSeconds: calls.durationSeconds,
      amountCents: calls.amountCents,
    })
    .from(calls)
    .leftJoin(clients, eq(clients.id, calls.clientId))
    .where(eq(calls.accountId, accountId));
  return rows.map((row) => ({
    key: `${row.source}/${row.externalId}`,
    client: row.client,
    startedAt: row.startedAt.getTime(),
    endedAt: row.endedAt?.getTime() ?? null,
    durationSeconds: row.durationSeconds,
    amountCents: row.amountCents,
  }));
}

const usePg = process.argv.includes("--pg");
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const server = usePg ? await serverDatabase(adminUrl) : null;
const config = loadConfig(
  { LOG_LEVEL: "silent", SECRETS_KEY: randomBytes(32).toString("base64") },
  { databaseUrl: server?.url, inMemoryDatabase: !server, pgliteTemplate: server ? undefined : await migratedTemplate() },
);
const app = await buildApp(config);
try {
  const next = random(13);
  const templates = generateDay(next);
  const baselineAccount = await makeAccount(app.db);
  const testedAccount = await makeAccount(app.db);
  const forAccount = (who: { accountId: number; userId: number }) => templates.map((e): CaptureEvent => ({ ...e, ...who }));

  // Baseline: every event once, in the order it happened.
  const inOrder = forAccount(baselineAccount).sort((a, b) => a.at.getTime() - b.at.getTime());
  const baselineSeconds = await deliver(app.db, inOrder);

  // Tested: every event two or three times, shuffled.
  const repeated = forAccount(testedAccount).flatMap((event) => Array.from({ length: 2 + Math.floor(next() * 2) }, () => event));
  for (let i = repeated.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [repeated[i], repeated[j]] = [repeated[j] as CaptureEvent, repeated[i] as CaptureEvent];
  }
  const testedSeconds = await deliver(app.db, repeated);

  const expected = new Map((await storedCalls(app.db, baselineAccount.accountId)).map((call) => [call.key, call]));
  const got = await storedCalls(app.db, testedAccount.accountId);
  const keys = new Set(got.map((call) => call.key));
  const duplicateCalls = got.length - keys.size;
  const missingCalls = [...expected.keys()].filter((key) => !keys.has(key)).length;
  const extraCalls = [...keys].filter((key) => !expected.has(key)).length;
  const wrongCalls = got.filter((call) => JSON.stringify(call) !== JSON.stringify(expected.get(call.key))).length;
  const activeCalls = got.filter((call) => call.endedAt === null).length;
  const calledTruth = new Set(templates.filter((e) => !e.missed).map((e) => `${e.source}/${e.externalCallId}`)).size;

  const [load1] = os.loadavg();
  const cpu = os.cpus()[0]?.model ?? "?";
  console.log(
    `machine: ${os.cpus().length} cores, ${cpu}, node ${process.version}, ${new Date().toISOString().slice(0, 10)}, load average ${load1?.toFixed(1)}`,
  );
  console.log(`database: ${server ? "PostgreSQL server" : "PGlite (in memory)"}, ${SENDERS} concurrent senders`);
  console.log(
    `events: ${templates.length} unique (${calledTruth} conversations not missed), ${repeated.length} deliveries (each 2-3 times, shuffled)`,
  );
  console.log(
    `baseline (each once, in order): ${baselineSeconds.toFixed(2)} s, ${(templates.length / baselineSeconds).toFixed(0)} events/s`,
  );
  console.log(
    `tested: ${testedSeconds.toFixed(2)} s, ${(repeated.length / testedSeconds).toFixed(0)} deliveries/s, ${(templates.length / testedSeconds).toFixed(0)} unique events/s`,
  );
  console.log(
    `ratio (deliveries/s tested ÷ events/s baseline): ${(repeated.length / testedSeconds / (templates.length / baselineSeconds)).toFixed(2)}`,
  );
  console.log(
    `calls: ${got.length} (baseline ${expected.size}); duplicate ${duplicateCalls}, missing ${missingCalls}, extra ${extraCalls}, differing from baseline ${wrongCalls}, still active ${activeCalls}`,
  );
  for (const call of got.filter((c) => JSON.stringify(c) !== JSON.stringify(expected.get(c.key))).slice(0, 5)) {
    console.log("  differs:", JSON.stringify(call), "baseline:", JSON.stringify(expected.get(call.key)));
  }
  if (duplicateCalls || missingCalls || extraCalls || wrongCalls || activeCalls) process.exitCode = 1;
} finally {
  await app.close();
  await server?.drop();
}
