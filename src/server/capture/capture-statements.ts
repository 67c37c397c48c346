import { PGlite, parse, protocol } from "@electric-sql/pglite";
import { type Column, getTableColumns, type SQL, type Table } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Db } from "../db/client.js";

/** Runs one statement of the capture transaction and answers its rows (driver values: Date or text, json parsed or text). */
export type RunStatement = (query: SQL) => Promise<Record<string, unknown>[]>;

const dialect = new PgDialect();

/**
 * A table's columns selected under prefixed names, and the row read back with the columns' own
 * mapping (dates, json): a raw statement can then return whole typed rows of two tables at once.
 */
export function prefixedColumns<T extends Table>(table: T, alias: string, prefix: string) {
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
  const list = columns.map(([key, column]) => `${alias}."${column.name}" as "${prefix}${key}"`).join(", ");
  return {
    list,
    read(raw: Record<string, unknown>): T["$inferSelect"] | null {
      return readColumns(columns, raw, (key) => `${prefix}${key}`);
    },
    /** A row as `returning *` gives it: under the columns' own names. */
    readReturned(raw: Record<string, unknown>): T["$inferSelect"] | null {
      return readColumns(columns, raw, (_key, column) => column.name);
    },
  };
}

function readColumns(columns: [string, Column][], raw: Record<string, unknown>, keyOf: (key: string, column: Column) => string) {
  const [, idColumn] = columns.find(([key]) => key === "id") ?? [];
  if (idColumn && raw[keyOf("id", idColumn)] == null) return null;
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = raw[keyOf(key, column)];
    row[key] = value == null ? null : column.mapFromDriverValue(value);
  }
  return row as never;
}

/**
 * The capture pipeline's own statements as named prepared statements, inside its transaction: the
 * event's opening statement is parsed and planned once per PGlite instance or PostgreSQL connection,
 * not at every delivery (on PGlite 1.10 → 0.26 ms for that statement; its `query()` parses and plans
 * at every call, in several trips into WebAssembly). Each distinct SQL text gets a name; statements
 * whose text varies without bound (matching's, one `in` list per participant) stop being named after
 * MAX_NAMED texts and run as ordinary queries.
 *
 * `db` is the database the transaction `tx` was opened on. On PGlite the statement runs under
 * PGlite's query lock only, as the transaction's own queries do (the transaction holds the other
 * lock: db/pglite-prepared.ts); on node-postgres on the transaction's connection. Anything else
 * (a nested transaction, another driver) runs `tx.execute`.
 */
export function statementRunner(db: Db, tx: Db): RunStatement {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) return (query) => runOnPglite(client, tx, query);
  const connection = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Pool && connection instanceof pg.Client) return (query) => runOnConnection(connection, tx, query);
  return async (query) => rowsOf(await tx.execute(query));
}

const MAX_NAMED = 200;
const names = new Map<string, string>();

/** The name of a statement's text (reads outside a transaction are named apart: db/prepared-query.ts). */
function nameOf(text: string): string | null {
  const known = names.get(text);
  if (known) return known;
  if (names.size >= MAX_NAMED) return null;
  const name = `capture_tx_${names.size + 1}`;
  names.set(text, name);
  return name;
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

async function runOnConnection(connection: pg.Client, tx: Db, query: SQL): Promise<Record<string, unknown>[]> {
  const compiled = dialect.sqlToQuery(query);
  const name = nameOf(compiled.sql);
  if (!name) return rowsOf(await tx.execute(query));
  return (await connection.query({ name, text: compiled.sql, values: compiled.params as unknown[] })).rows;
}

const preparedOn = new WeakMap<PGlite, Set<string>>();

async function runOnPglite(client: PGlite, tx: Db, query: SQL): Promise<Record<string, unknown>[]> {
  const compiled = dialect.sqlToQuery(query);
  const name = nameOf(compiled.sql);
  if (!name) return rowsOf(await tx.execute(query));
  let prepared = preparedOn.get(client);
  if (!prepared) {
    prepared = new Set();
    preparedOn.set(client, prepared);
  }
  const known = prepared;
  return client._runExclusiveQuery(async () => {
    if (!known.has(name)) {
      // Parsed on its own, so the statement is known to the session even when a later run fails.
      const parseMessage = protocol.serialize.parse({ name, text: compiled.sql });
      await client.execProtocol(concatenate([parseMessage, protocol.serialize.sync()]), { syncToFs: false });
      known.add(name);
    }
    const values = compiled.params.map((value) => (value === null || value === undefined ? null : String(value)));
    const result = await client.execProtocol(
      concatenate([
        protocol.serialize.bind({ statement: name, values }),
        protocol.serialize.describe({ type: "P" }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const [rows] = parse.parseResults(result.messages, client.parsers);
    return (rows?.rows ?? []) as Record<string, unknown>[];
  });
}

function concatenate(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
