import { type Column, getTableColumns, type Table } from "drizzle-orm";

/**
 * A table's columns selected under prefixed names, and the row read back with the columns' own
 * mapping (dates, json): a raw statement can then return whole typed rows of two tables at once.
 * With `keys`, only those columns: a hot statement returns what its caller reads and no more (every
 * column is formatted as text by the database and parsed again by the driver).
 */
export function prefixedColumns<T extends Table, K extends keyof T["$inferSelect"] & string = keyof T["$inferSelect"] & string>(
  table: T,
  alias: string,
  prefix: string,
  keys?: readonly K[],
) {
  const all = Object.entries(getTableColumns(table)) as [string, Column][];
  const columns = keys ? all.filter(([key]) => (keys as readonly string[]).includes(key)) : all;
  if (keys && columns.length !== keys.length) throw new Error(`prefixedColumns: an unknown column among ${keys.join(", ")}`);
  const list = columns.map(([key, column]) => `${alias}."${column.name}" as "${prefix}${key}"`).join(", ");
  type Row = Pick<T["$inferSelect"], K>;
  return {
    list,
    /** The columns' own names, for `returning`. */
    names: columns.map(([, column]) => `"${column.name}"`).join(", "),
    read(raw: Record<string, unknown>): Row | null {
      return readColumns(columns, raw, (key) => `${prefix}${key}`);
    },
    /** A row as `returning` gives it: under the columns' own names. */
    readReturned(raw: Record<string, unknown>): Row | null {
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
