import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { rateLimitCounters, sessions, webhookEvents } from "../../src/server/db/schema/index.js";
import type { JobDefinition, QueueRules } from "../../src/server/jobs/job-types.js";
import type { JobsOptions } from "../../src/server/jobs/job-queue.js";
import { vacuumEmbedded } from "../../src/server/jobs/vacuum-embedded-job.js";
import { buildCalls, newAccount, signUp } from "../helpers/factories.js";
import { createServerDatabase, startTestApp, type TestApp } from "../helpers/test-app.js";
import { until as waitUntil } from "../helpers/until.js";

// Background work on a loaded machine (issue 22): waits and set-ups are bounded by a generous budget
// for this file, never by how fast the machine happens to be; nothing here races a clock.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });
const until = <T>(what: string, read: () => Promise<T> | T, ok: (value: T) => boolean) => waitUntil(what, read, ok, 150_000);

/**
 * Issue 14 §1: the job queue (pg-boss on the app's database). Jobs, retries and backoff are rows in
 * the database, so they outlive the instance that sent them; several instances on one database
 * run each job once; the maintenance job prunes expired sessions and stale rate-limit counters.
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const FAST: JobsOptions = { pollingIntervalSeconds: 0.5, stopTimeoutMs: 3000 };
const RULES: QueueRules = { policy: "standard", retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false, expireInSeconds: 60 };

function probe(rules: Partial<QueueRules>, run: JobDefinition<object>["run"]): JobDefinition<object> {
  return { rules: { ...RULES, ...rules }, payload: z.looseObject({}), run };
}

type JobRow = {
  state: string;
  retry_count: number;
  retry_limit: number;
  output: { message?: string } | null;
  /** When pg-boss will next run the job (epoch ms): its retry delay is recorded here. */
  start_after_ms: number;
};

async function jobRow(t: TestApp, id: string): Promise<JobRow | undefined> {
  const result = await t.app.db.execute(
    sql`select state, retry_count, retry_limit, output, extract(epoch from start_after) * 1000 as start_after_ms
        from pgboss.job where id = ${id}
        union all select state, retry_count, retry_limit, output, extract(epoch from start_after) * 1000
        from pgboss.archive where id = ${id}`,
  );
  const row = (result as unknown as { rows: JobRow[] }).rows[0];
  return row && { ...row, start_after_ms: Number(row.start_after_ms) };
}

/**
 * The time a waiting job was due for has come: its start_after, pg-boss's own record, moved to now.
 * Jobs in these tests wait minutes or hours, so no instance can run one before the test says so,
 * however slow the machine; this is the test's clock moving on, not a sleep.
 */
async function makeDue(t: TestApp, id: string): Promise<void> {
  const moved = await t.app.db.execute(sql`update pgboss.job set start_after = now() where id = ${id} returning name`);
  // Its worker looks at once instead of at its next poll (pg-boss polls every 0.5 s at the fastest).
  for (const { name } of (moved as unknown as { rows: { name: string }[] }).rows) t.app.jobs!.wake(name);
}

/** Waits until the job failed an attempt and waits for its retry (pg-boss's state "retry"), then makes it due. */
async function retryNow(t: TestApp, id: string): Promise<void> {
  await until(
    "the job to wait for its retry",
    () => jobRow(t, id),
    (row) => row?.state === "retry",
  );
  await makeDue(t, id);
}

/** Waits until every job is completed in pg-boss: none can run again after that. */
async function untilCompleted(t: TestApp, ids: string[]): Promise<void> {
  for (const id of ids)
    await until(
      "every job to complete",
      () => jobRow(t, id),
      (row) => row?.state === "completed",
    );
}

/**
 * One database that several app starts in a describe block open in turn: PGlite, the same data dir reopened;
 * PostgreSQL, the same database. Made before the block's tests and dropped after them; call it in the block.
 */
