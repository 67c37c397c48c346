import type { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { signUp } from "../helpers/factories.js";
import { leaseTestDatabase, startTestApp } from "../helpers/test-app.js";

/**
 * The worker's pool of embedded databases (tests/helpers/pglite-pool.ts) lends a database again after its app
 * closed. Nothing of one test file may reach the next: every row of the app's tables and of pg-boss's (jobs,
 * archive, schedules, subscriptions) is gone, and a database whose catalog a test changed is not lent as before.
 * The pool is PGlite's; on the PostgreSQL server each app gets a database of its own.
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);

/** Rows in every table of the app's schema and of pg-boss's, by table. */
async function rowsByTable(client: PGlite): Promise<Record<string, number>> {
  const tables = (
    await client.query<{ name: string }>(
      "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname in ('public', 'pgboss') order by 1",
    )
  ).rows.map((row) => row.name);
  const counts: Record<string, number> = {};
  for (const table of tables)
    counts[table] = (await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
  return counts;
}

const nonEmpty = (counts: Record<string, number>) => Object.keys(counts).filter((table) => counts[table]! > 0);

describe.skipIf(onServer)("a database lent again by the worker's pool", () => {
  it("comes back from an app with the job queue without a job, an archived job, a schedule, a subscription or a row", async () => {
    // An ordinary app with the queue (no cron of its own: the pool compares with such an app's database); the
    // schedule row is the test's.
    const t = await startTestApp({ jobs: {} });
    const client = t.app.database.pglite!;
    await signUp(t.client());
    const boss = t.app.jobs!.boss;
    await boss.schedule("maintenance", "0 * * * *", {}, { tz: "UTC" });
    const waiting = (await boss.send("maintenance", {}, { startAfter: 3600, singletonKey: "leak-probe" }))!;
    await client.query("insert into pgboss.archive select *, now() from pgboss.job where id = $1", [waiting]);
    await boss.subscribe("leak-probe-event", "maintenance");
    await client.exec("update pgboss.version set maintained_on = now(), cron_on = now(), monitored_on = now()");
    const queues = (await client.query("select * from pgboss.queue order by name")).rows;
    const before = await rowsByTable(client);
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
      expect(lease.client).toBe(client);
      expect(lease.reused).toBe("queue");
      const after = await rowsByTable(lease.client);
      expect(Object.keys(after)).toEqual(Object.keys(before));
      // Every table empty but pg-boss's install itself: its version row and its queues, unchanged.
      expect(nonEmpty(after)).toEqual(["pgboss.queue", "pgboss.version"]);
      expect((await lease.client.query("select * from pgboss.queue order by name")).rows).toEqual(queues);
      expect((await lease.client.query("select maintained_on, cron_on, monitored_on from pgboss.version")).rows).toEqual([
        { maintained_on: null, cron_on: null, monitored_on: null },
      ]);
    } finally {
      await lease.release();
    }

    // The next app with the queue runs on it: only the maintenance run it sends at every start is queued.
    const next = await startTestApp({ jobs: {} });
    try {
      expect(next.app.database.pglite).toBe(client);
      const jobs = await next.app.database.pglite!.query<{ name: string; singleton_key: string | null }>(
        "select name, singleton_key from pgboss.job",
      );
      expect(jobs.rows).toEqual([{ name: "maintenance", singleton_key: null }]);
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
    const client = t.app.database.pglite!;
    await t.app.jobs!.boss.send("probe-pool", {}, { startAfter: 3600 });
    await t.close();

    const lease = await leaseTestDatabase("plain");
    try {
      expect(lease.client).toBe(client);
      expect((await lease.client.query("select 1 from pg_namespace where nspname = 'pgboss'")).rows).toEqual([]);
      expect(nonEmpty(await rowsByTable(lease.client))).toEqual([]);
    } finally {
      await lease.release();
    }
  });

  it("does not lend a queue database whose queue rules a test changed as a queue one", async () => {
    const t = await startTestApp({ jobs: {} });
    const client = t.app.database.pglite!;
    await client.exec("update pgboss.queue set retention_minutes = 5 where name = 'maintenance'");
    await t.close();

    // pg-boss's schema went with the changed rule: the database is a plain spare now, the worker's latest.
    const lease = await leaseTestDatabase("plain");
    try {
      expect(lease.client).toBe(client);
      expect((await lease.client.query("select 1 from pg_namespace where nspname = 'pgboss'")).rows).toEqual([]);
    } finally {
      await lease.release();
    }
  });

  it("does not lend a database whose catalog a test changed", async () => {
    const t = await startTestApp();
    const client = t.app.database.pglite!;
    await client.exec("create table public.leak_probe (id int); insert into public.leak_probe values (1)");
    await t.close();

    const lease = await leaseTestDatabase("plain");
    try {
      expect(lease.client).not.toBe(client);
      expect((await lease.client.query("select to_regclass('public.leak_probe') as found")).rows).toEqual([{ found: null }]);
    } finally {
      await lease.release();
    }
  });
});
