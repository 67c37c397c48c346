import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";

export type BulkValue = string | number | boolean | Date | null;
export type BulkColumn = { name: string; type: "int" | "text" | "timestamptz" | "date" | "boolean"; values: BulkValue[] };

/** A PostgreSQL array literal ('{1,NULL,"a \"b\""}'): one parameter for a whole column. */
export function arrayLiteral(values: readonly BulkValue[]): string {
  const items = values.map((value) => {
    if (value === null) return "NULL";
    if (typeof value === "number") {
      if (!Number.isFinite(value)) throw new RangeError("arrayLiteral: numbers must be finite");
      return String(value);
    }
    if (typeof value === "boolean") return value ? "true" : "false";
    const text = value instanceof Date ? value.toISOString() : value;
    return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(",")}}`;
}

/**
 * INSERT … SELECT * FROM unnest($1::int[], $2::text[], …): one parameter per column instead of
 * one per value, so PostgreSQL parses one short statement for thousands of rows.
 */
export async function unnestInsert<R = Record<string, unknown>>(db: Db, table: string, columns: BulkColumn[], returning?: string): Promise<R[]> {
  const length = columns[0]?.values.length ?? 0;
  if (length === 0) return [];
  if (columns.some((column) => column.values.length !== length)) throw new RangeError("unnestInsert: columns differ in length");
  if (![table, ...columns.map((c) => c.name), returning ?? ""].every((name) => /^[a-z_, ]*$/.test(name))) throw new RangeError("unnestInsert: bad identifier");
  const arrays: SQL[] = columns.map((column) => sql`${arrayLiteral(column.values)}::${sql.raw(column.type)}[]`);
  const statement = sql`insert into ${sql.raw(table)} (${sql.raw(columns.map((c) => c.name).join(", "))}) select * from unnest(${sql.join(arrays, sql`, `)})${sql.raw(returning ? ` returning ${returning}` : "")}`;
  const result = await db.execute(statement);
  return (result as unknown as { rows: R[] }).rows;
}
