import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Statement } from "../../src/server/db/client.js";
import type pg from "pg";
import { runWithCommands } from "../../src/server/db/pg-batched-statement.js";
import { onRawAnswerNotification } from "../../src/server/db/pglite-notifications.js";
import { statementRunner } from "../../src/server/db/transaction-statements.js";
import { openBareTestDatabase } from "../helpers/bare-database.js";

// Database.queryRows: statements prepared once and run on the driver (the client log's hot read).
// On PGlite (db/pglite-prepared.ts) it speaks the wire protocol itself, so these prove it behaves
// like an ordinary query: typed rows, errors that leave the session usable, and no reading of
// another caller's uncommitted writes.

const adminUrl = process.env.TEST_DATABASE_URL;
let database: Database;
let dropDatabase = async () => {};

beforeAll(async () => {
  ({ database, drop: dropDatabase } = await openBareTestDatabase());
  await database.exec(`create table prepared_notes (id integer primary key, label text not null, at timestamptz not null);
    insert into prepared_notes values (1, 'first', '2026-01-02T03:04:05Z'), (2, 'second', '2026-02-03T04:05:06Z'), (3, 'third', '2026-03-04T05:06:07Z');`);
});

afterAll(async () => {
  await database.close();
  await dropDatabase();
});

type Note = { id: number; label: string; at: Date };
const notesFrom: Statement = {
  name: "test_notes_from",
  text: "select id, label, at from prepared_notes where id >= $1 order by id",
};
const noteCount: Statement = {
  name: "test_note_count",
  text: "select count(*)::int as count from prepared_notes where label like $1",
};

