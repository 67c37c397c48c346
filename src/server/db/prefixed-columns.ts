import { type Column, getTableColumns, type Table } from "drizzle-orm";

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
