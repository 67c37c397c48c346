// Calendar feeds (issue 14 figure): "An ICS feed of 5,000 events over three years parsed and matched
// in under 1 s; a poll of an unchanged feed costs one conditional request."
// Generates a 5,000-event feed (90% single meetings, 10% weekly series of 4-12; UTC, New York, London and
// Tokyo times; 1-4 attendees, about a fifth with one of 50 clients), then times, several runs each:
//   parse+match: ical.js parse (issue 25 §1.4), the 30-day window's occurrences (series expanded), client
//                matching on the database (capture/calendar/read-occurrences.ts + match-occurrences.ts)
//   baselines:   ical.js's raw parse alone, node-ical's raw parse alone (the parser before issue 25), and
//                JSON.parse of a JSON document of the same size
//   in a worker: the same read as a poll does it (read-feed-in-worker.ts, issue 23), then matching
// and counts the requests of a poll of the unchanged feed against a local ICS server.
// Run: npx tsx bench/ics-feed.ts
import { randomBytes } from "node:crypto";
import os from "node:os";
import ICAL from "ical.js";
import ical from "node-ical";
import { feedWindow } from "../src/core/capture/calendar/feed-window.js";
import { buildApp } from "../src/server/app.js";
import { fetchOptionsFor, pollFeedRow } from "../src/server/capture/calendar/poll-feed.js";
import { matchOccurrences } from "../src/server/capture/calendar/match-occurrences.js";
import { readFeedInWorker } from "../src/server/capture/calendar/read-feed-in-worker.js";
import { parseCalendar, readOccurrences } from "../src/server/capture/calendar/read-occurrences.js";
import { saveFeed } from "../src/server/capture/calendar/save-feed.js";
import { loadConfig } from "../src/server/config.js";
import { clients } from "../src/server/db/schema/index.js";
import { migratedTemplate } from "./migrated-template.js";
import { insertBenchOwner } from "./bench-owner.js";
import { secretBoxFor } from "../src/server/http/secrets.js";
import { seededRandom } from "../tests/helpers/seeded-random.js";
import { startIcsStandIn } from "../tests/stand-ins/ics-server.js";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { machine, percentile, sized } from "./lib.mjs";

const EVENTS = Number(process.env.BENCH_EVENTS ?? sized(5000, 200));
const RUNS = Number(process.env.BENCH_RUNS ?? sized(7, 1));
const NOW = new Date("2026-03-26T12:00:00Z");
const START = Date.parse("2024-03-26T00:00:00Z");
const SPAN_MS = 3 * 365 * 24 * 3600 * 1000;
const ZONES = ["UTC", "America/New_York", "Europe/London", "Asia/Tokyo"];

function generateFeed(next: () => number): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Minutely bench//EN"];
  const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, "").slice(0, 15);
  for (let i = 0; i < EVENTS; i++) {
    // Whole quarter hours, working hours-ish.
    const start = START + Math.floor((next() * SPAN_MS) / 900_000) * 900_000;
    const minutes = [30, 45, 60, 90][Math.floor(next() * 4)]!;
    const zone = ZONES[Math.floor(next() * ZONES.length)]!;
    const [dtStart, dtEnd] =
      zone === "UTC"
        ? [`DTSTART:${stamp(start)}Z`, `DTEND:${stamp(start + minutes * 60_000)}Z`]
        : [`DTSTART;TZID=${zone}:${stamp(start)}`, `DTEND;TZID=${zone}:${stamp(start + minutes * 60_000)}`];
    lines.push(
      "BEGIN:VEVENT",
      `UID:bench-${i}@minutely.test`,
      "DTSTAMP:20240101T000000Z",
      dtStart,
      dtEnd,
      `SUMMARY:Meeting ${i}`,
    );
    if (next() < 0.1) lines.push(`RRULE:FREQ=WEEKLY;COUNT=${4 + Math.floor(next() * 9)}`);
    lines.push("ORGANIZER;CN=Me:mailto:me@firm.example");
    const attendees = 1 + Math.floor(next() * 4);
    for (let a = 0; a < attendees; a++) {
      const n = Math.floor(next() * 250);
      const email = n < 50 && a === 0 ? `contact${n}@client${n}.example` : `guest${n}@gmail.com`;
      lines.push(`ATTENDEE;CN=Person ${n};PARTSTAT=ACCEPTED:mailto:${email}`);
    }
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return `${lines.join("\r\n")}\r\n`;
}

function time<T>(run: () => T): [T, number] {
  const started = performance.now();
  const result = run();
  return [result, performance.now() - started];
}

const summary = (samples: number[]): string =>
  `median ${percentile(samples, 0.5).toFixed(0)} ms, p95 ${percentile(samples, 0.95).toFixed(0)} ms`;

