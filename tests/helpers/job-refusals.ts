import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.js";

/**
 * A queue that refuses jobs, made real in the test database so no code of ours is replaced: a trigger on
 * pg-boss's job table raises for the job names listed in a control table. The triggers are created once per
 * database; refusing and allowing afterwards only writes rows, never DDL on pg-boss's table while its
 * workers poll it (a DROP TRIGGER there deadlocked with pg-boss on PostgreSQL and failed a test at random).
 * A sequence counts the refusals: it is not transactional, so `times` survives the rolled-back transactions
 * it fails.
 */
export type JobRefusals = {
  /**
   * Refuse the next `times` inserts of a `jobName` job (all of them without `times`), raising `message`.
   * `noCleanup` also refuses any delete from webhook_events meanwhile: a crashed process cleans nothing up.
   */
  refuse(jobName: string, options?: { times?: number; message?: string; noCleanup?: boolean }): Promise<void>;
  /** Every job queued again, deletes allowed. */
  allow(): Promise<void>;
};

const SETUP = [
  `create table if not exists minutely_test_job_refusals (
     name text primary key, times integer, message text not null, no_cleanup boolean not null default false)`,
  "create sequence if not exists minutely_test_job_refusal_count",
  `create or replace function minutely_test_refuse_job() returns trigger language plpgsql as $$
     declare refusal record;
     begin
       select times, message into refusal from minutely_test_job_refusals where name = new.name;
       if found and (refusal.times is null or nextval('minutely_test_job_refusal_count') <= refusal.times) then
         raise exception '%', refusal.message;
       end if;
       return new;
     end $$`,
  `create or replace function minutely_test_no_cleanup() returns trigger language plpgsql as $$
     begin
       if exists (select 1 from minutely_test_job_refusals where no_cleanup) then
         raise exception 'injected crash: the process is gone, nothing cleans up';
       end if;
       return null;
     end $$`,
  "create or replace trigger minutely_test_refuse_job before insert on pgboss.job for each row execute function minutely_test_refuse_job()",
  "create or replace trigger minutely_test_no_cleanup before delete on webhook_events for each statement execute function minutely_test_no_cleanup()",
];

/** PostgreSQL's "deadlock detected": the other side (a pg-boss poll) went on; ours is tried again. */
function isDeadlock(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return code(error) === "40P01" || code((error as { cause?: unknown } | null)?.cause) === "40P01";
}

async function executeRetryingDeadlocks(db: Db, statement: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.execute(sql.raw(statement));
      return;
    } catch (error) {
      if (!isDeadlock(error) || attempt === 5) throw error;
    }
  }
}

/** Installs the triggers (once per database; again is harmless) and answers the controls. */
export async function installJobRefusals(db: Db): Promise<JobRefusals> {
  for (const statement of SETUP) await executeRetryingDeadlocks(db, statement);
  const allow = async () => {
    await db.execute(sql`delete from minutely_test_job_refusals`);
  };
  return {
    allow,
    async refuse(jobName, options = {}) {
      await allow();
      await db.execute(sql`select setval('minutely_test_job_refusal_count', 1, false)`);
      await db.execute(sql`insert into minutely_test_job_refusals (name, times, message, no_cleanup)
        values (${jobName}, ${options.times ?? null}, ${options.message ?? "the queue refused the job (test)"}, ${options.noCleanup ?? false})`);
    },
  };
}
