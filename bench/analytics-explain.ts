// Where the Analytics request's time goes (issue 27): on a seeded database (DATA_DIR for PGlite or DATABASE_URL),
// for the account BENCH_EMAIL and last quarter (the bench's request), prints each read's plan
// (EXPLAIN (ANALYZE, BUFFERS), built by the same statement functions the route runs), the median time of each read
// alone, and the median of the whole getAnalytics in process (the reads plus pricing and summing in JS).
// Run while the app is stopped (PGlite: one process per folder).
//
//   DATA_DIR=/tmp/seeded BENCH_EMAIL=bench-analytics@example.test npx tsx bench/analytics-explain.ts [--runs 15]
import { parseArgs } from "node:util";
import { eq, type SQL, sql } from "drizzle-orm";
import {
  billedMonthsSql,
  callGroupsInPeriodSql,
  daysToPaymentSql,
  emailGroupsInPeriodSql,
  invoiceLineGroupsSql,
  packedRowsSql,
  unbilledCallGroupsSql,
  unbilledEmailGroupsSql,
} from "../src/server/analytics/analytics-queries.js";
import { analyticsBounds, getAnalytics } from "../src/server/analytics/get-analytics.js";
import { loadConfig } from "../src/server/config.js";
import { openDatabase } from "../src/server/db/client.js";
import { runMigrations } from "../src/server/db/migrate.js";
import { accounts, users } from "../src/server/db/schema/index.js";

const { values } = parseArgs({ options: { runs: { type: "string", default: "15" } } });
const runs = Number(values.runs);
const email = process.env.BENCH_EMAIL ?? "bench-analytics@example.test";
const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
// A folder seeded by an older tree gets this tree's migrations (0019 fills billed_work_months from the lines).
await runMigrations(database);
const { db } = database;

const [user] = await db.select().from(users).where(eq(users.email, email));
if (!user) throw new Error(`no user ${email}: seed first`);
const [account] = await db.select().from(accounts).where(eq(accounts.id, user.accountId));
const now = new Date();
// Last complete quarter, as bench/analytics.mjs asks for it.
const quarterStartMonth = Math.floor(now.getUTCMonth() / 3) * 3;
const anchor = new Date(Date.UTC(now.getUTCFullYear(), quarterStartMonth - 3, 15)).toISOString().slice(0, 10);
const query = { period: "quarter" as const, date: anchor };
const b = analyticsBounds({ account: account!, query, now });
const scope = { accountId: b.accountId, timezone: b.timezone };
const periodBounds = { ...scope, startDate: b.period.startDate, endDate: b.period.endDate, start: b.start, end: b.end };

const reads: [string, SQL][] = [
  ["calls of the period", callGroupsInPeriodSql(periodBounds)],
  ["emails of the period", emailGroupsInPeriodSql({ ...scope, start: b.start, end: b.end })],
  ["invoice lines of the period", invoiceLineGroupsSql(periodBounds)],
  ["unbilled calls", unbilledCallGroupsSql(scope)],
  ["unbilled emails", unbilledEmailGroupsSql(scope)],
  [
    "billed months (forecast)",
    billedMonthsSql({ accountId: b.accountId, startDate: b.historyStartDate, endDate: b.historyEndDate }),
  ],
  ["days to payment", daysToPaymentSql({ ...scope, start: b.start, end: b.end })],
  // The two reads as they were before issue 27's fix, timed in the same run as the baseline of the change.
  [
    "BEFORE calls of the period, one group per client and day",
    sql`select client_id, source, (started_at at time zone ${b.timezone})::date::text as day, rate_cents, billing_type,
      minimum_billing_minutes, rounding_increment_minutes, (invoice_id is not null) as invoiced, count(*)::int as calls,
      sum(duration_seconds)::float8 as raw, sum(billed_seconds)::float8 as billed, sum(amount_cents)::float8 as amount
    from calls where account_id = ${b.accountId} and ended_at is not null and not is_test and started_at >= ${b.start} and started_at < ${b.end}
    group by client_id, source, 3, rate_cents, billing_type, minimum_billing_minutes, rounding_increment_minutes, invoice_id is not null`,
  ],
  [
    "BEFORE invoice lines of the period, joined to every call",
    sql`select inv.client_id, inv.status, it.kind, c.source, count(*)::int as lines, sum(it.duration_seconds)::float8 as raw,
        sum(it.billed_seconds)::float8 as billed, sum(it.amount_cents)::float8 as amount
      from invoice_items it join invoices inv on inv.id = it.invoice_id left join calls c on c.id = it.call_id
      where it.account_id = ${b.accountId} and it.released_at is null and inv.status <> 'void'
        and it.work_date >= ${b.period.startDate} and it.work_date <= ${b.period.endDate}
      group by inv.client_id, inv.status, it.kind, c.source`,
  ],
  [
    "BEFORE billed months from every invoice line",
    sql`select date_trunc('month', it.work_date)::date::text as month, sum(it.amount_cents)::float8 as amount
      from invoice_items it join invoices inv on inv.id = it.invoice_id
      where it.account_id = ${b.accountId} and it.released_at is null and inv.status <> 'void'
        and it.work_date >= ${b.historyStartDate} and it.work_date <= ${b.historyEndDate}
      group by 1 order by 1`,
  ],
];

const median = (list: number[]) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)]!;
async function timed(work: () => Promise<unknown>): Promise<number> {
  await work(); // warm
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return +median(times).toFixed(2);
}

const result: Record<string, { ms: number; rows: number }> = {};
for (const [name, statement] of reads) {
  const plan = (await db.execute(sql`explain (analyze, buffers, costs off) ${statement}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  console.log(`\n--- EXPLAIN ${name}\n${plan.rows.map((row) => String(Object.values(row)[0])).join("\n")}`);
  const found = (await db.execute(statement)) as unknown as { rows: unknown[] };
  // Timed as the route runs it: packed into one JSON text by the database (analytics-queries.ts), except the
  // BEFORE baselines, which ran row by row.
  const run = name.startsWith("BEFORE") ? statement : packedRowsSql(statement);
  result[name] = { ms: await timed(() => db.execute(run)), rows: found.rows.length };
}
const wholeMs = await timed(() => getAnalytics(db, { account: account!, query, now }));
const readsMs = Object.entries(result)
  .filter(([name]) => !name.startsWith("BEFORE"))
  .reduce((sum, [, r]) => sum + r.ms, 0);
await database.close();
console.log(
  `ANALYTICS_EXPLAIN ${JSON.stringify({ database: database.kind, period: b.period, runs, reads: result, readsMs: +readsMs.toFixed(2), getAnalyticsMs: wholeMs })}`,
);