const config = loadConfig(
  { LOG_LEVEL: "warn", SECRETS_KEY: randomBytes(32).toString("base64") },
  { inMemoryDatabase: true, pgliteTemplate: await migratedTemplate(), allowPrivateMailHosts: true, jobs: false, now: () => NOW },
);
const app = await buildApp(config);
try {
  const owner = await insertBenchOwner(app.db);
  await app.db.insert(clients).values(
    Array.from({ length: 50 }, (_, n) => ({
      accountId: owner.accountId,
      name: `Client ${n}`,
      email: `contact${n}@client${n}.example`,
    })),
  );
  const body = generateFeed(seededRandom(14));
  const window = feedWindow(NOW);
  const sameSizeJson = JSON.stringify({ padding: "x".repeat(body.length - 14) });

  const parseMatch: number[] = [];
  const rawParse: number[] = [];
  const nodeIcalParse: number[] = [];
  // CPU time of this process: on a shared, busy machine the wall clock mostly measures waiting for a core.
  const parseMatchCpu: number[] = [];
  const jsonParse: number[] = [];
  // What a poll does since issue 23: the read in a worker thread (its start, the copy of the text and
  // of the answer included), then matching on the server's thread.
  const inWorker: number[] = [];
  let occurrences = 0;
  let matched = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const cpuStart = process.cpuUsage();
    const read = readOccurrences(parseCalendar(body), window);
    const withClients = await matchOccurrences(app.db, owner.accountId, read.ended);
    parseMatch.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuStart);
    parseMatchCpu.push((cpu.user + cpu.system) / 1000);
    occurrences = read.ended.length;
    matched = withClients.filter((o) => o.clientId !== null).length;
    rawParse.push(time(() => ICAL.parse(body))[1]);
    nodeIcalParse.push(time(() => ical.sync.parseICS(body))[1]);
    const workerStarted = performance.now();
    const fromWorker = await readFeedInWorker(body, window, "UTC");
    await matchOccurrences(app.db, owner.accountId, fromWorker.ended);
    inWorker.push(performance.now() - workerStarted);
    if (fromWorker.warnings.length) console.log(`the worker's read was cut: ${fromWorker.warnings.join(" ")}`);
    jsonParse.push(time(() => JSON.parse(sameSizeJson))[1]);
  }

  const ics = await startIcsStandIn(body);
  let requests: number;
  let statuses: number[];
  try {
    await saveFeed(app.db, secretBoxFor(config), {
      accountId: owner.accountId,
      userId: owner.userId,
      input: { url: ics.url },
      fetch: fetchOptionsFor(config),
      now: NOW,
    });
    const { findFeed } = await import("../src/server/capture/calendar/feed-integration.js");
    const before = ics.requests.length;
    const outcome = await pollFeedRow(app.db, secretBoxFor(config), {
      row: (await findFeed(app.db, owner))!,
      fetch: fetchOptionsFor(config),
      now: NOW,
    });
    if (outcome.error) console.log(`poll failed: ${outcome.error}`);
    requests = ics.requests.length - before;
    statuses = ics.requests.slice(before).map((r) => r.status);
  } finally {
    await ics.close();
  }

  const median = percentile(parseMatch, 0.5);
  console.log(`machine: ${machine()}`);
  console.log(
    `feed: ${EVENTS} events over 3 years, ${(body.length / 1024 / 1024).toFixed(2)} MB; window: ${occurrences} occurrences ended in the last 30 days, ${matched} with a client`,
  );
  console.log(`parse+match (${RUNS} runs): ${summary(parseMatch)}  ${median < 1000 ? "(under 1 s: yes)" : "(under 1 s: NO)"}`);
  console.log(
    `parse+match CPU time of this process: ${summary(parseMatchCpu)} (the load average was ${os.loadavg()[0]?.toFixed(1)})`,
  );
  console.log(
    `baseline ical.js parse only: ${summary(rawParse)}; ratio parse+match / parse ${(median / percentile(rawParse, 0.5)).toFixed(2)}`,
  );
  console.log(
    `baseline node-ical parse only (no expansion): ${summary(nodeIcalParse)}; ratio parse+match / node-ical parse ${(median / percentile(nodeIcalParse, 0.5)).toFixed(2)}`,
  );
  console.log(
    `baseline JSON.parse of the same size: ${summary(jsonParse)}; ratio ${(median / percentile(jsonParse, 0.5)).toFixed(1)}`,
  );
  console.log(
    `read in a worker thread + match (what a poll does): ${summary(inWorker)}  ${percentile(inWorker, 0.5) < 1000 ? "(under 1 s: yes)" : "(under 1 s: NO)"}`,
  );
  console.log(`unchanged poll: ${requests} request(s), answered ${statuses.join(", ")}`);
} finally {
  await app.close();
}
