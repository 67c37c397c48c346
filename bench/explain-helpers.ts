// What the EXPLAIN scripts share (client-log-explain.ts, dashboard-explain.ts): the seeded database of the
// environment (DATA_DIR or DATABASE_URL), a statement's plan, and the clients the benches read.
import { sql } from "drizzle-orm";
import { loadConfig } from "../src/server/config.js";
import { openDatabase } from "../src/server/db/client.js";

export const benchAccount = {
  accountId: Number(process.env.BENCH_ACCOUNT_ID),
  timezone: process.env.BENCH_TIMEZONE ?? "America/New_York",
  year: Number(process.env.BENCH_YEAR),
};

/** Opens the environment's database; run while no app holds it (PGlite: one process per folder). */
export async function openBenchDatabase() {
  const config = loadConfig(process.env);
  return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
}

type BenchDatabase = Awaited<ReturnType<typeof openBenchDatabase>>;

/** EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) of a statement as the driver sends it, as text. */
export async function explain(database: BenchDatabase, statement: { sql: string; params: unknown[] }): Promise<string> {
  const text = `explain (analyze, buffers, costs off) ${statement.sql}`;
  const rows = database.pool
    ? (await database.pool.query(text, statement.params)).rows
    : (await database.pglite!.query<Record<string, unknown>>(text, statement.params)).rows;
  return rows.map((row) => String(Object.values(row)[0])).join("\n");
}

/** The clients with calls in [start, end): the busiest and the one nearest the average, which the benches read. */
export async function benchClients(database: BenchDatabase, accountId: number, start: Date, end: Date) {
  const result = await database.db.execute(sql`
    select client_id as id, count(*)::int as n from calls
    where account_id = ${accountId} and client_id is not null
      and started_at >= ${start.toISOString()}::timestamptz and started_at < ${end.toISOString()}::timestamptz
    group by client_id order by n desc`);
  const counts = (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    id: Number(r.id),
    n: Number(r.n),
  }));
  const average = counts.reduce((sum, r) => sum + r.n, 0) / Math.max(counts.length, 1);
  const typical = [...counts].sort((a, b) => Math.abs(a.n - average) - Math.abs(b.n - average))[0]!;
  return { typicalClient: typical, busiestClient: counts[0]!, averageCallsPerClient: Math.round(average) };
}
