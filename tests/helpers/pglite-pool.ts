import type { PGlite } from "@electric-sql/pglite";
import type { PgliteLease } from "../../src/server/db/client.js";
import { openDatabase } from "../../src/server/db/client.js";

/**
 * Embedded databases lent to test apps, reused within a worker. Opening one from the migrated template costs
 * about 1.2-1.8 s of CPU (unpacking the data dir into PGlite's in-memory file system, starting the engine), and
 * the API tier starts about 124 apps, which was a third of `npm test` (docs/performance.md, issue 22). When an app
 * closes, its database is emptied and kept for the next app of the worker: every table of the app's schema
 * truncated with its sequences restarted, session settings and advisory locks reset. Prepared statements stay:
 * the runners that prepared them are kept per database instance (db/pglite-prepared.ts), and emptying tables
 * does not change a plan's meaning.
 *
 * Two kinds of spare: "plain" (the migrated template's catalog) and "queue" (the same with pg-boss installed and
 * the app's queues declared, as an app with the job queue leaves it). pg-boss's install and its queues (a table
 * and five indexes each) cost an app with the queue about as much again as opening the database: a queue spare
 * skips both. Its jobs, archive, schedules and subscriptions are emptied with the app's rows, and pg-boss's
 * upkeep times cleared, as a fresh install has them.
 *
 * A test may change what emptying cannot undo (create a trigger, a function or a table; declare queues of its
 * own). The catalog's fingerprint is compared with the kind's pristine one before reuse (plain: taken when the
 * worker's first database was new; queue: right after the first app that installed the app's own queues on a
 * plain database, `notePristineQueue`). A database with the queue that differs loses pg-boss's schema and is
 * compared again as plain; one that still differs is closed, and the next app gets a fresh one.
 */
export type SpareKind = "plain" | "queue";

const spares: Record<SpareKind, PGlite[]> = { plain: [], queue: [] };
const pristine: Partial<Record<SpareKind, string>> = {};

/**
 * Everything in the catalog a test could add or change, outside PostgreSQL's own schemas, in one digest; with
 * pg-boss installed, also the rules of its queues (a later start rewrites only those the registry sets).
 */
const FINGERPRINT = `
  select md5(coalesce(string_agg(item, ',' order by item), '')) as digest from (
    select 'n:' || nspname from pg_namespace
    union all select 'c:' || c.oid::regclass::text || ':' || c.relkind::text || ':' || c.relnatts
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
    union all select 't:' || tgrelid::regclass::text || ':' || tgname || ':' || tgenabled::text from pg_trigger
      -- Not the internal triggers of foreign keys: their names carry OIDs (RI_ConstraintTrigger_a_26849), which
      -- differ in every database that installed pg-boss, so no database but the first matched the queue kind's
      -- reference (CI lent none again); the keys themselves are in pg_class and the tables' own triggers stay here.
      where not tgisinternal
    union all select 'p:' || p.oid::regprocedure::text || ':' || md5(p.prosrc)
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname not in ('pg_catalog', 'information_schema')
    union all select 'e:' || extname from pg_extension
    union all select 'x:' || count(*) from pg_prepared_xacts
  ) as catalog(item)`;

const QUEUE_RULES = `
  select md5(coalesce(string_agg(concat_ws(':', name, policy, retry_limit, retry_delay, retry_backoff, expire_seconds,
    retention_minutes, dead_letter, partition_name), ',' order by name), '')) as digest from pgboss.queue`;

async function hasQueue(client: PGlite): Promise<boolean> {
  return (await client.query("select 1 from pg_namespace where nspname = 'pgboss'")).rows.length > 0;
}

async function fingerprint(client: PGlite): Promise<string> {
  const catalog = (await client.query<{ digest: string }>(FINGERPRINT)).rows[0]!.digest;
  if (!(await hasQueue(client))) return catalog;
  return `${catalog}/${(await client.query<{ digest: string }>(QUEUE_RULES)).rows[0]!.digest}`;
}

async function openFresh(template: Blob): Promise<PGlite> {
  const client = (await openDatabase({ inMemory: true, template })).pglite!;
  pristine.plain ??= await fingerprint(client);
  return client;
}

/**
 * Records the catalog an app with the job queue leaves on a plain database (pg-boss installed, the app's own
 * queues declared) as the queue kind's pristine state. Called by startTestApp right after such an app started,
 * before the test could change anything; later calls change nothing.
 */
export async function notePristineQueue(client: PGlite): Promise<void> {
  pristine.queue ??= await fingerprint(client);
}

/**
 * Every table that holds rows: the app's, and pg-boss's jobs (the partitioned table and each queue's
 * partition), archive, schedules and subscriptions. pg-boss's version row and its queues (one per partition,
 * checked by the fingerprint) are the install itself and stay.
 */
const TABLES_TO_EMPTY = `
  select format('%I.%I', schemaname, tablename) as name from pg_tables
  where schemaname = 'public' or (schemaname = 'pgboss' and tablename not in ('version', 'queue'))`;

/** Empties a database an app has closed and keeps it, or closes it when a test changed more than rows. */
async function giveBack(client: PGlite): Promise<void> {
  try {
    let digest = await fingerprint(client);
    if (digest !== pristine.plain && digest !== pristine.queue && (await hasQueue(client))) {
      // Queues of the test's own (job-queue.test.ts's probes): without pg-boss it may still be a plain one.
      await client.exec("drop schema pgboss cascade");
      digest = await fingerprint(client);
    }
    const kind: SpareKind | undefined = digest === pristine.plain ? "plain" : digest === pristine.queue ? "queue" : undefined;
    if (!kind) {
      await client.close();
      return;
    }
    const tables = (await client.query<{ name: string }>(TABLES_TO_EMPTY)).rows.map((row) => row.name);
    // The audit trail refuses TRUNCATE by a trigger (append-only); emptying a test's database is not a change
    // to its history, so this session skips triggers for the one statement. pg-boss's upkeep times go back to
    // a fresh install's (none yet): the next app's pg-boss maintains and checks its schedules as a new one would.
    await client.exec(
      `set session_replication_role = replica;
       truncate ${tables.join(", ")} restart identity cascade;
       ${kind === "queue" ? "update pgboss.version set maintained_on = null, cron_on = null, monitored_on = null;" : ""}
       reset all;
       select pg_advisory_unlock_all();`,
    );
    spares[kind].push(client);
  } catch {
    await client.close().catch(() => undefined);
  }
}

/**
 * An emptied database of this worker, or a new one from the template; the app gives it back when it closes.
 * An app with the job queue takes a queue spare first (pg-boss already installed), then a plain one (pg-boss
 * installs itself on it); an app without it takes only plain ones.
 */
export async function leasePglite(
  template: Blob,
  kind: SpareKind = "plain",
): Promise<PgliteLease & { reused: SpareKind | null }> {
  const order: SpareKind[] = kind === "queue" ? ["queue", "plain"] : ["plain"];
  const from = order.find((candidate) => spares[candidate].length > 0);
  const client = from ? spares[from].pop()! : await openFresh(template);
  let released = false;
  return {
    client,
    reused: from ?? null,
    release: async () => {
      if (released) return;
      released = true;
      await giveBack(client);
    },
  };
}
