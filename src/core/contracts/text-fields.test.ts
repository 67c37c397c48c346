import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { idParam, isDateInRange, isStorableText, text } from "./common.js";

/**
 * Issue 11 defect 4: every string a contract accepts must refuse what PostgreSQL text cannot store.
 * This walks every schema every contract module exports (found at run time, so a new module or a
 * bare `z.string()` added later fails here) down to its string leaves and feeds each one a NUL and a
 * lone surrogate.
 */
const CONTRACTS_DIR = path.dirname(fileURLToPath(import.meta.url));
const UNSTORABLE = ["a\u0000b", "a\uD800b", "\uDFFF"];

function isSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

/** Every string schema reachable from `root` through objects, wrappers, unions, pipes and arrays. */
function stringLeaves(root: z.ZodType, where: string, found: Map<z.ZodType, string>, seen = new Set<unknown>()): void {
  if (seen.has(root)) return;
  seen.add(root);
  const def = (root as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  if (def.type === "string") {
    found.set(root, where);
    return;
  }
  for (const [key, value] of Object.entries(def)) {
    if (isSchema(value)) stringLeaves(value, `${where}.${key}`, found, seen);
    else if (Array.isArray(value))
      for (const [i, option] of value.filter(isSchema).entries()) stringLeaves(option, `${where}.${key}[${i}]`, found, seen);
    else if (key === "shape" && value && typeof value === "object")
      for (const [field, schema] of Object.entries(value))
        if (isSchema(schema)) stringLeaves(schema, `${where}.${field}`, found, seen);
  }
}

async function contractStringLeaves(): Promise<Map<z.ZodType, string>> {
  const found = new Map<z.ZodType, string>();
  const modules = fs.readdirSync(CONTRACTS_DIR).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"));
  for (const name of modules) {
    const exported: Record<string, unknown> = await import(path.join(CONTRACTS_DIR, name));
    for (const [exportName, value] of Object.entries(exported)) {
      const where = `${name}:${exportName}`;
      if (isSchema(value)) stringLeaves(value, where, found);
      // Shapes exported as plain records of fields (billingSettingsShape, …).
      else if (value && typeof value === "object")
        for (const [field, schema] of Object.entries(value))
          if (isSchema(schema)) stringLeaves(schema, `${where}.${field}`, found);
    }
  }
  return found;
}

describe("every contract string field", () => {
  it("refuses a NUL and a lone surrogate", async () => {
    const leaves = await contractStringLeaves();
    expect(leaves.size).toBeGreaterThan(50);
    const accepting: string[] = [];
    for (const [schema, where] of leaves)
      for (const value of UNSTORABLE)
        if (schema.safeParse(value).success) accepting.push(`${where} accepts ${JSON.stringify(value)}`);
    expect(accepting).toEqual([]);
  });

  it("the walk finds a bare z.string() (so the test above can fail)", () => {
    const found = new Map<z.ZodType, string>();
    stringLeaves(z.object({ good: text(), bad: z.union([z.number(), z.string().optional()]) }), "probe", found);
    const accepting = [...found].filter(([schema]) => schema.safeParse("a\u0000b").success).map(([, where]) => where);
    expect(accepting).toEqual(["probe.bad.options[1].innerType"]);
  });
});

describe("text()", () => {
  it.each([["plain"], ["Zoë"], ["😀 emoji pairs"], ["株式会社"], [""], ["tab\tand\nnewline"]])("keeps %j", (value) => {
    expect(isStorableText(value)).toBe(true);
    expect(text().parse(value)).toBe(value);
  });
});

describe("dates", () => {
  it.each([
    ["1900-01-01", true],
    ["2200-12-31", true],
    ["2026-06-01T12:00:00+02:00", true],
    ["1899-12-31", false],
    ["2201-01-01", false],
    ["9999-12-31T00:00:00Z", false],
    ["0001-01-01", false],
    ["not a date", true],
  ] as const)("isDateInRange(%s) is %s", (value, expected) => {
    expect(isDateInRange(value)).toBe(expected);
  });
});

describe("idParam", () => {
  it.each(["1", "12", "2147483647"])("accepts %s", (id) => {
    expect(idParam.parse({ id })).toEqual({ id: Number(id) });
  });
  it.each(["0", "01", "1.0", "1e0", "0x1", "+1", " 1", "1 ", "-1", "2147483648", "", "a\u0000"])("refuses %j", (id) => {
    expect(idParam.safeParse({ id }).success).toBe(false);
  });
});
