import { fillPlaceholders, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { calls } from "./schema/index.js";
import { columnPlaceholder, compiledOnce, compiledPerShape, toQuery } from "./compiled-statement.js";

// compiledOnce decides once how each parameter is filled; its runs must answer what drizzle's own
// fillPlaceholders answers for the same statement and values.

const statement = sql`update ${calls} set ${sql.identifier("started_at")} = ${columnPlaceholder("startedAt", calls.startedAt)},
  ${sql.identifier("participants")} = ${columnPlaceholder("participants", calls.participants)}
  where ${calls.id} = ${sql.placeholder("id")} and ${calls.source} = ${"zoom"}`;

describe("compiledOnce", () => {
  it("fills placeholders through each column's mapping, keeps constants, and matches drizzle's own filling", () => {
    const values = { startedAt: new Date("2026-03-04T05:06:07Z"), participants: [{ name: "Ana" }], id: 42 };
    const run = compiledOnce<typeof values>(statement)(values);
    expect(run.params).toEqual(["2026-03-04T05:06:07.000Z", '[{"name":"Ana"}]', 42, "zoom"]);
    const drizzles = new PgDialect().sqlToQuery(statement);
    expect(run.sql).toBe(drizzles.sql);
    expect(run.params).toEqual(fillPlaceholders(drizzles.params, values));
  });

  it("passes null through a column's mapping as null, and refuses a missing value by name", () => {
    const fill = compiledOnce<Record<string, unknown>>(statement);
    expect(fill({ startedAt: null, participants: null, id: 1 }).params).toEqual([null, null, 1, "zoom"]);
    expect(() => fill({ startedAt: null, id: 1 })).toThrow('No value for placeholder "participants" was provided');
  });

  it("compiles each shape once and fills each run with its own values", () => {
    let built = 0;
    const byShape = compiledPerShape<{ column: "description" | "call_type" }, { value: string }>(
      (shape) => shape.column,
      (shape) => {
        built += 1;
        return sql`update calls set ${sql.identifier(shape.column)} = ${sql.placeholder("value")}`;
      },
    );
    expect(byShape({ column: "description" }, { value: "a" })).toEqual({ sql: 'update calls set "description" = $1', params: ["a"] });
    expect(byShape({ column: "description" }, { value: "b" }).params).toEqual(["b"]);
    expect(byShape({ column: "call_type" }, { value: "c" }).sql).toBe('update calls set "call_type" = $1');
    expect(built).toBe(2);
  });
});

describe("toQuery", () => {
  it("answers a compiled statement as it is and compiles drizzle's SQL", () => {
    const compiled = { sql: "select $1", params: [1] };
    expect(toQuery(compiled)).toBe(compiled);
    expect(toQuery(sql`select ${1} as one`)).toEqual({ sql: "select $1 as one", params: [1], typings: ["none"] });
  });
});
