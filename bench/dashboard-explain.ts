// Prints the query plans of the dashboard stats and of one client's year of calls on the seeded
// database (DATA_DIR or DATABASE_URL), built by the same query functions the routes use, and
// picks the clients the benchmark reads. Run while the app is stopped (PGlite: one process per folder).
import { sql } from "drizzle-orm";
import { periodRange } from "../src/core/period.js";
import { clientCallsParams, clientCallsStatement } from "../src/server/calls/call-queries.js";
import { loadConfig } from "../src/server/config.js";
import { dashboardStatsQuery } from "../src/server/dashboard/get-dashboard-stats.js";
import { openDatabase } from "../src/server/db/client.js";

const accountId = Number(process.env.BENCH_ACCOUNT_ID);
const timezone = process.env.BENCH_TIMEZONE ?? "America/New_York";
const year = Number(process.env.BENCH_YEAR);
const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });

async function query(text: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  if (database.pool) return (await database.pool.query(text, params)).rows;
  return (await database.pglite!.query<Record<string, unknown>>(text, params)).rows;
}

const counts = (await database.db.execute(sql`
  select client_id as id, count(*)::int as n from calls
  where account_id = ${accountId} and client_id is not null
    and started_at >= ${`${year}-01-01T00:00:00Z`}::timestamptz and started_at < ${`${year + 1}-01-01T00:00:00Z`}::timestamptz
  group by client_id order by n desc`)) as unknown as { rows: { id: number; n: number }[] };
const rows = counts.rows.map((r) => ({ id: Number(r.id), n: Number(r.n) }));
const average = rows.reduce((sum, r) => sum + r.n, 0) / Math.max(rows.length, 1);
const typical = [...rows].sort((a, b) => Math.abs(a.n - average) - Math.abs(b.n - average))[0]!;
const busiest = rows[0]!;

const today = periodRange({ kind: "today", timezone, now: new Date() });
const yearRange = periodRange({ kind: "year", timezone, now: new Date(), year });
const plans: Record<string, string> = {};
for (const [name, { sql: text, params }] of [
  ["dashboard stats (today)", dashboardStatsQuery(database.db, { accountId, start: today.start, end: today.end }).toSQL()],
  [
    `one client's ${year} (${typical.n} calls)`,
    {
      sql: clientCallsStatement.text,
      params: clientCallsParams({ accountId, clientId: typical.id, start: yearRange.start, end: yearRange.end }),
    },
  ],
] as const) {
  const plan = await query(`explain (analyze, buffers, costs off) ${text}`, params);
  plans[name] = plan.map((row) => String(Object.values(row)[0])).join("\n");
}
await database.close();
for (const [name, plan] of Object.entries(plans)) console.log(`\n--- EXPLAIN ${name}\n${plan}`);
console.log(`EXPLAIN_RESULT ${JSON.stringify({ typicalClient: typical, busiestClient: busiest, averageCallsPerClient: Math.round(average) })}`);
