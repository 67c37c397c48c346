import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.js";

/**
 * Simulates a process dying between claiming a webhook event and queueing its job (issue 23 defect
 * 13), in the database itself so no code of ours is replaced: the next `times` inserts of a `jobName`
 * job into pg-boss's table fail, and while installed nothing may delete a claim from webhook_events
 * (a crashed process runs no clean-up). A sequence counts the failures: it is not transactional, so
 * the count survives the rolled-back transactions it fails. `remove()` drops it all.
 */
export async function injectCrashBeforeQueueing(db: Db, jobName: string, times: number): Promise<{ remove: () => Promise<void> }> {
  await db.execute(sql.raw("create sequence if not exists injected_queue_crashes"));
  await db.execute(
    sql.raw(`create or replace function inject_queue_crash() returns trigger language plpgsql as $$
      begin
        if new.name = '${jobName.replace(/'/g, "''")}' and nextval('injected_queue_crashes') <= ${Number(times)} then
          raise exception 'injected crash between claim and queue';
        end if;
        return new;
      end $$`),
  );
  await db.execute(
    sql.raw(`create or replace function inject_no_cleanup() returns trigger language plpgsql as $$
      begin raise exception 'injected crash: the process is gone, nothing cleans up'; end $$`),
  );
  await db.execute(sql.raw("create trigger inject_queue_crash before insert on pgboss.job for each row execute function inject_queue_crash()"));
  await db.execute(
    sql.raw("create trigger inject_no_cleanup before delete on webhook_events for each statement execute function inject_no_cleanup()"),
  );
  return {
    remove: async () => {
      await db.execute(sql.raw("drop trigger if exists inject_queue_crash on pgboss.job"));
      await db.execute(sql.raw("drop trigger if exists inject_no_cleanup on webhook_events"));
      await db.execute(sql.raw("drop sequence if exists injected_queue_crashes"));
    },
  };
}
