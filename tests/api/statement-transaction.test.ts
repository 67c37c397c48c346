import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/client.js";
import { statementTransaction } from "../../src/server/db/statement-transaction.js";
import { openBareTestDatabase } from "../helpers/bare-database.js";

// db/statement-transaction.ts: the capture pipeline's transaction, opened on the driver with BEGIN in
// the first statement's trip and COMMIT in the last one's (db/pglite-transaction.ts,
// db/pg-batched-statement.ts). These prove it is a transaction all the same: writes seen inside, kept
// only when it commits, none kept when a statement (the last one included) or the work fails, and the
// connection usable afterwards.

let database: Database;
let dropDatabase = async () => {};

beforeAll(async () => {
  ({ database, drop: dropDatabase } = await openBareTestDatabase());
  await database.exec("create table batched_notes (id integer primary key, label text not null)");
});

afterAll(async () => {
  await database.close();
  await dropDatabase();
});

async function labels(): Promise<string[]> {
  const rows = await database.queryRows<{ label: string }>(
    { name: "test_batched_labels", text: "select label from batched_notes order by id" },
    [],
  );
  return rows.map((row) => row.label);
}

const insert = (id: number, label: string) => sql`insert into batched_notes values (${id}, ${label}) returning label`;

describe("statementTransaction", () => {
  it("commits with the statement run as the last, and answers each statement's rows", async () => {
    const answered = await statementTransaction(database.db, async (run) => {
      const [first] = await run(insert(1, "first"));
      const [seen] = await run(sql`select count(*)::int as count from batched_notes`);
      const [last] = await run(insert(2, "last"), { last: true });
      return [first?.label, seen?.count, last?.label];
    });
    expect(answered).toEqual(["first", 1, "last"]);
    expect(await labels()).toEqual(["first", "last"]);
  });

  it("commits after the work when no statement was the last", async () => {
    await statementTransaction(database.db, async (run) => {
      await run(insert(3, "no last"));
    });
    expect(await labels()).toEqual(["first", "last", "no last"]);
  });

  it("keeps nothing when a statement fails, the first, a later one or the last", async () => {
    const failFirst = statementTransaction(database.db, (run) => run(insert(1, "duplicate id")));
    await expect(failFirst).rejects.toThrow(/duplicate key|unique/);
    const failLater = statementTransaction(database.db, async (run) => {
      await run(insert(4, "written, then undone"));
      await run(sql`select 1 / 0`);
    });
    await expect(failLater).rejects.toThrow(/division by zero/);
    const failLast = statementTransaction(database.db, async (run) => {
      await run(insert(5, "written, then undone"));
      await run(insert(1, "duplicate id"), { last: true });
    });
    await expect(failLast).rejects.toThrow(/duplicate key|unique/);
    const failWork = statementTransaction(database.db, async (run) => {
      await run(insert(6, "written, then undone"));
      throw new Error("the work failed");
    });
    await expect(failWork).rejects.toThrow("the work failed");
    expect(await labels()).toEqual(["first", "last", "no last"]);
  });

  it("refuses a statement after the last one", async () => {
    const after = statementTransaction(database.db, async (run) => {
      await run(insert(7, "last"), { last: true });
      await run(insert(8, "after the last"));
    });
    await expect(after).rejects.toThrow(/after the transaction's last/);
    expect(await labels()).toEqual(["first", "last", "no last", "last"]);
  });
});