function sameDatabaseForThisBlock() {
  let dataDir: string | null = null;
  let server: { url: string; drop: () => Promise<void> } | null = null;
  beforeAll(async () => {
    if (onServer) server = await createServerDatabase(process.env.TEST_DATABASE_URL!);
    else dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-jobs-"));
  });
  afterAll(async () => {
    await server?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return () => (server ? { databaseUrl: server.url } : { inMemoryDatabase: false, dataDir: dataDir! });
}

describe("a job sent before a restart runs after it", () => {
  const sameDatabase = sameDatabaseForThisBlock();

  // Two app starts on one database (a data dir on disk with PGlite): its own room (issue 22).
  it("keeps the job in the database and the next instance runs it", { timeout: 180_000 }, async () => {
    const ran: { instance: string; data: object }[] = [];
    const handlers = (instance: string) => ({
      "probe-restart": probe({}, async (data) => {
        ran.push({ instance, data });
      }),
    });
    const first = await startTestApp({ ...sameDatabase(), jobs: { ...FAST, extraHandlers: handlers("first") } });
    // Due in an hour: the first instance cannot run it, however slowly it closes.
    const id = await first.app.jobs!.boss.send("probe-restart", { invoice: 42 }, { startAfter: 3600 });
    expect(id).toBeTruthy();
    await first.app.close();
    expect(ran).toEqual([]);

    const second = await startTestApp({ ...sameDatabase(), jobs: { ...FAST, extraHandlers: handlers("second") } });
    try {
      // Still a row in the database after the restart; then its hour is up.
      expect(await jobRow(second, id!)).toMatchObject({ state: "created" });
      await makeDue(second, id!);
      await until(
        "the job to complete",
        () => jobRow(second, id!),
        (row) => row?.state === "completed",
      );
      expect(ran).toEqual([{ instance: "second", data: { invoice: 42 } }]);
    } finally {
      await second.app.close();
    }
  });
});

describe("queues and schedules across deploys", () => {
  const sameDatabase = sameDatabaseForThisBlock();
  const nothing = async () => {};
  const version = (rules: Partial<QueueRules>, schedule?: { cron: string; data: object }) => ({
    "probe-deploy": { ...probe(rules, nothing), ...(schedule ? { schedule } : {}) },
    "probe-steady": { ...probe({ retryLimit: 1 }, nothing), schedule: { cron: "0 3 * * *", data: { steady: true } } },
  });

  // A start reads the stored queues and schedules once and writes only what differs (jobs/job-queue.ts):
  // what a new version changes must still reach the database, and what it dropped must leave it.
  // Three app starts on one database (a data dir on disk with PGlite): 37 s at load 18, a third of the tier's 120 s,
  // so the same room as the restart test above (a safety net, issue 22 §1).
  it("gives a queue the rules and schedule of the version that started last, and drops a schedule it no longer has", {
    timeout: 180_000,
  }, async () => {
    const start = async (handlers: ReturnType<typeof version>) => {
      const t = await startTestApp({ ...sameDatabase(), jobs: { ...FAST, schedules: true, extraHandlers: handlers } });
      const queue = await t.app.jobs!.boss.getQueue("probe-deploy");
      const schedules = await t.app.jobs!.boss.getSchedules();
      await t.app.close();
      return { queue, schedules: Object.fromEntries(schedules.map((row) => [row.name, [row.cron, row.data]])) };
    };
    const first = await start(version({ retryLimit: 1, expireInSeconds: 60 }, { cron: "*/5 * * * *", data: { a: 1 } }));
    expect(first.queue).toMatchObject({ retryLimit: 1, expireInSeconds: 60 });
    expect(first.schedules["probe-deploy"]).toEqual(["*/5 * * * *", { a: 1 }]);

    const second = await start(version({ retryLimit: 4, expireInSeconds: 90 }, { cron: "*/10 * * * *", data: { a: 2 } }));
    expect(second.queue).toMatchObject({ retryLimit: 4, expireInSeconds: 90 });
    expect(second.schedules["probe-deploy"]).toEqual(["*/10 * * * *", { a: 2 }]);
    expect(second.schedules["probe-steady"]).toEqual(["0 3 * * *", { steady: true }]);

    const third = await start(version({ retryLimit: 4, expireInSeconds: 90 }));
    expect(third.queue).toMatchObject({ retryLimit: 4, expireInSeconds: 90 });
    expect(third.schedules["probe-deploy"]).toBeUndefined();
    expect(third.schedules["probe-steady"]).toEqual(["0 3 * * *", { steady: true }]);
  });
});

describe("a job still running when the server stops", () => {
  it("outlives stop()'s wait without crashing the process, stays in the database, and nothing new is queued after", async () => {
    // The job ends only when the test says so: stop()'s bounded wait runs out whatever the machine's speed.
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const t = await startTestApp({
      jobs: {
        ...FAST,
        stopTimeoutMs: 50,
        extraHandlers: {
          "probe-slow": probe({ retryLimit: 2, retryDelaySeconds: 3600 }, async () => {
            started();
            await gate;
          }),
        },
      },
    });
    const jobs = t.app.jobs!;
    const id = await jobs.send("probe-slow" as never, {} as never);
    await running;
    await jobs.stop();
    // stop() failed the job back to the queue for its retry; then it finishes: pg-boss's unawaited completion
    // must neither become an unhandled rejection (vitest fails the run on one) nor mark the job done.
    expect(await jobRow(t, id!)).toMatchObject({ state: "retry" });
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await jobRow(t, id!)).toMatchObject({ state: "retry" });
    await expect(jobs.send("probe-slow" as never, {} as never)).rejects.toThrow("The job queue is stopped");
    await t.close();
  });
});

describe("a failing job", () => {
  let t: TestApp;
  /** When each attempt of probe-flaky started (before it threw, so before pg-boss recorded the failure). */
  const attempts: number[] = [];
  /** The invoice ids probe-typed ran with. */
  const typedRuns: number[] = [];
  beforeAll(async () => {
    t = await startTestApp({
      jobs: {
        ...FAST,
        extraHandlers: {
          // Ten minutes, doubling: each retry waits until the test makes it due (makeDue).
          "probe-flaky": probe({ retryLimit: 3, retryDelaySeconds: 600, retryBackoff: true }, async () => {
            attempts.push(Date.now());
            if (attempts.length < 3) throw new Error(`gateway down (attempt ${attempts.length})`);
          }),
          // Its retry waits an hour until the test makes it due (retryNow).
          "probe-broken": probe({ retryLimit: 1, retryDelaySeconds: 3600 }, async () => {
            throw new Error("always broken");
          }),
          "probe-typed": {
            rules: RULES,
            payload: z.object({ invoiceId: z.number().int() }),
            run: async (data: { invoiceId: number }) => {
              typedRuns.push(data.invoiceId);
            },
          } satisfies JobDefinition<{ invoiceId: number }>,
        },
      },
    });
  });
  afterAll(async () => t?.close());

  it("is retried with a growing delay until it succeeds, its attempts counted in the database", async () => {
    const id = (await t.app.jobs!.send("probe-flaky", {}))!;
    // Between attempts the job waits in the database in state "retry", with the last error kept
    // (retry_count counts the retries started so far) and the time of the next attempt recorded.
    // pg-boss's backoff waits retryDelay × 2^n / 2 plus up to as much again at random: retry 1 is due
    // 600–1,200 s after the failure, retry 2 1,200–2,400 s. The failure was recorded after the attempt
    // started and before the row was read, so both bounds hold however long either took.
    const retryAfter = async (retryCount: number, message: string, seconds: [number, number]) => {
      const row = (await until(
        `retry ${retryCount + 1} to be scheduled`,
        () => jobRow(t, id),
        (r) => r?.state === "retry" && r.retry_count === retryCount,
      ))!;
      const readAt = Date.now();
      expect(row).toMatchObject({ retry_limit: 3, output: { message } });
      expect(row.start_after_ms - attempts.at(-1)!).toBeGreaterThanOrEqual(seconds[0] * 1000);
      expect(row.start_after_ms - readAt).toBeLessThanOrEqual(seconds[1] * 1000);
    };
    await retryAfter(0, "gateway down (attempt 1)", [600, 1200]);
    expect(attempts).toHaveLength(1);
    await makeDue(t, id);
    await retryAfter(1, "gateway down (attempt 2)", [1200, 2400]);
    expect(attempts).toHaveLength(2);
    await makeDue(t, id);

    const done = await until(
      "the job to complete",
      () => jobRow(t, id),
      (row) => row?.state === "completed",
    );
    expect(done).toMatchObject({ retry_count: 2 });
    expect(attempts).toHaveLength(3);
  });

  it("fails for good after its retry limit, its error kept", async () => {
    const id = (await t.app.jobs!.send("probe-broken", {}))!;
    await retryNow(t, id);
    const failed = await until(
      "the job to fail",
      () => jobRow(t, id),
      (row) => row?.state === "failed",
    );
    expect(failed).toMatchObject({ retry_count: 1, retry_limit: 1, output: { message: "always broken" } });
  });

  it("runs only on data its payload schema accepts; other data fails the job with a message saying why", async () => {
    const good = (await t.app.jobs!.send("probe-typed", { invoiceId: 7 }))!;
    const bad = (await t.app.jobs!.send("probe-typed", { invoiceId: "7" }))!;
    await untilCompleted(t, [good]);
    const refused = await until(
      "the job with the wrong data to fail",
      () => jobRow(t, bad),
      (row) => row?.state === "failed",
    );
    expect(refused?.output?.message).toMatch(
      /^The probe-typed job was not run: its data does not have the shape this version expects \(invoiceId: .+\)$/,
    );
    expect(typedRuns).toEqual([7]);
  });

  it("checks the app's own jobs against their payloads too (a job queued by an older deploy)", async () => {
    const id = (await t.app.jobs!.send("accounting.sync-run", { run: 12 }))!;
    const refused = await until(
      "the sync run with the old data shape to fail",
      () => jobRow(t, id),
      (row) => row?.output?.message !== undefined,
    );
    expect(refused?.output?.message).toMatch(/^The accounting\.sync-run job was not run: .*runId/);
  });
});

describe("a batched queue", () => {
  it("takes waiting jobs in one fetch, one per singleton key, and retries only the job that threw", async () => {
    const runs: string[] = [];
    let thrown = false;
    const t = await startTestApp({
      jobs: {
        ...FAST,
        extraHandlers: {
          "probe-batch": {
            // c's retry waits an hour until the test makes it due (retryNow).
            ...probe({ policy: "singleton", retryLimit: 2, retryDelaySeconds: 3600 }, async (data) => {
              const { key, n } = data as { key: string; n: number };
              runs.push(`${key}${n}`);
              if (key === "c" && !thrown) {
                thrown = true;
                throw new Error("c failed once");
              }
            }),
            batchSize: 10,
          },
        },
      },
    });
    try {
      // Queued in one statement without waking the worker (boss.insert directly), so the first poll
      // that sees any of them sees all of them. Jobs created together are taken in id order: the ids
      // ascend in the order listed, as separate sends would have been taken.
      const jobIds = Array.from({ length: 4 }, () => randomUUID()).sort();
      const jobs = (
        [
          ["a", 1],
          ["b", 1],
          ["c", 1],
          ["a", 2],
        ] as const
      ).map(([key, n], index) => ({ id: jobIds[index]!, name: "probe-batch", data: { key, n }, singletonKey: key }));
      await t.app.jobs!.boss.insert(jobs);
      const ids = jobs.map((job) => job.id);
      await retryNow(t, ids[2]!);
      await untilCompleted(t, ids);
      const started = async (id: string) =>
        (
          (await t.app.db.execute(
            sql`select started_on::text as at from pgboss.job where id = ${id} union all select started_on::text from pgboss.archive where id = ${id}`,
          )) as unknown as { rows: { at: string }[] }
        ).rows[0]!.at;
      // a1 and b1 were taken by one fetch (one statement, one started_on); a's second job waited
      // for the first (one per key in a batch), so it started later.
      expect(await started(ids[0]!)).toBe(await started(ids[1]!));
      expect((await started(ids[3]!)) > (await started(ids[0]!))).toBe(true);
      expect(runs.indexOf("a1")).toBeLessThan(runs.indexOf("a2"));
      // Only c ran twice (its own retry); a and b were completed by the batch's completion.
      expect(runs.filter((run) => run === "c1")).toHaveLength(2);
      expect(runs.filter((run) => run === "b1")).toHaveLength(1);
      expect((await jobRow(t, ids[2]!))?.retry_count).toBe(1);
      expect((await jobRow(t, ids[1]!))?.retry_count).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!onServer)("two instances on one database (PostgreSQL)", () => {
  let server: { url: string; drop: () => Promise<void> };
  const apps: TestApp[] = [];
  const runs: { id: string; instance: string }[] = [];
  let active = 0;
  let mostActive = 0;

  beforeAll(async () => {
    server = await createServerDatabase(process.env.TEST_DATABASE_URL!);
    for (const instance of ["a", "b"]) {
      const work = async (id: string) => {
        active += 1;
        mostActive = Math.max(mostActive, active);
        runs.push({ id, instance });
        await new Promise((resolve) => setTimeout(resolve, 150));
        active -= 1;
      };
      apps.push(
        await startTestApp({
          databaseUrl: server.url,
          jobs: {
            ...FAST,
            extraHandlers: {
              "probe-many": probe({}, async (data) => work((data as { id: string }).id)),
              "probe-one-at-a-time": probe({ policy: "singleton" }, async (data) => work((data as { id: string }).id)),
            },
          },
        }),
      );
    }
  });
  afterAll(async () => {
    for (const t of apps) await t.app.close();
    await server?.drop();
  });

  it("runs each of 30 jobs exactly once, on whichever instance took it", async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `many-${i}`);
    // Sent half from each instance.
    const jobIds = await Promise.all(ids.map((id, i) => apps[i % 2]!.app.jobs!.boss.send("probe-many", { id })));
    // Completed in pg-boss, none is fetched again: every run there will be has started.
    await untilCompleted(apps[0]!, jobIds as string[]);
    const many = runs.filter((r) => r.id.startsWith("many-"));
    expect(many.map((r) => r.id).sort()).toEqual([...ids].sort());
  });

  it("never runs two jobs of a singleton queue at once across the instances", async () => {
    active = 0;
    mostActive = 0;
    const ids = Array.from({ length: 6 }, (_, i) => `one-${i}`);
    const jobIds: string[] = [];
    for (const [i, id] of ids.entries()) jobIds.push((await apps[i % 2]!.app.jobs!.boss.send("probe-one-at-a-time", { id }))!);
    await untilCompleted(apps[0]!, jobIds);
    expect(
      runs
        .filter((r) => r.id.startsWith("one-"))
        .map((r) => r.id)
        .sort(),
    ).toEqual(ids);
    expect(mostActive).toBe(1);
  });
});

describe("the maintenance job", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ jobs: { ...FAST, schedules: true } });
  });
  afterAll(async () => t?.close());

  it("is scheduled every 15 minutes, once for the whole cluster", async () => {
    const schedules = await t.app.jobs!.boss.getSchedules();
    // Other jobs have schedules of their own (desktop.watch-meetings …): this one is maintenance's.
    expect(schedules).toEqual(expect.arrayContaining([expect.objectContaining({ name: "maintenance", cron: "*/15 * * * *" })]));
    const [queue] = (
      (await t.app.db.execute(sql`select policy, retry_limit from pgboss.queue where name = 'maintenance'`)) as unknown as {
        rows: { policy: string; retry_limit: number }[];
      }
    ).rows;
    expect(queue).toEqual({ policy: "stately", retry_limit: 3 });
  });

  it("lets pg-boss's own upkeep (expire, archive, drop old jobs) run on this database", async () => {
    const boss = t.app.jobs!.boss as unknown as { maintain: () => Promise<void>; countStates: () => Promise<{ all: number }> };
    await boss.maintain();
    expect((await boss.countStates()).all).toBeGreaterThanOrEqual(0);
  });

  it("deletes an expired session and a stale rate-limit counter, and keeps the live ones", async () => {
    const expired = t.client();
    const live = t.client();
    const expiredAccount = await signUp(expired);
    const liveAccount = await signUp(live);
    const now = Date.now();
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(now - 60_000) })
      .where(eq(sessions.userId, expiredAccount.user.id));
    await t.app.db.insert(rateLimitCounters).values([
      { key: "probe:stale", windowStart: new Date(now - 2 * 86_400_000), count: 3 },
      { key: "probe:fresh", windowStart: new Date(now - 60_000), count: 3 },
    ]);
    // Stripe retries for 3 days and resends up to 30: a claim older than 35 days goes, a recent one stays.
    await t.app.db.insert(webhookEvents).values([
      { provider: "stripe", eventId: "evt_old", receivedAt: new Date(now - 36 * 86_400_000) },
      { provider: "stripe", eventId: "evt_recent", receivedAt: new Date(now - 4 * 86_400_000) },
    ]);
    const sessionsOf = async (userId: number) =>
      (await t.app.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;
    expect(await sessionsOf(expiredAccount.user.id)).toBe(1);

    // Null when one is already waiting (the queue is "stately"): that one runs and prunes just the same.
    // Waits for a whole run that started after the rows were in, as pg-boss records it, not for one of
    // its effects: the other prunes may come later in the same run.
    const setUp = ((await t.app.db.execute(sql`select now()::text as at`)) as unknown as { rows: { at: string }[] }).rows[0]!.at;
    await t.app.jobs!.send("maintenance", {});
    const completedRunsSince = async () =>
      (
        (await t.app.db.execute(
          sql`select count(*)::int as n from (
                select state, started_on from pgboss.job where name = 'maintenance'
                union all select state, started_on from pgboss.archive where name = 'maintenance') runs
              where state = 'completed' and started_on >= ${setUp}::timestamptz`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    await until("a maintenance run started after the set-up to complete", completedRunsSince, (n) => n > 0);
    expect(await sessionsOf(expiredAccount.user.id)).toBe(0);

    expect(await sessionsOf(liveAccount.user.id)).toBe(1);
    const counters = await t.app.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
    expect(counters.map((c) => c.key)).toContain("probe:fresh");
    expect(counters.map((c) => c.key)).not.toContain("probe:stale");
    const claims = await t.app.db.select({ eventId: webhookEvents.eventId }).from(webhookEvents);
    expect(claims.map((c) => c.eventId)).toEqual(["evt_recent"]);
    expect((await expired.get("/api/auth/user")).status).toBe(401);
    expect((await live.get("/api/auth/user")).status).toBe(200);
  });
});

