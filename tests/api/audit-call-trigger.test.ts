import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/server/db/client.js";
import { buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Migration 0030: the calls' audit trigger (audit_call_change) compares the columns themselves instead of the
 * generic audit_row_change's jsonb of both rows (issue 22 §3, docs/performance.md). It must write the rows the
 * generic function wrote with the arguments calls_audit had: each write below is made on a call and on a copy of
 * it in a temporary table that keeps the generic trigger, and the two audit rows are compared. Rolled back.
 */
let t: TestApp;
let a: TestAccount;
beforeAll(async () => {
  t = await startTestApp();
  a = await newAccount(t, { email: "owner@audit-call-trigger.test" });
});
afterAll(async () => t?.close());

/** The calls_audit arguments of migration 0015, before 0030 wrote them out. */
const GENERIC_ARGUMENTS =
  "'shadow call', 'account_id', 'id', 'created_at,updated_at,participants', '', 'duration_seconds,billed_seconds,amount_cents'";
const IGNORED = ["created_at", "updated_at", "participants"];

type Row = Record<string, unknown>;
const rowsOf = async (db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

class RolledBack extends Error {}

/** Runs `work` in a transaction that is always rolled back. */
async function rolledBack(work: (tx: Db) => Promise<void>): Promise<void> {
  try {
    await t.app.db.transaction(async (tx) => {
      await work(tx as unknown as Db);
      throw new RolledBack();
    });
  } catch (error) {
    if (error instanceof RolledBack) return;
    throw (error as { cause?: unknown }).cause ?? error;
  }
  throw new Error("the transaction was not rolled back");
}

describe("the calls' audit trigger (audit_call_change)", () => {
  it("writes the rows the generic audit function writes, for inserts, updates of each kind and deletes", async () => {
    const client = await buildClient(a.c, { name: "Shadow & Co" });
    await rolledBack(async (tx) => {
      const actor = JSON.stringify({ kind: "user", userId: a.userId, ip: "127.0.0.9", agent: "audit test", via: "PATCH /x" });
      await tx.execute(sql`select set_config('minutely.actor', ${actor}, true)`);
      await tx.execute(sql.raw("create temp table shadow_calls (like calls including defaults) on commit drop"));
      await tx.execute(
        sql.raw(
          `create trigger shadow_calls_audit after insert or update or delete on shadow_calls for each row execute function audit_row_change(${GENERIC_ARGUMENTS})`,
        ),
      );
      const [next] = await rowsOf(tx, sql`select nextval(pg_get_serial_sequence('calls', 'id'))::int as id`);
      const id = Number(next?.id);
      const writes = [
        `insert into TABLE (id, account_id, platform, source, external_id, started_at, participants, rate_cents, created_at, updated_at) overriding system value
          values (${id}, ${a.accountId}, 'zoom', 'zoom', 'shadow-1', '2026-03-03T09:00:00Z', '[{"email":"x@y.test"}]', 15000, now(), now())`,
        // One column; the same again (no row); only ignored columns (no row).
        "update TABLE set notes = 'first note' where id = ID",
        "update TABLE set notes = 'first note' where id = ID",
        `update TABLE set participants = '[{"email":"z@y.test"}]', updated_at = now() + interval '1 minute' where id = ID`,
        // A capture end: times, price, client; the repeated columns go beside what changed.
        `update TABLE set ended_at = '2026-03-03T09:25:00Z', duration_seconds = 1500, billed_seconds = 1500, amount_cents = 6250,
          client_id = ${client.id}, description = 'Bench meeting', user_id = ${a.userId} where id = ID`,
        // Nulls both ways, and every other column at once.
        "update TABLE set client_id = null, description = null, notes = null where id = ID",
        `update TABLE set account_id = ${a.accountId}, platform = 'teams', call_type = 'court', started_at = '2026-03-03T08:59:00Z',
          rate_cents = 20000, billing_type = 'minute', minimum_billing_minutes = 15, rounding_increment_minutes = 6,
          invoice_id = 424242, source = 'teams', external_id = 'shadow-2', is_test = true where id = ID`,
        "update TABLE set billed_seconds = 1560 where id = ID",
        "delete from TABLE where id = ID",
      ];
      for (const write of writes)
        for (const table of ["calls", "shadow_calls"])
          await tx.execute(sql.raw(write.replaceAll("TABLE", table).replaceAll("ID", String(id))));

      const audit = (entity: string) =>
        rowsOf(
          tx,
          sql`select account_id, actor_kind, actor_user_id, actor_ip, actor_agent, via, entity_id, action, before, after
            from audit_events where entity = ${entity} and entity_id = ${id} order by id`,
        );
      const written = await audit("call");
      const generic = await audit("shadow call");
      expect(written.map((row) => row.action)).toEqual([
        "created",
        "updated",
        "updated",
        "updated",
        "updated",
        "updated",
        "deleted",
      ]);
      expect(written).toEqual(generic);
      // The generic function's own reading of the rows, for the record: an end carries the repeated columns.
      expect(written[2]?.after).toEqual({
        ended_at: "2026-03-03T09:25:00+00:00",
        duration_seconds: 1500,
        billed_seconds: 1500,
        amount_cents: 6250,
        client_id: client.id,
        description: "Bench meeting",
        user_id: a.userId,
      });
    });
  });

  it("compares every column of calls that the trail does not ignore (a new column fails here until it is added)", async () => {
    const columns = (await rowsOf(
      t.app.db,
      sql`select column_name from information_schema.columns where table_schema = current_schema() and table_name = 'calls' order by ordinal_position`,
    )) as { column_name: string }[];
    const [found] = await rowsOf(t.app.db, sql`select prosrc as source from pg_proc where proname = 'audit_call_change'`);
    const source = String(found?.source);
    const compared = columns
      .map((column) => column.column_name)
      .filter((name) => source.includes(`OLD."${name}" IS DISTINCT FROM NEW."${name}"`));
    const audited = columns.map((column) => column.column_name).filter((name) => !IGNORED.includes(name));
    expect(audited.length).toBeGreaterThan(15);
    expect(compared).toEqual(audited);
  });
});
