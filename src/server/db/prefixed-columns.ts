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
  // Each column's name in a raw row, built once: reads run at every webhook delivery.
  const prefixed = columns.map(([key, column]): ColumnRead => [key, `${prefix}${key}`, column]);
  const returned = columns.map(([key, column]): ColumnRead => [key, column.name, column]);
  return {
    list,
    /** The columns' own names, for `returning`. */
    names: columns.map(([, column]) => `"${column.name}"`).join(", "),
    read(raw: Record<string, unknown>): Row | null {
      return readColumns(prefixed, raw);
    },
    /** A row as `returning` gives it: under the columns' own names. */
    readReturned(raw: Record<string, unknown>): Row | null {
      return readColumns(returned, raw);
    },
  };
}

/** A column to read: its key in the row read, its name in the raw row, and the column that maps its value. */
type ColumnRead = [key: string, rawName: string, column: Column];

function readColumns(columns: readonly ColumnRead[], raw: Record<string, unknown>) {
  const id = columns.find(([key]) => key === "id");
  if (id && raw[id[1]] == null) return null;
  const row: Record<string, unknown> = {};
  for (const [key, rawName, column] of columns) {
    const value = raw[rawName];
    row[key] = value == null ? null : column.mapFromDriverValue(value);
  }
  return row as never;
}