describe("Database.queryRows", () => {
  it("answers typed rows that follow the parameters, run after run", async () => {
    const all = await database.queryRows<Note>(notesFrom, [1]);
    expect(all.map((note) => note.label)).toEqual(["first", "second", "third"]);
    expect(all[0]?.id).toBe(1);
    expect(all[0]?.at).toEqual(new Date("2026-01-02T03:04:05Z"));
    const later = await database.queryRows<Note>(notesFrom, [3]);
    expect(later.map((note) => note.id)).toEqual([3]);
    expect(await database.queryRows<Note>(notesFrom, [9])).toEqual([]);
  });

  it("rejects with the database's error and keeps working afterwards", async () => {
    await expect(database.queryRows(notesFrom, ["not a number"])).rejects.toThrow(/invalid input syntax for type integer/);
    await expect(database.queryRows({ name: "test_broken", text: "select nothing from nowhere" }, [])).rejects.toThrow(/nowhere/);
    expect((await database.queryRows<Note>(notesFrom, [2])).map((note) => note.id)).toEqual([2, 3]);
  });

  it("answers a later run's rows exactly as the first run's: types, nulls, json and text beyond ASCII", async () => {
    const everyKind: Statement = {
      name: "test_every_kind",
      text: `select $1::int as n, null::text as nothing, '{"a":[1,"b"]}'::jsonb as doc, true as yes,
        $2::text as words, 12345678901::bigint as big, '2026-01-02T03:04:05Z'::timestamptz as at`,
    };
    const words = "Müller – Zürich €5 𝄞";
    const first = await database.queryRows<Record<string, unknown>>(everyKind, [7, words]);
    const later = await database.queryRows<Record<string, unknown>>(everyKind, [7, words]);
    expect(later).toEqual(first);
    expect(later).toEqual([
      { n: 7, nothing: null, doc: { a: [1, "b"] }, yes: true, words, big: first[0]?.big, at: new Date("2026-01-02T03:04:05Z") },
    ]);
    expect(Number(later[0]?.big)).toBe(12345678901);
  });

  it("rejects a later run with the database's own error: its SQLSTATE and constraint, as the error handler reads them", async () => {
    const insertNote: Statement = {
      name: "test_insert_note",
      text: "insert into prepared_notes values ($1, 'dup', now()) returning id",
    };
    await database.exec("delete from prepared_notes where id in (40, 41)");
    expect(await database.queryRows(insertNote, [40])).toEqual([{ id: 40 }]);
    expect(await database.queryRows(insertNote, [41])).toEqual([{ id: 41 }]);
    const error = await database.queryRows(insertNote, [40]).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "23505", constraint: "prepared_notes_pkey" });
    expect((error as Error).message).toMatch(/duplicate key value violates unique constraint "prepared_notes_pkey"/);
    await database.exec("delete from prepared_notes where id in (40, 41)");
  });

  it("still runs a statement whose very first run failed on a bad parameter", async () => {
    const plusOne: Statement = { name: "test_plus_one", text: "select $1::int + 1 as n" };
    await expect(database.queryRows(plusOne, ["x"])).rejects.toThrow(/invalid input syntax for type integer/);
    expect(await database.queryRows<{ n: number }>(plusOne, [2])).toEqual([{ n: 3 }]);
  });

  it("never sees another caller's uncommitted writes", async () => {
    let releaseTransaction = () => {};
    const transactionMayEnd = new Promise<void>((resolve) => {
      releaseTransaction = resolve;
    });
    let inserted = () => {};
    const rowInserted = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into prepared_notes values (4, 'uncommitted', now())`);
        inserted();
        await transactionMayEnd;
        throw new Error("roll back");
      })
      .catch((error: Error) => error.message);

    await rowInserted;
    const countWhileOpen = database.queryRows<{ count: number }>(noteCount, ["uncommitted"]);
    // Let the read run (or queue) while the transaction is still open, then roll it back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    releaseTransaction();
    expect(await transaction).toBe("roll back");
    expect(await countWhileOpen).toEqual([{ count: 0 }]);
    expect(await database.queryRows<{ count: number }>(noteCount, ["%"])).toEqual([{ count: 3 }]);
  });
});

describe("named statements on node-postgres (db/pg-batched-statement.ts)", () => {
  // After a statement's first run on a connection, its runs there send no Describe and read their rows with the
  // columns that first run described: the answers must stay exactly those of a described run.
  type Wire = { describe: (...args: unknown[]) => void };

  async function onOneConnection<T>(work: (connection: pg.PoolClient, describes: () => number) => Promise<T>): Promise<T> {
    const connection = await database.pool!.connect();
    const wire = (connection as unknown as { connection: Wire }).connection;
    const describe = wire.describe;
    let count = 0;
    wire.describe = (...args) => {
      count += 1;
      describe.apply(wire, args);
    };
    try {
      return await work(connection, () => count);
    } finally {
      wire.describe = describe;
      connection.release();
    }
  }

  const notesAfter = {
    name: "test_pg_notes_after",
    text: "select id, label, at, null::int as nothing from prepared_notes where id > $1 order by id",
  };

  it.skipIf(adminUrl === undefined)("describes a statement once per connection, and answers later runs alike", async () => {
    await onOneConnection(async (connection, describes) => {
      const first = await runWithCommands(connection, { ...notesAfter, values: [1] });
      const later = await runWithCommands(connection, { ...notesAfter, values: [1] });
      const fewer = await runWithCommands(connection, { ...notesAfter, values: [2] });
      expect(describes()).toBe(1);
      expect(later).toEqual(first);
      expect(first).toEqual([
        { id: 2, label: "second", at: new Date("2026-02-03T04:05:06Z"), nothing: null },
        { id: 3, label: "third", at: new Date("2026-03-04T05:06:07Z"), nothing: null },
      ]);
      expect(Object.keys(later[0] ?? {})).toEqual(["id", "label", "at", "nothing"]);
      expect(fewer.map((row) => row.id)).toEqual([3]);
    });
  });

  it.skipIf(adminUrl === undefined)("answers the statement's rows, not the BEGIN's or COMMIT's, when they share its trip", async () => {
    await onOneConnection(async (connection, describes) => {
      const before = describes();
      await runWithCommands(connection, { ...notesAfter, values: [0] });
      const inTransaction = await runWithCommands(connection, { ...notesAfter, values: [2] }, { before: "begin", after: "commit" });
      expect(inTransaction.map((row) => row.label)).toEqual(["third"]);
      const none = await runWithCommands(connection, { ...notesAfter, values: [9] }, { before: "begin", after: "commit" });
      expect(none).toEqual([]);
      expect(describes() - before).toBeLessThanOrEqual(1);
    });
  });

  it.skipIf(adminUrl === undefined)("rejects a later run with the database's error and keeps the connection usable", async () => {
    await onOneConnection(async (connection) => {
      await runWithCommands(connection, { ...notesAfter, values: [0] });
      await expect(runWithCommands(connection, { ...notesAfter, values: ["x"] })).rejects.toThrow(/invalid input syntax for type integer/);
      await expect(
        runWithCommands(connection, { ...notesAfter, values: ["x"] }, { before: "begin", after: "commit" }),
      ).rejects.toThrow(/invalid input syntax for type integer/);
      await connection.query("rollback");
      expect((await runWithCommands(connection, { ...notesAfter, values: [2] })).map((row) => row.id)).toEqual([3]);
    });
  });
});

describe("PGlite's private API, as db/pglite-prepared.ts uses it", () => {
  // The one runner of named statements on PGlite leans on members PGlite does not document: its two
  // locks, execProtocol with syncToFs and the type parsers. A PGlite upgrade that renames or changes
  // them fails here, not as a hang or a wrong answer in the capture pipeline.
  it.skipIf(adminUrl !== undefined)("still has the members the runner calls", () => {
    const client = database.pglite! as unknown as Record<string, unknown>;
    for (const member of ["_runExclusiveTransaction", "_runExclusiveQuery", "execProtocol", "execProtocolRawStream"])
      expect(typeof client[member], member).toBe("function");
    expect(client.parsers).toBeTypeOf("object");
  });

  // A statement's later runs are read from the protocol bytes (db/pglite-raw-answer.ts), which PGlite's listen()
  // never sees: a NOTIFY they commit reaches db/pglite-notifications.ts's listeners instead, once.
  it.skipIf(adminUrl !== undefined)("hands every NOTIFY a prepared statement commits to a listener exactly once", async () => {
    const client = database.pglite!;
    const heard: string[] = [];
    const stopRaw = onRawAnswerNotification(client, ({ channel, payload }) => {
      if (channel === "prepared_test") heard.push(payload);
    });
    const unlisten = await client.listen("prepared_test", (payload) => heard.push(payload));
    const notify: Statement = { name: "test_notify", text: "select pg_notify('prepared_test', $1) as sent" };
    for (const payload of ["first run", "second run", "third run"]) await database.queryRows(notify, [payload]);
    await expect.poll(() => heard.length, { message: "every notification heard" }).toBe(3);
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual(["first run", "second run", "third run"]);
    stopRaw();
    await unlisten();
  });

  it("runs a transaction's own statements prepared: they see its uncommitted writes and roll back with it", async () => {
    const seen = await database.db
      .transaction(async (tx) => {
        const run = statementRunner(database.db, tx);
        await run(sql`insert into prepared_notes values (5, 'in the transaction', now())`);
        const rows = await run(sql`select label from prepared_notes where id = ${5}`);
        const again = await run(sql`select label from prepared_notes where id = ${5}`);
        throw new Error(JSON.stringify([...rows, ...again].map((row) => row.label)));
      })
      .catch((error: Error) => error.message);
    expect(JSON.parse(seen)).toEqual(["in the transaction", "in the transaction"]);
    expect(await database.queryRows<{ count: number }>(noteCount, ["in the transaction"])).toEqual([{ count: 0 }]);
  });
});
