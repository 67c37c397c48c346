import type { FastifySchema } from "fastify";
import { z } from "zod";
import { errorBody } from "../../core/contracts/response-fields.js";
import type { Permission } from "../../core/permissions.js";

/** An answer that is not JSON (a redirect, a PDF, a CSV): documented, never serialised by a schema. */
export type OtherAnswer = { description: string; contentType?: string };

/**
 * Who may call a route: `public` (no session: sign-in, sign-up, the waitlist form, health, webhooks, this
 * document) or the permission of core/permissions.ts a signed-in role needs. Every route says one of the two;
 * auth/require-permission.ts enforces it (docs/team.md).
 */
export type RouteAccess = { public: true; permission?: never } | { public?: false; permission: Permission };

/** The OpenAPI extension that carries a route's permission (read by the preHandler and the role × route tests). */
export const PERMISSION_KEY = "x-permission";

export type RouteContract = RouteAccess & {
  summary: string;
  tags: string[];
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  /** Status → the answer's contract schema from src/core/contracts. */
  response: Record<number, z.ZodType | OtherAnswer>;
};

type JsonSchema = Record<string, unknown>;

/**
 * `anyOf: [{type: "string", …}, {type: "null"}]` → `{type: ["string", "null"], …}`: the same schema,
 * but fast-json-stringify writes it directly instead of running a validator per value to pick a branch.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!schema || typeof schema !== "object") return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) if (key !== "$schema") out[key] = simplify(value);
  const options = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(options) && options.length === 2) {
    const nullIndex = options.findIndex((o) => o.type === "null" && Object.keys(o).length === 1);
    const other = options[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === "string" && other.type !== "object" && other.type !== "array") {
      const { anyOf: _, ...rest } = out;
      return {
        ...rest,
        ...other,
        type: [other.type, "null"],
        ...(other.enum ? { enum: [...(other.enum as unknown[]), null] } : {}),
      };
    }
  }
  return out;
}

/**
 * Converted once per process for each contract schema: every app built in a process (each test file starts
 * several) converted all of its routes' schemas again, about a tenth of an app's start (docs/performance.md).
 * Frozen, as the same object is handed to every app: a library that changed it would throw.
 */
const converted = { input: new WeakMap<z.ZodType, JsonSchema>(), output: new WeakMap<z.ZodType, JsonSchema>() };

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** A contract's JSON Schema: what a request may send (input), or what an answer holds (output). */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  let json = converted[io].get(schema);
  if (!json) {
    json = deepFreeze(simplify(z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" })) as JsonSchema);
    converted[io].set(schema, json);
  }
  return json;
}

const ERROR_SCHEMA = { description: "An error: { error, message, requestId }", ...jsonSchemaOf(errorBody, "output") };

/**
 * A route's Fastify schema from its contract schemas (docs/decisions.md, One rule in one place). Answers: Fastify serialises
 * them with fast-json-stringify, which writes only declared properties (faster than JSON.stringify,
 * and nothing undeclared can leak). Requests: documentation only; handlers still validate with
 * `parseInput` after the session check, and app.ts's validator compiler accepts everything, so the
 * messages stay the contracts' own (written for people). @fastify/swagger reads the same schema into GET /api/openapi.json.
 */
export function routeSchema(contract: RouteContract): FastifySchema {
  const response: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(contract.response)) {
    if (answer instanceof z.ZodType)
      response[status] = { description: answer.description ?? "OK", ...jsonSchemaOf(answer, "output") };
    else if (answer.contentType)
      response[status] = { description: answer.description, content: { [answer.contentType]: { schema: { type: "string" } } } };
    else response[status] = { description: answer.description };
  }
  response["4xx"] = ERROR_SCHEMA;
  response["5xx"] = ERROR_SCHEMA;
  return {
    summary: contract.summary,
    tags: contract.tags,
    ...(contract.public
      ? { [PERMISSION_KEY]: "public" }
      : // Either credential: the session cookie or a personal API token (docs/api.md).
        { security: [{ session: [] }, { bearerAuth: [] }], [PERMISSION_KEY]: contract.permission }),
    ...(contract.body ? { body: jsonSchemaOf(contract.body, "input") } : {}),
    ...(contract.querystring ? { querystring: jsonSchemaOf(contract.querystring, "input") } : {}),
    ...(contract.params ? { params: jsonSchemaOf(contract.params, "input") } : {}),
    response,
  } as FastifySchema;
}
