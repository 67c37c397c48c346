import fc from "fast-check";
import { z } from "zod";
import { type FieldKind, NON_CANONICAL_IDS, nastyBody, nastyQueryValue, nastyValue } from "./nasty-values.js";
import type { RouteInput, SeedIds } from "./route-inputs.js";

/** What the outside probe sent field by field (issue 11): NUL, lone surrogates, far dates, numbers past every limit. */
const PROBE_VALUES: Partial<Record<FieldKind, unknown[]>> = {
  text: ["a\u0000b", "\ud800x"],
  date: ["9999-12-31", "0001-01-01T00:00:00Z", "a\u0000b"],
  number: [1e308, -1, "a\u0000b"],
  id: [2 ** 53, "01", "a\u0000b"],
  boolean: ["a\u0000b"],
  any: ["a\u0000b", "\ud800x"],
};

/** One request the fuzzer sends: path (with its query) and body, and what was done to the valid request. */
export type FuzzCase = { path: string; body?: unknown; rawBody?: string; label: string };

type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
};

const DATE_NAMES = /date|time|from$|to$|on$|at$/i;
const ID_NAMES = /(^id$|Id$|Ids$)/;

/** The kind of value a contract field expects, from its JSON Schema and its name. */
function fieldKind(name: string, schema: JsonSchema | undefined): FieldKind {
  if (ID_NAMES.test(name)) return "id";
  const types = [schema?.type, ...(schema?.anyOf ?? []).map((s) => s.type)]
    .flat()
    .filter((t): t is string => typeof t === "string" && t !== "null");
  if (types.includes("string") && (schema?.format?.startsWith("date") || DATE_NAMES.test(name))) return "date";
  const first = types[0];
  if (first === "string") return "text";
  if (first === "integer" || first === "number") return "number";
  if (first === "boolean") return "boolean";
  if (first === "array") return "array";
  if (first === "object") return "object";
  return "any";
}

/** Field paths of a contract (top level from its schema) and of the valid example (nested ones too), each with its kind. */
function fieldsOf(schema: z.ZodType, valid: Record<string, unknown>): { path: string[]; kind: FieldKind }[] {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const fields = new Map<string, { path: string[]; kind: FieldKind }>();
  for (const [name, property] of Object.entries(json.properties ?? {}))
    fields.set(name, { path: [name], kind: fieldKind(name, property) });
  const walk = (value: unknown, path: string[], properties: Record<string, JsonSchema> | undefined) => {
    if (!value || typeof value !== "object" || Array.isArray(value)) return;
    for (const [name, inner] of Object.entries(value)) {
      const here = [...path, name];
      const property = properties?.[name];
      if (!fields.has(here.join("."))) fields.set(here.join("."), { path: here, kind: fieldKind(name, property) });
      walk(inner, here, property?.properties ?? property?.anyOf?.find((s) => s.properties)?.properties);
    }
  };
  walk(valid, [], json.properties);
  return [...fields.values()];
}

function withValue(object: Record<string, unknown>, path: string[], value: unknown, remove: boolean): Record<string, unknown> {
  const copy = structuredClone(object);
  let target: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (!target[key] || typeof target[key] !== "object") target[key] = {};
    target = target[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1] as string;
  if (remove) delete target[last];
  else target[last] = value;
  return copy;
}

const queryString = (query: Record<string, string> | undefined) =>
  query && Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : "";

/**
 * `runs` requests for one route, drawn with fast-check from `seed`: the valid request with one to
 * three fields replaced by wrong values (or removed, or joined by an unknown field), a whole body
 * that is not an object, raw JSON with escapes a parser lets through, and ids written in every
 * non-canonical way.
 */
