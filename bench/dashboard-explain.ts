// Prints the query plans of the dashboard stats and of one client's year of calls on the seeded
// database (DATA_DIR or DATABASE_URL), built by the same query functions the routes use, and
// picks the clients the benchmark reads. With BENCH_MEMBER_ID (bench/team-dashboard.mjs, after
// bench/team-members.ts made the practice): also the Team overview's statement (its hours per member this week and month), and the
// dashboard and the client log page narrowed to that member. Run while the app is stopped (PGlite: one
// process per folder). Last line: `EXPLAIN_RESULT {json}`.
import { pageQuery } from "../src/core/contracts/paging.js";
import { periodRange } from "../src/core/period.js";
import { clientCallsParams, clientCallsStatement } from "../src/server/calls/call-queries.js";
import { type ClientCallsPageOptions, clientCallsPageStatement } from "../src/server/calls/client-calls-page.js";
import { dashboardStatsQuery } from "../src/server/dashboard/get-dashboard-stats.js";
import { teamOverviewStatement } from "../src/server/team/overview-queries.js";
import { benchAccount, benchClients, explain, openBenchDatabase } from "./explain-helpers.js";

const { accountId, timezone, year } = benchAccount;
const memberId = process.env.BENCH_MEMBER_ID ? Number(process.env.BENCH_MEMBER_ID) : null;
const database = await openBenchDatabase();
/** The client log page's one prepared statement (calls/client-calls-page.ts) as explain() takes it. */
const pageStatement = (options: ClientCallsPageOptions) => {
  const { statement, params } = clientCallsPageStatement(options);
  return { sql: statement.text, params };
};
/** The Team overview's one prepared statement (team/overview-queries.ts), the same way. */
const overviewStatement = (options: Parameters<typeof teamOverviewStatement>[0]) => {
  const { statement, params } = teamOverviewStatement(options);
  return { sql: statement.text, params };
};
const now = new Date();
const today = periodRange({ kind: "today", timezone, now });
const yearRange = periodRange({ kind: "year", timezone, now, year });
const clients = await benchClients(database, accountId, yearRange.start, yearRange.end);
const { typicalClient: typical } = clients;

const statements: [string, { sql: string; params: unknown[] }][] = [
  ["dashboard stats (today)", dashboardStatsQuery(database.db, { accountId, start: today.start, end: today.end }).toSQL()],
  [
    `one client's ${year} (${typical.n} calls)`,
    {
      sql: clientCallsStatement.text,
      params: clientCallsParams({ accountId, clientId: typical.id, start: yearRange.start, end: yearRange.end }),
    },
  ],
];
if (memberId !== null) {
  const week = periodRange({ kind: "week", timezone, now });
  const month = periodRange({ kind: "month", timezone, now });
  const page = { ...pageQuery.parse({}), clientId: typical.id, billing: "any" as const };
  statements.push(
    [
      "Team overview: members, hours per member this week and month, connections, invitations (one statement)",
      overviewStatement({ accountId, week, month }),
    ],
    [
      `dashboard stats (today), member ${memberId}`,
      dashboardStatsQuery(database.db, { accountId, ownerId: memberId, start: today.start, end: today.end }).toSQL(),
    ],
    [
      `client log: first page of an ordinary client's ${year}, member ${memberId}`,
      pageStatement({ accountId, clientId: typical.id, ownerId: memberId, query: page, period: yearRange }),
    ],
    [
      `client log: first page of an ordinary client's ${year}, everyone`,
      pageStatement({ accountId, clientId: typical.id, ownerId: null, query: page, period: yearRange }),
    ],
  );
}
const plans: Record<string, string> = {};
for (const [name, statement] of statements) plans[name] = await explain(database, statement);
await database.close();
for (const [name, plan] of Object.entries(plans)) console.log(`\n--- EXPLAIN ${name}\n${plan}`);
console.log(`EXPLAIN_RESULT ${JSON.stringify(clients)}`);
