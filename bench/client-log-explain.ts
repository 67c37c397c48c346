// Prints EXPLAIN (ANALYZE, BUFFERS) of every list and aggregate a busy practice's screens read (issue 31),
// built by the same functions the routes use, on a seeded database (DATA_DIR or DATABASE_URL), and picks the
// clients bench/client-log.mjs reads: the busiest client of the year and one with the average number of calls.
// Run while no app holds the folder (PGlite: one process per folder). Last line: `EXPLAIN_RESULT {json}`.
import { sql } from "drizzle-orm";
import { pageQuery } from "../src/core/contracts/paging.js";
import { periodRange } from "../src/core/period.js";
import { selectCallsPage } from "../src/server/calls/find-calls-page.js";
import { callTotalsQuery, emailTotalsQuery } from "../src/server/clients/find-period-totals.js";
import { dashboardStatsQuery } from "../src/server/dashboard/get-dashboard-stats.js";
import { selectInvoicesPage } from "../src/server/invoices/find-invoices-page.js";
import { benchAccount, benchClients, explain, openBenchDatabase } from "./explain-helpers.js";

const { accountId, timezone, year } = benchAccount;
const database = await openBenchDatabase();
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

const yearRange = periodRange({ kind: "year", timezone, now: new Date(), year });
const clients = await benchClients(database, accountId, yearRange.start, yearRange.end);
const busiest = clients.busiestClient;
const typical = clients.typicalClient;
const [totalCalls] = rowsOf(await database.db.execute(sql`select count(*)::int as n from calls where account_id = ${accountId}`));

// A cursor deep in the busiest client's year (the 5,000th call) and deep in the whole account (the 500,000th).
async function cursorAt(offset: number, clientId: number | null) {
  const [row] = rowsOf(
    await database.db.execute(sql`
    select (extract(epoch from started_at) * 1000000)::bigint::text as micros, id from calls
    where account_id = ${accountId} ${clientId === null ? sql`` : sql`and client_id = ${clientId}`}
    order by started_at desc, id desc offset ${offset} limit 1`),
  );
  return row ? { micros: Number(row.micros), id: Number(row.id) } : undefined;
}
const deepInYear = await cursorAt(Math.min(5000, Math.max(busiest.n - 60, 0)), busiest.id);
const deepInAccount = await cursorAt(Math.floor(Number(totalCalls?.n ?? 0) / 2), null);

const page = pageQuery.parse({});
const year0 = { start: yearRange.start, end: yearRange.end };
const today = periodRange({ kind: "today", timezone, now: new Date() });
const statements: [string, { sql: string; params: unknown[] }][] = [
  [
    `client log: first page of the busiest client's ${year} (${busiest.n} calls)`,
    selectCallsPage(database.db, { accountId, query: { ...page, clientId: busiest.id, billing: "any" }, period: year0 }).toSQL(),
  ],
  [
    `client log: a page after the 5,000th call of that year`,
    selectCallsPage(database.db, { accountId, query: { ...page, clientId: busiest.id, billing: "any", cursor: deepInYear }, period: year0 }).toSQL(),
  ],
  [
    `client log: the busiest client's ${year} totals (calls)`,
    callTotalsQuery(database.db, { accountId, clientId: busiest.id, ...year0 }).toSQL(),
  ],
  [`client log: the same totals (emails)`, emailTotalsQuery(database.db, { accountId, clientId: busiest.id, ...year0 }).toSQL()],
  [
    `client log: an ordinary client's ${year} totals (${typical.n} calls)`,
    callTotalsQuery(database.db, { accountId, clientId: typical.id, ...year0 }).toSQL(),
  ],
  [
    `Generate Invoice dialog: first page of the busiest client's unbilled calls of ${year}`,
    selectCallsPage(database.db, { accountId, query: { ...page, clientId: busiest.id, billing: "unbilled" }, period: year0 }).toSQL(),
  ],
  [
    "all calls: a page halfway through the account",
    selectCallsPage(database.db, { accountId, query: { ...page, billing: "any", cursor: deepInAccount }, period: undefined }).toSQL(),
  ],
  ["Recent Invoices: first page", selectInvoicesPage(database.db, { accountId, query: { limit: 20 } }).toSQL()],
  [
    "client page: the busiest client's invoices, first page",
    selectInvoicesPage(database.db, { accountId, query: { limit: 50, clientId: busiest.id } }).toSQL(),
  ],
  ["dashboard stats (today)", dashboardStatsQuery(database.db, { accountId, start: today.start, end: today.end }).toSQL()],
];
const plans: Record<string, string> = {};
for (const [name, statement] of statements) plans[name] = await explain(database, statement);
await database.close();
for (const [name, plan] of Object.entries(plans)) console.log(`\n--- EXPLAIN ${name}\n${plan}`);
console.log(`EXPLAIN_RESULT ${JSON.stringify(clients)}`);