export function fuzzCases(url: string, input: RouteInput, ids: SeedIds, runs: number, seed: number): FuzzCase[] {
  const pathFor = (id: string) => url.replace(":id", id).replace(/:(provider|source)\b/, input.param ?? "gmail");
  const realId = input.id ? String(ids[input.id]) : "";
  const path = pathFor(realId);
  const validBody = input.body?.valid(ids);
  const validQuery = input.query?.valid(ids);
  const cases: FuzzCase[] = [];

  const mutations: fc.Arbitrary<FuzzCase>[] = [];
  if (input.body && validBody) {
    const fields = fieldsOf(input.body.schema, validBody);
    const oneField = fc.record({
      field: fc.constantFrom(...fields, { path: ["unexpectedField"], kind: "any" as FieldKind }),
      // A fifth of the changes remove the field instead of spoiling it.
      remove: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    });
    const change = oneField.chain(({ field, remove }) =>
      nastyValue(field.kind).map((value) => ({ field, remove: remove && field.path[0] !== "unexpectedField", value })),
    );
    mutations.push(
      // Mostly one field at a time, so the others stay valid and the bad one reaches the code behind validation.
      fc
        .oneof(
          { weight: 3, arbitrary: fc.array(change, { minLength: 1, maxLength: 1 }) },
          { weight: 1, arbitrary: fc.array(change, { minLength: 2, maxLength: 3 }) },
        )
        .map((changes) => {
          let body = validBody;
          for (const c of changes) body = withValue(body, c.field.path, c.value, c.remove);
          const label = changes
            .map((c) => `${c.field.path.join(".")}${c.remove ? " removed" : `=${JSON.stringify(c.value)?.slice(0, 40)}`}`)
            .join(", ");
          return { path: path + queryString(validQuery), body, label };
        }),
    );
    mutations.push(
      nastyBody.map((body) => ({
        path: path + queryString(validQuery),
        body,
        label: `body=${JSON.stringify(body)?.slice(0, 40)}`,
      })),
    );
  }
  if (input.query && validQuery) {
    const json = z.toJSONSchema(input.query.schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
    const names = [...new Set([...Object.keys(json.properties ?? {}), ...Object.keys(validQuery)])];
    mutations.push(
      fc
        .constantFrom(...names)
        .chain((name) => nastyQueryValue(fieldKind(name, json.properties?.[name])).map((value) => ({ name, value })))
        .map(({ name, value }) => ({
          path: path + queryString({ ...validQuery, [name]: value }),
          body: validBody,
          label: `?${name}=${JSON.stringify(value).slice(0, 40)}`,
        })),
    );
  }
  if (mutations.length > 0) cases.push(...fc.sample(fc.oneof(...mutations), { numRuns: runs, seed }));

  // Every field also gets, one at a time, the values the security probe found fatal.
  if (input.body && validBody) {
    for (const field of fieldsOf(input.body.schema, validBody)) {
      for (const value of PROBE_VALUES[field.kind] ?? PROBE_VALUES.any ?? []) {
        const body = withValue(validBody, field.path, value, false);
        cases.push({ path: path + queryString(validQuery), body, label: `${field.path.join(".")}=${JSON.stringify(value)}` });
      }
    }
  }
  if (input.query && validQuery) {
    for (const name of Object.keys(validQuery)) {
      for (const value of ["a\u0000b", "\ud800", "9999-12-31", "0001-01-01", "1e999"]) {
        cases.push({
          path: path + queryString({ ...validQuery, [name]: value }),
          body: validBody,
          label: `?${name}=${JSON.stringify(value)}`,
        });
      }
    }
  }

  if (input.body && validBody) {
    const [first] = Object.keys(validBody);
    if (first) {
      for (const escaped of ["\\u0000", "\\ud800", "a\\udfffb"]) {
        const raw = JSON.stringify(validBody).replace(`"${first}":`, `"${first}":"${escaped}","_":`);
        cases.push({ path: path + queryString(validQuery), rawBody: raw, label: `raw ${first}="${escaped}"` });
      }
    }
  }
  if (input.id) {
    for (const id of NON_CANONICAL_IDS(Number(realId))) {
      cases.push({ path: pathFor(id) + queryString(validQuery), body: validBody, label: `id ${id}` });
    }
  }
  return cases;
}
