import type { PGlite } from "@electric-sql/pglite";
import type { PgliteLease } from "../../src/server/db/client.js";
import { openDatabase } from "../../src/server/db/client.js";

/**
 * Embedded databases lent to test apps, reused within a worker. Opening one from the migrated template costs
 * about 1.2-1.8 s of CPU (unpacking the data dir into PGlite's in-memory file system, starting the engine), and
 * the API tier starts about 135 apps, which was a third of `npm test` (docs/performance.md, issue 22). When an app
 * closes, its database is emptied and kept for the next app of the worker: every table of the app's schema
 * truncated with its sequences restarted, session settings and advisory locks reset. Prepared statements stay:
 * the runners that prepared them are kept per database instance (db/pglite-prepared.ts), and emptying tables
 * does not change a plan's meaning.
 *
 * A test may change what emptying cannot undo (create a trigger, a function or a table; start the job queue,
 * whose pg-boss schema appears with it). The catalog's fingerprint, taken when the first database of the worker
 * was new, is compared before reuse: a database that differs is closed, and the next app gets a fresh one.
 */
const spares: PGlite[] = [];
let pristine: string | undefined;

/** Everything in the catalog a test could add or change, outside PostgreSQL's own schemas, in one digest. */
const FINGERPRINT = `
  select md5(coalesce(string_agg(item, ',' order by item), '')) as digest from (
    select 'n:' || nspname from pg_namespace
    union all select 'c:' || c.oid::regclass::text || ':' || c.relkind::text || ':' || c.relnatts
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
    union all select 't:' || tgrelid::regclass::text || ':' || tgname || ':' || tgenabled::text from pg_trigger
    union all select 'p:' || p.oid::regprocedure::text || ':' || md5(p.prosrc)
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname not in ('pg_catalog', 'information_schema')
    union all select 'e:' || extname from pg_extension
    union all select 'x:' || count(*) from pg_prepared_xacts
  ) as catalog(item)`;

async function fingerprint(client: PGlite): Promise<string> {
  return (await client.query<{ digest: string }>(FINGERPRINT)).rows[0]!.digest;
}

async function openFresh(template: Blob): Promise<PGlite> {
  const client = (await openDatabase({ inMemory: true, template })).pglite!;
  pristine ??= await fingerprint(client);
  return client;
}

/** Empties a database an app has closed and keeps it, or closes it when a test changed more than rows. */
async function giveBack(client: PGlite): Promise<void> {
  try {
    if ((await fingerprint(client)) !== pristine) {
      await client.close();
      return;
    }
    const tables = (
      await client.query<{ name: string }>(
        "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'",
      )
    ).rows.map((row) => row.name);
    // The audit trail refuses TRUNCATE by a trigger (append-only); emptying a test's database is not a change
    // to its history, so this session skips triggers for the one statement.
    await client.exec(
      `set session_replication_role = replica;
       truncate ${tables.join(", ")} restart identity cascade;
       reset all;
       select pg_advisory_unlock_all();`,
    );
    spares.push(client);
  } catch {
    await client.close().catch(() => undefined);
  }
}

/** An emptied database of this worker, or a new one from the template; the app gives it back when it closes. */
export async function leasePglite(template: Blob): Promise<PgliteLease> {
  const client = spares.pop() ?? (await openFresh(template));
  let released = false;
  return {
    client,
    release: async () => {
      if (released) return;
      released = true;
      await giveBack(client);
    },
  };
}
