// Why a webhook delivery costs more CPU at a fixed rate than at saturation, though its work is the same (issue 22 §3):
// the same unit of work timed back to back, then with the thread asleep between units, as a server is between
// deliveries at 200 or 50 a second, and, as the control, with the thread spinning on its core through the first gap
// instead of sleeping. Two units, neither touching the network:
//   - a delivery's kind of transaction on PGlite in this process (BEGIN + insert, then a select + COMMIT, the app's
//     runner, db/pglite-transaction.ts's way), so PostgreSQL's own WebAssembly runs as in the server;
//   - a Zoom delivery's JavaScript: its signature verified and its body parsed (zoom-signature.ts, zoom-events.ts).
// Each figure is the unit's own time (performance.now() around it: it never waits, so its time is CPU time unless
// the machine takes the core away), the mean of a round, the median of BENCH_ROUNDS rounds run in alternating order;
// beside it the same thread's CPU per unit from /proc (10 ms ticks), which adds the timers' own wake-ups.
// If a unit run after a gap takes longer than one run straight after another, the difference is the machine's, paid
// again by the same code: what its caches, predictors and core lost during the gap. On a shared machine that loss is
// mostly outside the process, so the spun gap keeps most of it (docs/performance.md, "The same work costs more after
// a sleep").
// Run: npx tsx bench/idle-wake.ts     (BENCH_UNITS, 400 a round and pace; BENCH_ROUNDS, 3; BENCH_GAPS_MS, "5,20")
import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { PGlite, protocol } from "@electric-sql/pglite";
import { runPreparedOnPglite } from "../src/server/db/pglite-prepared.js";
import { parseZoomDelivery } from "../src/server/capture/zoom/zoom-events.js";
import { verifyZoomSignature, zoomSignature } from "../src/server/capture/zoom/zoom-signature.js";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { machine, sized } from "./lib.mjs";

const UNITS = Number(process.env.BENCH_UNITS ?? sized(400, 20));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? sized(3, 1));
const GAPS_MS = (process.env.BENCH_GAPS_MS ?? "5,20").split(",").map(Number);

const db = await PGlite.create({ relaxedDurability: true });
await db.exec("create table wake_rows (id serial primary key, n integer not null, note text not null)");
const insertRow = { name: "wake_insert", text: "insert into wake_rows (n, note) values ($1, $2) returning id" };
const selectRow = { name: "wake_select", text: "select id, n, note from wake_rows where id = $1" };
const begin = protocol.serialize.query("BEGIN");
const commit = protocol.serialize.query("COMMIT");

const SECRET = "idle-wake-secret-token";
const NOW = new Date(Date.UTC(2026, 2, 3, 9, 30));

/** A signed meeting.ended delivery, as Zoom sends one (bench/webhook-load.ts has the stream the server gets). */
function zoomDelivery(n: number) {
  const body = JSON.stringify({
    event: "meeting.ended",
    event_ts: NOW.getTime() * 1000 + n,
    payload: {
      account_id: "benchAccount",
      object: {
        id: 85746065432,
        uuid: `wake-${n}==`,
        host_id: "benchHost",
        topic: "Bench meeting",
        type: 2,
        start_time: "2026-03-03T09:00:00Z",
        end_time: "2026-03-03T09:25:00Z",
        duration: 30,
        timezone: "UTC",
      },
    },
  });
  const timestamp = String(Math.floor(NOW.getTime() / 1000));
  return { body, timestamp, signature: zoomSignature(SECRET, timestamp, body) };
}

/** Deliveries signed ahead, so a unit times only the server's side: verifying and parsing. */
const signed = Array.from({ length: 64 }, (_, n) => zoomDelivery(n));

/** Each unit of work, by what it is. */
const units: Record<string, (n: number) => Promise<unknown>> = {
  "PGlite: BEGIN + insert, then select + COMMIT": (n) =>
    db._runExclusiveTransaction(async () => {
      const [row] = await runPreparedOnPglite(db, insertRow, [n, "a note"], "inside-transaction", { before: begin });
      await runPreparedOnPglite(db, selectRow, [(row as { id: number }).id], "inside-transaction", { after: commit });
    }),
  "JavaScript: a Zoom delivery verified and parsed": async (n) => {
    const { body, timestamp, signature } = signed[n % signed.length]!;
    const verdict = verifyZoomSignature({ secretToken: SECRET, signature, timestamp, rawBody: body, now: NOW });
    if (!verdict.ok) throw new Error(verdict.message);
    return parseZoomDelivery(body, { accountId: 1, userId: 1, ownerEmail: "owner@example.test" }, NOW);
  },
};

/** This thread's CPU milliseconds (the main thread's id is the process's). */
function threadCpuMs(): number {
  const fields = fs.readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Keeps the thread on its core for `ms`: the control, a gap as long as a sleep but without giving the core up. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

let sequence = 0;

/**
 * One round of a unit at one pace (0: back to back; a negative gap: spun through on the core, not slept): the unit's
 * mean own time and the thread's CPU per unit, in µs (a spun gap's CPU is the spinning's, so only its own time counts).
 */
async function paced(
  unit: (n: number) => Promise<unknown>,
  gapMs: number,
): Promise<{ ownMicros: number; threadCpuMicros: number }> {
  let own = 0;
  const cpuBefore = threadCpuMs();
  for (let i = 0; i < UNITS; i++) {
    if (gapMs > 0) await sleep(gapMs);
    else if (gapMs < 0) spin(-gapMs);
    const start = performance.now();
    await unit(sequence++);
    own += performance.now() - start;
  }
  return { ownMicros: (own * 1000) / UNITS, threadCpuMicros: ((threadCpuMs() - cpuBefore) * 1000) / UNITS };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
// The control: the first gap again, spun through instead of slept.
const paces = [0, ...GAPS_MS, -GAPS_MS[0]!];

// Warm-up: statements prepared, V8's tiers settled for both units, back to back.
const WARMUP_UNITS = sized(3_000, 200);
for (const unit of Object.values(units)) for (let i = 0; i < WARMUP_UNITS; i++) await unit(sequence++);

const samples = new Map<string, { own: number[]; cpu: number[] }>();
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? paces : [...paces].reverse();
  for (const [name, unit] of Object.entries(units))
    for (const gapMs of order) {
      const { ownMicros, threadCpuMicros } = await paced(unit, gapMs);
      const key = `${name}|${gapMs}`;
      const sample = samples.get(key) ?? { own: [], cpu: [] };
      samples.set(key, sample);
      sample.own.push(ownMicros);
      sample.cpu.push(threadCpuMicros);
    }
}

const report = Object.fromEntries(
  Object.keys(units).map((name) => {
    const at = (gapMs: number) => samples.get(`${name}|${gapMs}`)!;
    const backToBack = median(at(0).own);
    return [
      name,
      Object.fromEntries(
        paces.map((gapMs) => [
          gapMs === 0
            ? "back to back"
            : gapMs > 0
              ? `one every ${gapMs} ms, asleep between`
              : `one every ${-gapMs} ms, spinning between`,
          {
            ownMicrosPerUnit: +median(at(gapMs).own).toFixed(1),
            ratioToBackToBack: +(median(at(gapMs).own) / backToBack).toFixed(2),
            threadCpuMicrosPerUnit: +median(at(gapMs).cpu).toFixed(1),
          },
        ]),
      ),
    ];
  }),
);
console.log(JSON.stringify({ machine: machine(), unitsPerRound: UNITS, rounds: ROUNDS, units: report }, null, 2));
await db.close();
