// What one trip into the embedded database costs, apart from the statement's own work (issue 22 §3): a webhook
// delivery makes three or four trips whose statements took 0.15-0.55 ms each (docs/performance.md, "A fourth
// machine"); this bench says how much of that a trip itself is, so fewer trips can be weighed before they are built.
// Each figure is the CPU per run (process.cpuUsage, this process only: PGlite runs in it) over BENCH_RUNS runs,
// in alternating rounds, beside PGlite's own query() of the same trivial statement in the same run (it parses and
// plans the SQL at every call: the baseline the app's runner, db/pglite-prepared.ts, replaced).
// Run: npx tsx bench/pglite-trip.ts      (BENCH_RUNS, 20,000 a round; BENCH_ROUNDS, 3)
import { PGlite, protocol } from "@electric-sql/pglite";
import { runPreparedOnPglite } from "../src/server/db/pglite-prepared.js";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { machine, percentile, sized } from "./lib.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? sized(20_000, 300));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? sized(3, 1));

const db = await PGlite.create({ relaxedDurability: true });
await db.exec("create table trip_rows (id serial primary key, n integer not null, note text not null)");

const selectOne = { name: "trip_select", text: "select $1::integer as n" };
const insertRow = { name: "trip_insert", text: "insert into trip_rows (n, note) values ($1, $2)" };
const begin = protocol.serialize.query("BEGIN");
const commit = protocol.serialize.query("COMMIT");

/** Each way of making a trip, by what it measures. */
const kinds: Record<string, (i: number) => Promise<unknown>> = {
  // The baseline: PGlite's public query(), an unnamed statement parsed and planned at each call.
  "PGlite query(): select $1": (i) => db.query("select $1::integer as n", [i]),
  // The app's runner: a named statement, Bind/Execute/Sync in one trip, the answer read from its bytes.
  "app runner: select $1 (the trip alone)": (i) => runPreparedOnPglite(db, selectOne, [i], "own"),
  "app runner: insert, autocommit": (i) => runPreparedOnPglite(db, insertRow, [i, "a note"], "own"),
  // A transaction of two statements as db/pglite-transaction.ts runs one: BEGIN in the first statement's trip,
  // COMMIT in the last one's, under PGlite's transaction lock (a delivery's transaction is three or four such trips).
  "app runner: BEGIN + insert, then select + COMMIT": (i) =>
    db._runExclusiveTransaction(async () => {
      await runPreparedOnPglite(db, insertRow, [i, "a note"], "inside-transaction", { before: begin });
      await runPreparedOnPglite(db, selectOne, [i], "inside-transaction", { after: commit });
    }),
  "app runner: BEGIN + insert + COMMIT in one trip": (i) =>
    runPreparedOnPglite(db, insertRow, [i, "a note"], "own", { before: begin, after: commit }),
};

async function cpuMicrosPerRun(run: (i: number) => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) await run(i);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / RUNS;
}

// Warm-up: every statement prepared and V8's tiers settled before anything is measured.
for (const run of Object.values(kinds)) for (let i = 0; i < Math.min(RUNS, 3_000); i++) await run(i);

const samples: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  // Alternating order, so a burst of other work on the machine does not fall on one kind only.
  const order = round % 2 === 0 ? Object.keys(kinds) : Object.keys(kinds).reverse();
  for (const name of order) samples[name]!.push(await cpuMicrosPerRun(kinds[name]!));
}

/** The middle round, as every bench here reads a p50 (bench/lib.mjs). */
const median = (values: number[]): number => percentile(values, 0.5);
const baseline = median(samples["PGlite query(): select $1"]!);
console.log(
  JSON.stringify(
    {
      machine: machine(),
      runsPerRound: RUNS,
      rounds: ROUNDS,
      cpuMicrosPerRun: Object.fromEntries(
        Object.entries(samples).map(([name, values]) => [
          name,
          { median: Number(median(values).toFixed(1)), ratioToPgliteQuery: Number((median(values) / baseline).toFixed(2)) },
        ]),
      ),
    },
    null,
    2,
  ),
);
await db.close();
