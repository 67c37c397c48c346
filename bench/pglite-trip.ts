// What one trip into the embedded database costs, apart from the statement's own work (issue 22 §3): a webhook
// delivery makes three or four trips whose statements took 0.15-0.55 ms each (docs/performance.md, "A fourth
// machine"); this bench says how much of that a trip itself is, so fewer trips can be weighed before they are built.
// Each figure is the CPU per run (process.cpuUsage, this process only: PGlite runs in it) over BENCH_RUNS runs, in
// alternating rounds (bench/lib.mjs cpuMicrosPerRunInRounds), beside PGlite's own query() of the same trivial
// statement in the same run (it parses and plans the SQL at every call: the baseline the app's runner,
// db/pglite-prepared.ts, replaced). Also writing one run's batch alone, without a trip: PGlite's serializer against
// db/pglite-bind-message.ts (batchWrittenRatioToPgliteSerializer).
// Run: npx tsx bench/pglite-trip.ts      (BENCH_RUNS, 20,000 a round; BENCH_ROUNDS, 3)
import { PGlite, protocol } from "@electric-sql/pglite";
import { runMessages } from "../src/server/db/pglite-bind-message.js";
import { concatenate, runPreparedOnPglite } from "../src/server/db/pglite-prepared.js";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { cpuMicrosPerRunInRounds, machine, sized } from "./lib.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? sized(20_000, 300));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? sized(3, 1));

const db = await PGlite.create({ relaxedDurability: true });
await db.exec("create table trip_rows (id serial primary key, n integer not null, note text not null)");

const selectOne = { name: "trip_select", text: "select $1::integer as n" };
const insertRow = { name: "trip_insert", text: "insert into trip_rows (n, note) values ($1, $2)" };
const begin = protocol.serialize.query("BEGIN");
const commit = protocol.serialize.query("COMMIT");

const wideValues = (i: number) =>
  Array.from({ length: 20 }, (_, k) => (k % 5 === 0 ? null : k % 3 === 0 ? `Zürich – ${i}` : `2026-03-04T05:06:${k}.000Z`));

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
  // Writing a run's batch alone, no trip: twenty parameters (a capture statement's count), some null, some beyond
  // ASCII, with BEGIN before, as PGlite's serializer writes it and as db/pglite-bind-message.ts does.
  "batch written by PGlite's serializer": async (i) =>
    concatenate([begin, protocol.serialize.bind({ statement: "tx_2", values: wideValues(i) }), protocol.serialize.execute({}), protocol.serialize.sync()]),
  "batch written by runMessages": async (i) => runMessages("tx_2", wideValues(i), { describe: false, before: begin }),
};

const medians: Record<string, number> = await cpuMicrosPerRunInRounds(kinds, { runs: RUNS, rounds: ROUNDS, warmupRuns: 3_000 });

const baseline = medians["PGlite query(): select $1"]!;
console.log(
  JSON.stringify(
    {
      machine: machine(),
      runsPerRound: RUNS,
      rounds: ROUNDS,
      cpuMicrosPerRun: Object.fromEntries(
        Object.entries(medians).map(([name, median]) => [
          name,
          { median: Number(median.toFixed(1)), ratioToPgliteQuery: Number((median / baseline).toFixed(2)) },
        ]),
      ),
      batchWrittenRatioToPgliteSerializer: Number(
        (medians["batch written by runMessages"]! / medians["batch written by PGlite's serializer"]!).toFixed(2),
      ),
    },
    null,
    2,
  ),
);
await db.close();
