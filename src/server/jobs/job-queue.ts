import PgBoss from "pg-boss";
import { runAsJob } from "../audit/audit-actor.js";
import type { Database } from "../db/client.js";
import type { JobContext, JobDefinition, JobRegistry, JobSend } from "./job-types.js";
import type { JobsOptions } from "./queue-options.js";

export type { JobsOptions };

export type SendOptions = Pick<PgBoss.SendOptions, "startAfter" | "singletonKey" | "priority" | "id">;

/**
 * pg-boss's only door to the database: the app's own connection (PGlite) or pool (PostgreSQL), so
 * the queue needs no second pool and sees the same data. Statements with no parameters may be
 * several (pg-boss's install and migrations, `BEGIN; … COMMIT;` blocks) and go through the simple
 * protocol; the others are one statement each. Counts what is in flight so stop() can wait for
 * it before the database closes.
 */
function queueDb(database: Database) {
  let inFlight = 0;
  let closed = false;
  let drained: (() => void) | null = null;

  async function run(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
    const params = values && values.length > 0 ? (values as never[]) : null;
    if (database.pglite) {
      const client = database.pglite;
      if (params) return client.query(text, params);
      try {
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      } catch (error) {
        // A failed `BEGIN; …` block leaves the one shared connection inside an aborted transaction.
        await client.exec("rollback").catch(() => {});
        throw error;
      }
    }
    const result = params ? await database.pool!.query(text, params) : await database.pool!.query(text);
    return Array.isArray(result) ? (result[result.length - 1] ?? { rows: [] }) : result;
  }

  return {
    async executeSql(text: string, values?: unknown[]) {
      // pg-boss completes or fails a finished job without awaiting it (manager.js `onFetch`), so a job that
      // outran stop()'s wait would turn a refusal here into an unhandled rejection, which ends a Node process.
      // Its statement is dropped instead (no result: pg-boss counts 0 rows affected). stop() has already
      // failed that job back to the queue for a retry; new work cannot get here, as send() refuses after stop().
      if (closed) return undefined as never;
      inFlight += 1;
      try {
        return await run(text, values);
      } finally {
        inFlight -= 1;
        if (inFlight === 0) drained?.();
      }
    },
    /** Refuses new statements and waits (at most timeoutMs) for those under way. */
    async close(timeoutMs: number) {
      closed = true;
      if (inFlight === 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        drained = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
  };
}

/**
 * The app's job queue: pg-boss on the app's database (PGlite or PostgreSQL), its tables in the
 * `pgboss` schema, installed and migrated by pg-boss itself at start. Jobs, their retries and
 * backoff live in the database, so they survive a restart; workers take jobs with
 * `FOR UPDATE SKIP LOCKED`, so with several instances on one database each job runs once, and
 * schedules (cron) are sent once per tick for the whole cluster.
 */
export class JobQueue {
  readonly boss: PgBoss;
  readonly #db: ReturnType<typeof queueDb>;
  readonly #stopTimeoutMs: number;
  readonly #workerIds = new Map<string, string>();
  readonly #pendingWakes = new Map<string, NodeJS.Timeout>();
  #stopped = false;

  readonly #registry: JobRegistry;
  readonly #context: JobContext;
  #pollingIntervalSeconds = 2;
  #workersStarted = false;

  private constructor(
    boss: PgBoss,
    db: ReturnType<typeof queueDb>,
    stopTimeoutMs: number,
    registry: JobRegistry,
    context: JobContext,
  ) {
    this.boss = boss;
    this.#db = db;
    this.#stopTimeoutMs = stopTimeoutMs;
    this.#registry = registry;
    this.#context = context;
  }

  /**
   * Starts the queue with every job of `registry` (jobs/registry.ts, handed in by the composition
   * root: this module imports no feature): pg-boss installed or migrated, each queue and schedule as
   * the registry says. No worker takes jobs until startWorkers(): the app starts them once its routes
   * are registered, so their first polls do not compete with the start for the one PGlite thread.
   */
  static async start(
    database: Database,
    baseContext: Omit<JobContext, "send">,
    registry: JobRegistry,
    options: JobsOptions = {},
  ): Promise<JobQueue> {
    const db = queueDb(database);
    const boss = new PgBoss({ db, schedule: true, supervise: true, migrate: true });
    boss.on("error", (error) => baseContext.log.warn({ err: error }, "job queue: %s", error.message));
    await boss.start();
    const queue: JobQueue = new JobQueue(boss, db, options.stopTimeoutMs ?? 10_000, registry, {
      ...baseContext,
      send: (name, data, sendOptions): Promise<string | null> => queue.#sendAndWake(name, data, sendOptions ?? {}),
    });
    await declareQueues(boss, registry, options.schedules !== false);
    queue.#pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    return queue;
  }

  /** Starts one worker per queue of the registry (once; later calls change nothing). */
  async startWorkers(): Promise<void> {
    if (this.#workersStarted || this.#stopped) return;
    this.#workersStarted = true;
    const pollingIntervalSeconds = this.#pollingIntervalSeconds;
    const context = this.#context;
    for (const [name, definition] of Object.entries(this.#registry)) {
      const batchSize = definition.batchSize ?? 1;
      const workerId = await this.boss.work<object>(name, { pollingIntervalSeconds, batchSize }, async (jobs) => {
        if (jobs.length === 1) await runAsJob(name, () => runChecked(name, definition, jobs[0]!.data, context));
        else {
          // pg-boss fails a whole batch when its handler throws: fail only the job that threw (its
          // own retry), and the completion that follows skips it (it completes active jobs only).
          for (const job of jobs) {
            try {
              await runAsJob(name, () => runChecked(name, definition, job.data, context));
            } catch (error) {
              await this.boss.fail(name, job.id, { message: (error as Error).message });
            }
          }
        }
        // A worker that found a job asks again at once instead of sleeping a polling interval:
        // a backlog drains at the speed of its jobs, not one job per interval.
        if (jobs.length > 0) this.boss.notifyWorker(workerId);
      });
      this.#workerIds.set(name, workerId);
    }
  }

  /**
   * Queues a job; the id, or null when the queue's policy refused it (one already waiting). The
   * data is checked against the job's payload schema when the job comes out of the queue.
   */
  send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    return this.#sendAndWake(name, data, options);
  }

  /**
   * Wakes this instance's worker of `name` so a job queued for now starts at once rather than at
   * the worker's next poll (up to 2 s later). Other instances still find it by polling. Callers
   * that queued inside their own transaction call it after the commit.
   */
  wake(name: string): void {
    const workerId = this.#workerIds.get(name);
    if (workerId) this.boss.notifyWorker(workerId);
  }

  /**
   * Wakes this instance's worker of `name` once, `delayMs` from the first call: under a burst, the
   * jobs queued meanwhile are taken by one fetch (a batch) instead of a fetch each. Only a hint:
   * the jobs are in the database, and any instance's poll finds them without it.
   */
  wakeSoon(name: string, delayMs: number): void {
    if (this.#pendingWakes.has(name)) return;
    const timer = setTimeout(() => {
      this.#pendingWakes.delete(name);
      this.wake(name);
    }, delayMs);
    timer.unref();
    this.#pendingWakes.set(name, timer);
  }

  async #sendAndWake(name: string, data: object, options: SendOptions): Promise<string | null> {
    if (this.#stopped) throw new Error("The job queue is stopped");
    const id = await this.boss.send(name, data, options);
    if (id && options.startAfter === undefined) this.wake(name);
    return id;
  }

  /** Stops taking jobs, waits (bounded) for running ones, then lets the database close. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const timer of this.#pendingWakes.values()) clearTimeout(timer);
    this.#pendingWakes.clear();
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: this.#stopTimeoutMs });
    await this.#db.close(this.#stopTimeoutMs);
  }
}

/**
 * Makes pg-boss's queues and schedules what the registry says, from one read of each: a queue is
 * created when missing and updated only when a rule differs, a schedule written only when it differs
 * or removed when present. Most starts change nothing, and writing every queue and schedule again was
 * about a hundred statements of each start (docs/performance.md, issue 22 §3). Both writes are
 * idempotent; two instances starting together may race on them harmlessly.
 */
async function declareQueues(boss: PgBoss, registry: JobRegistry, withSchedules: boolean): Promise<void> {
  const queues = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
  // pg-boss returns the whole row (`SELECT *`); its type leaves out the time zone column.
  const schedules = new Map(
    ((await boss.getSchedules()) as StoredSchedule[]).map((schedule) => [schedule.name, schedule]),
  );
  for (const [name, definition] of Object.entries(registry)) {
    const { policy, retryLimit, retryDelaySeconds, retryBackoff, expireInSeconds } = definition.rules;
    const rules = { name, policy, retryLimit, retryDelay: retryDelaySeconds, retryBackoff, expireInSeconds };
    const stored = queues.get(name);
    if (!stored) await boss.createQueue(name, rules);
    if (!stored || !sameRules(stored, rules)) await boss.updateQueue(name, rules);
    const schedule = withSchedules ? definition.schedule : undefined;
    const storedSchedule = schedules.get(name);
    if (schedule && !sameSchedule(storedSchedule, schedule.cron, schedule.data ?? {}))
      await boss.schedule(name, schedule.cron, schedule.data, { tz: "UTC" });
    else if (!schedule && storedSchedule) await boss.unschedule(name);
  }
}

/** Every rule the registry sets (the ones it leaves unset keep pg-boss's value) equals the stored one. */
function sameRules(stored: PgBoss.QueueResult, rules: Record<string, unknown>): boolean {
  const row = stored as unknown as Record<string, unknown>;
  return Object.entries(rules).every(([key, value]) => value === undefined || row[key] === value);
}

type StoredSchedule = PgBoss.Schedule & { timezone: string };

function sameSchedule(stored: StoredSchedule | undefined, cron: string, data: object): boolean {
  return (
    stored !== undefined &&
    stored.cron === cron &&
    stored.timezone === "UTC" &&
    JSON.stringify(stored.data ?? {}) === JSON.stringify(data)
  );
}

/** The app queue's send as a JobSend (routes hand it to services), or null when this server runs no queue. */
export function sendOf(jobs: JobQueue | null | undefined): JobSend | null {
  if (!jobs) return null;
  return (name, data, options) => jobs.send(name, data, options ?? {});
}

/**
 * Runs one job on data its payload schema accepts. Data it refuses (a job queued by an older deploy
 * with another shape, or by a caller that sent the wrong one) fails the job with the schema's words
 * and the handler never runs: pg-boss keeps the message as the job's output.
 */
async function runChecked(name: string, definition: JobDefinition<object>, data: unknown, context: JobContext): Promise<void> {
  const checked = definition.payload.safeParse(data);
  if (!checked.success) throw new JobPayloadRefused(name, checked.error.issues);
  await definition.run(checked.data, context);
}

export class JobPayloadRefused extends Error {
  constructor(name: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
    const details = issues.map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "data"}: ${issue.message}`);
    super(`The ${name} job was not run: its data does not have the shape this version expects (${details.join("; ")})`);
    this.name = "JobPayloadRefused";
  }
}
