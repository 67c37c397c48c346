import { spawnSync } from "node:child_process";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dropEndedWorkersDatabases } from "../helpers/admin-connection.js";
import { signUp } from "../helpers/factories.js";
import { databaseOf, leaseTestDatabase, startTestApp } from "../helpers/test-app.js";

/**
 * The worker's pool of test databases lends a database again after its app closed: PGlite's
 * (tests/helpers/pglite-pool.ts), or the PostgreSQL server's with TEST_DATABASE_URL (server-database-pool.ts).
 * Nothing of one test file may reach the next: every row of the app's tables and of pg-boss's (jobs, archive,
 * schedules, subscriptions) is gone, each sequence starts again at its first value, and a database whose catalog
 * a test changed is not lent as before.
 */

/** Runs one statement on a lent database: the PGlite instance itself, or a connection of its own to the server's. */
async function query<T>(database: PGlite | string, sql: string, params: unknown[] = []): Promise<T[]> {
  if (typeof database !== "string") return (await database.query<T>(sql, params)).rows;
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Rows in every table of the app's schema and of pg-boss's, by table. */
async function rowsByTable(database: PGlite | string): Promise<Record<string, number>> {
  const tables = (
    await query<{ name: string }>(
      database,
      "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname in ('public', 'pgboss') order by 1",
    )
  ).map((row) => row.name);
  const counts: Record<string, number> = {};
  for (const table of tables)
    counts[table] = (await query<{ n: number }>(database, `select count(*)::int as n from ${table}`))[0]!.n;
  return counts;
}

const nonEmpty = (counts: Record<string, number>) => Object.keys(counts).filter((table) => counts[table]! > 0);

describe("a database lent again by the worker's pool", () => {
  it("comes back from an app with the job queue without a job, an archived job, a schedule, a subscription or a row", async () => {
    // An ordinary app with the queue (no cron of its own: the pool compares with such an app's database); the
    // schedule row is the test's.
    const t = await startTestApp({ jobs: {} });
    const database = databaseOf(t.app);
    const account = await signUp(t.client());
    const boss = t.app.jobs!.boss;
    await boss.schedule("maintenance", "0 * * * *", {}, { tz: "UTC" });
    const waiting = (await boss.send("maintenance", {}, { startAfter: 3600, singletonKey: "leak-probe" }))!;
    await query(database, "insert into pgboss.archive select *, now() from pgboss.job where id = $1", [waiting]);
    await boss.subscribe("leak-probe-event", "maintenance");
    await query(database, "update pgboss.version set maintained_on = now(), cron_on = now(), monitored_on = now()");
    const queues = await query(database, "select * from pgboss.queue order by name");
    const before = await rowsByTable(database);
    // The test must have put rows where emptying has to reach, or it could not fail.
    expect(nonEmpty(before)).toEqual(
      expect.arrayContaining([
        "pgboss.job",
        "pgboss.archive",
        "pgboss.schedule",
        "pgboss.subscription",
        "public.users",
        "public.sessions",
      ]),
    );
    await t.close();

    const lease = await leaseTestDatabase("queue");
    try {
      expect(lease.database).toBe(database);
      expect(lease.reused).toBe("queue");
      const after = await rowsByTable(lease.database);
      expect(Object.keys(after)).toEqual(Object.keys(before));
      // Every table empty but pg-boss's install itself: its version row and its queues, unchanged.
      expect(nonEmpty(after)).toEqual(["pgboss.queue", "pgboss.version"]);
      expect(await query(lease.database, "select * from pgboss.queue order by name")).toEqual(queues);
      expect(await query(lease.database, "select maintained_on, cron_on, monitored_on from pgboss.version")).toEqual([
        { maintained_on: null, cron_on: null, monitored_on: null },
      ]);
    } finally {
      await lease.release();
    }

    // The next app with the queue runs on it: only the maintenance run it sends at every start is queued.
    // Its first user is again the first of a new database: the sequences started over.
    const next = await startTestApp({ jobs: {} });
    try {
      expect(databaseOf(next.app)).toBe(database);
      const jobs = await query<{ name: string; singleton_key: string | null }>(
        database,
        "select name, singleton_key from pgboss.job",
      );
      expect(jobs).toEqual([{ name: "maintenance", singleton_key: null }]);
      const again = await signUp(next.client());
      expect(again.user.id).toBe(account.user.id);
      expect(again.user.accountId).toBe(account.user.accountId);
    } finally {
      await next.close();
    }
  });

  it("lends a database whose queues a test declared without pg-boss's schema, as a plain one", async () => {
    const t = await startTestApp({
      jobs: {
        extraHandlers: {
          "probe-pool": {
            rules: { policy: "standard", retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false, expireInSeconds: 60 },
            payload: z.looseObject({}),
            run: async () => {},
          },
        },
      },
    });
    const database = databaseOf(t.app);
    await t.app.jobs!.boss.send("probe-pool", {}, { startAfter: 3600 });
    await t.close();

    const lease = await leaseTestDatabase("plain");
    try {
      expect(lease.database).toBe(database);
      expect(await query(lease.database, "select 1 from pg_namespace where nspname = 'pgboss'")).toEqual([]);
      expect(nonEmpty(await rowsByTable(lease.database))).toEqual([]);
    } finally {
      await lease.release();
    }
  });

  it("does not lend a queue database whose queue rules a test changed as a queue one", async () => {
    const t = await startTestApp({ jobs: {} });
    const database = databaseOf(t.app);
    await query(database, "update pgboss.queue set retention_minutes = 5 where name = 'maintenance'");
    await t.close();

    // pg-boss's schema went with the changed rule: the database is a plain spare now, the worker's latest.
    const lease = await leaseTestDatabase("plain");
    try {
      expect(lease.database).toBe(database);
      expect(await query(lease.database, "select 1 from pg_namespace where nspname = 'pgboss'")).toEqual([]);
    } finally {
      await lease.release();
    }
  });

  it("does not lend a database whose catalog a test changed", async () => {
    const t = await startTestApp();
    const database = databaseOf(t.app);
    await query(database, "create table public.leak_probe (id int)");
    await query(database, "insert into public.leak_probe values (1)");
    await t.close();

    const lease = await leaseTestDatabase("plain");
    try {
      expect(lease.database).not.toBe(database);
      expect(await query(lease.database, "select to_regclass('public.leak_probe') as found")).toEqual([{ found: null }]);
    } finally {
      await lease.release();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("the server's throwaway databases after their worker", () => {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const names = async () =>
    (await query<{ datname: string }>(adminUrl, "select datname from pg_database where datname like 'minutely\\_t\\_%'")).map(
      (row) => row.datname,
    );

  it("are dropped by a run's setup once their worker has ended; a running worker's are kept", async () => {
    // A process that has ended: its pid names a worker that can no longer use its spares.
    const ended = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
    const endedPid = Number(ended.stdout.trim());
    const endedWorkers = `minutely_t_${endedPid}_0dd0a1`;
    // This worker is running: a run beside this one (CI runs two) must not lose its databases.
    const running = `minutely_t_${process.pid}_0dd0a2`;
    await query(adminUrl, `create database ${endedWorkers}`);
    await query(adminUrl, `create database ${running}`);
    try {
      await dropEndedWorkersDatabases(adminUrl);
      const left = await names();
      expect(left).not.toContain(endedWorkers);
      expect(left).toContain(running);
    } finally {
      await query(adminUrl, `drop database if exists ${endedWorkers}`);
      await query(adminUrl, `drop database if exists ${running}`);
    }
  });
});
