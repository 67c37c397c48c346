// Turns the seeded one-person account (npm run seed) into a practice of N members for bench/team-dashboard.mjs,
// or back to one person: adds members (the owner's password, role member) and attributes every call to a
// member round-robin (calls.user_id), then refreshes the planner's statistics (PostgreSQL: and vacuums, as its
// autovacuum would). With --members 1 every call is the owner's: today's single-user shape of the same data. Run while the app is stopped (PGlite: one process per folder).
import { sql } from "drizzle-orm";
import { loadConfig } from "../src/server/config.js";
import { openDatabase } from "../src/server/db/client.js";

const accountId = Number(process.env.BENCH_ACCOUNT_ID);
const members = Number(process.env.BENCH_MEMBERS ?? "50");
const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const rows = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

const [owner] = await rows(sql`select id, password_hash from users where account_id = ${accountId} and role = 'owner' order by id limit 1`);
if (!owner) throw new Error(`no owner in account ${accountId}`);
const existing = await rows(sql`select id from users where account_id = ${accountId} and removed_at is null order by id`);
for (let n = existing.length; n < members; n += 1) {
  await database.db.execute(sql`insert into users (account_id, email, password_hash, first_name, last_name, role)
    values (${accountId}, ${`bench-member-${n}@example.test`}, ${owner.password_hash}, ${"Member"}, ${String(n)}, 'member')`);
}
const ids = (await rows(sql`select id from users where account_id = ${accountId} and removed_at is null order by id limit ${members}`)).map((r) => Number(r.id));
const idList = sql.raw(`array[${ids.join(",")}]::int[]`);
await database.db.execute(sql`update calls set user_id = (${idList})[(id % ${ids.length}) + 1] where account_id = ${accountId}`);
await database.db.execute(sql`update accounts set plan = 'team', subscription_status = 'active' where id = ${accountId}`);
// What the server's autovacuum does after so many updates (the visibility map an index-only scan relies on,
// and the planner's statistics); PGlite runs no autovacuum, so there only the statistics, as in production.
await database.exec(database.pool ? "vacuum analyze" : "analyze");
const perMember = await rows(sql`select count(distinct user_id)::int as members, count(*)::int as calls from calls where account_id = ${accountId}`);
// The member the filtered views read: one who is not the owner, when there is one.
const memberId = ids.find((id) => id !== Number(owner.id)) ?? ids[0];
console.log(`TEAM_RESULT ${JSON.stringify({ members: ids.length, memberId, ...perMember[0] })}`);
await database.close();
process.exit(0);
