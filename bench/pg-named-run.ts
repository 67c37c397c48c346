// What a named statement's run costs this process on node-postgres (issue 22 §3), the app's way
// (db/pg-batched-statement.ts: no Describe once a connection has described the statement, its parsers kept, the
// query made from its text alone) beside node-postgres's own named query (`client.query({ name, text, values })`,
// a Describe and a RowDescription turned into parsers at every run) in the same run. The statements are a
// webhook delivery's kinds: a wide row (the capture opening statement returns about thirty columns) and a narrow one.
// Each figure is this process's CPU per run (process.cpuUsage: the server's own work is another process), over
// BENCH_RUNS runs on one connection, in alternating rounds.
// Run: npx tsx bench/pg-named-run.ts      (BENCH_DATABASE_URL, default the local server's `test` database;
//      BENCH_RUNS, 10,000 a round; BENCH_ROUNDS, 3)
import pg from "pg";
import { runWithCommands } from "../src/server/db/pg-batched-statement.js";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { cpuMicrosPerRunInRounds, machine, sized } from "./lib.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? sized(10_000, 300));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? sized(3, 1));
const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const pool = new pg.Pool({ connectionString: url, max: 1 });
const connection = await pool.connect();

const wideColumns = [
  ...Array.from({ length: 24 }, (_, i) => `$1::integer + ${i} as n${i}`),
  "'2026-03-04T05:06:07Z'::timestamptz as started_at",
  "null::timestamptz as ended_at",
  `'[{"name":"Ana","email":"ana@example.com"}]'::jsonb as participants`,
  "'Weekly review'::text as description",
  "12345678901::bigint as big",
  "true as claimed",
].join(", ");
const statements = {
  wide: (name: string) => ({ name, text: `select ${wideColumns}` }),
  narrow: (name: string) => ({ name, text: "select $1::integer as hit_count" }),
};

/** Each way of running each statement, by what it measures (each way under its own statement names). */
const kinds: Record<string, (i: number) => Promise<unknown>> = {};
for (const [shape, statement] of Object.entries(statements)) {
  const own = statement(`bench_own_${shape}`);
  const app = statement(`bench_app_${shape}`);
  kinds[`node-postgres query(): ${shape} row`] = async (i) => (await connection.query({ ...own, values: [i] })).rows;
  kinds[`app runner: ${shape} row`] = (i) => runWithCommands(connection, { ...app, values: [i] });
}

const medians: Record<string, number> = await cpuMicrosPerRunInRounds(kinds, { runs: RUNS, rounds: ROUNDS, warmupRuns: 2_000 });

const figure = (name: string) => medians[name]!;
console.log(
  JSON.stringify(
    {
      machine: machine(),
      runsPerRound: RUNS,
      rounds: ROUNDS,
      cpuMicrosPerRun: Object.fromEntries(Object.keys(kinds).map((name) => [name, Number(figure(name).toFixed(1))])),
      ratioAppToNodePostgres: Object.fromEntries(
        Object.keys(statements).map((shape) => [
          shape,
          Number((figure(`app runner: ${shape} row`) / figure(`node-postgres query(): ${shape} row`)).toFixed(2)),
        ]),
      ),
    },
    null,
    2,
  ),
);
connection.release();
await pool.end();