describe("the embedded database's VACUUM job", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ jobs: { ...FAST, schedules: true } });
  });
  afterAll(async () => t?.close());

  /** The calls table's pages, and how many of them the visibility map marks all-visible (what VACUUM sets). */
  const callsPages = async () =>
    (
      (await t.app.db.execute(
        sql`select (pg_relation_size('calls') / current_setting('block_size')::int)::int as pages, relallvisible::int as visible
            from pg_class where oid = 'calls'::regclass`,
      )) as unknown as { rows: { pages: number; visible: number }[] }
    ).rows[0]!;

  it("is scheduled hourly, never two queued", async () => {
    const schedules = await t.app.jobs!.boss.getSchedules();
    expect(schedules).toEqual(expect.arrayContaining([expect.objectContaining({ name: "vacuum-embedded", cron: "23 * * * *" })]));
    const [queue] = (
      (await t.app.db.execute(sql`select policy from pgboss.queue where name = 'vacuum-embedded'`)) as unknown as {
        rows: { policy: string }[];
      }
    ).rows;
    expect(queue).toEqual({ policy: "stately" });
  });

  it("marks the calls' pages all-visible on PGlite (index-only scans skip the table); leaves PostgreSQL to autovacuum", async () => {
    const owner = await newAccount(t);
    await buildCalls(
      owner,
      Array.from({ length: 200 }, (_, i) => ({ startedAt: new Date(Date.UTC(2026, 0, 1, 9, i)), notes: "x".repeat(100) })),
    );
    if (t.app.config.databaseUrl) {
      expect(await vacuumEmbedded(t.app.db, t.app.config)).toEqual([]);
      return;
    }
    const before = await callsPages();
    expect(before.pages).toBeGreaterThan(1);
    expect(before.visible).toBeLessThan(before.pages);
    const setUp = ((await t.app.db.execute(sql`select now()::text as at`)) as unknown as { rows: { at: string }[] }).rows[0]!.at;
    await t.app.jobs!.send("vacuum-embedded", {});
    const completedRunsSince = async () =>
      (
        (await t.app.db.execute(
          sql`select count(*)::int as n from (
                select state, started_on from pgboss.job where name = 'vacuum-embedded'
                union all select state, started_on from pgboss.archive where name = 'vacuum-embedded') runs
              where state = 'completed' and started_on >= ${setUp}::timestamptz`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    await until("a vacuum run started after the set-up to complete", completedRunsSince, (n) => n > 0);
    const after = await callsPages();
    expect(after.visible).toBe(after.pages);
  });
});
