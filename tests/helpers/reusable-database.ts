/**
 * How a test database an app has closed is made ready for the worker's next app, on PGlite (pglite-pool.ts) and
 * on the PostgreSQL server (server-database-pool.ts) alike: every row of the app's tables and of pg-boss's
 * deleted, the sequences set back to their start, and the catalog compared with a pristine one, so a database a
 * test changed beyond its rows is never lent again.
 *
 * Rows are deleted, not truncated: TRUNCATE gives each table and index a new file, and emptying the schema's 37
 * tables that way cost 108-157 ms of CPU on PGlite and 441 ms of the server's, against 11 ms and 23 ms for
 * DELETE (docs/performance.md, "A test database lent again"). On the server, copying the template and dropping
 * the copy cost 840 ms of its CPU an app. What a fresh database has, an emptied one has too: no row, each
 * sequence's next value its first, no job, schedule or subscription, pg-boss's upkeep never run.
 */
export type SpareKind = "plain" | "queue";

/** The two things emptying needs of a connection; PGlite and node-postgres both have them (a row list, a script). */
export type SqlSession = {
  rows: <T>(sql: string) => Promise<T[]>;
  exec: (sql: string) => Promise<void>;
};

/** The catalog digests an emptied database must match to be lent as each kind. */
export type PristineCatalogs = Partial<Record<SpareKind, string>>;

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

/**
 * Every table that holds rows: the app's, and pg-boss's jobs (the partitioned table and each queue's
 * partition), archive, schedules and subscriptions. pg-boss's version row and its queues (one per partition,
 * checked by the fingerprint) are the install itself and stay. A partition is emptied through its parent.
 */
const TABLES_TO_EMPTY = `
  select format('%I.%I', t.schemaname, t.tablename) as name from pg_tables t
  where (t.schemaname = 'public' or (t.schemaname = 'pgboss' and t.tablename not in ('version', 'queue')))
    and not exists (select 1 from pg_inherits i where i.inhrelid = format('%I.%I', t.schemaname, t.tablename)::regclass)`;

/** Each sequence of the app's schema and pg-boss's back to its first value (what RESTART IDENTITY did). */
const RESTART_SEQUENCES = `
  select setval(format('%I.%I', schemaname, sequencename)::regclass, start_value, false)
  from pg_sequences where schemaname in ('public', 'pgboss')`;

async function hasQueue(session: SqlSession): Promise<boolean> {
  return (await session.rows("select 1 from pg_namespace where nspname = 'pgboss'")).length > 0;
}

/** The catalog's digest, with the queue rules' when pg-boss is installed. */
export async function catalogFingerprint(session: SqlSession): Promise<string> {
  const [catalog] = await session.rows<{ digest: string }>(FINGERPRINT);
  if (!(await hasQueue(session))) return catalog!.digest;
  const [rules] = await session.rows<{ digest: string }>(QUEUE_RULES);
  return `${catalog!.digest}/${rules!.digest}`;
}

/**
 * Empties a database an app has closed and says which kind it can be lent again as, or undefined when a test
 * changed more than rows (the caller closes or drops it). A database with queues of a test's own loses pg-boss's
 * schema and is compared again as plain.
 */
export async function emptyForReuse(session: SqlSession, pristine: PristineCatalogs): Promise<SpareKind | undefined> {
  let digest = await catalogFingerprint(session);
  if (digest !== pristine.plain && digest !== pristine.queue && (await hasQueue(session))) {
    await session.exec("drop schema pgboss cascade");
    digest = await catalogFingerprint(session);
  }
  const kind: SpareKind | undefined = digest === pristine.plain ? "plain" : digest === pristine.queue ? "queue" : undefined;
  if (!kind) return undefined;
  const tables = (await session.rows<{ name: string }>(TABLES_TO_EMPTY)).map((row) => row.name);
  // The audit trail refuses DELETE by a trigger (append-only); emptying a test's database is not a change to its
  // history, so this session skips triggers (and with them the foreign keys' checks: every table is emptied) for
  // the script. pg-boss's upkeep times go back to a fresh install's (none yet): the next app's pg-boss maintains
  // and checks its schedules as a new one would. Session state and advisory locks matter where the database is
  // one connection kept open between apps (PGlite).
  await session.exec(
    `set session_replication_role = replica;
     ${tables.map((table) => `delete from ${table};`).join("\n")}
     ${RESTART_SEQUENCES};
     ${kind === "queue" ? "update pgboss.version set maintained_on = null, cron_on = null, monitored_on = null;" : ""}
     reset all;
     select pg_advisory_unlock_all();`,
  );
  return kind;
}

/**
 * The worker's spare an app of `kind` takes, and which kind it was: an app with the job queue takes a queue spare
 * first (pg-boss already installed), then a plain one (pg-boss installs itself on it); an app without it only a
 * plain one. None: the caller makes a fresh database.
 */
export function takeSpare<T>(spares: Record<SpareKind, T[]>, kind: SpareKind): { spare: T; from: SpareKind } | undefined {
  const order: SpareKind[] = kind === "queue" ? ["queue", "plain"] : ["plain"];
  const from = order.find((candidate) => spares[candidate].length > 0);
  return from ? { spare: spares[from].pop()!, from } : undefined;
}
