import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";

/**
 * Checks an API answer against the route's response schema in the app's own GET /api/openapi.json
 * (issue 12 item 3), so every API test checks the contract for free: a field the schema does not
 * declare, a missing field or a wrong type fails the test that received it. The document is loaded
 * once per running app (forgotten when it closes: a later app may get the same port); a schema is
 * compiled when an answer first needs it, once per worker (compiling all of them cost about 1 s per
 * test app).
 */
type Route = { method: string; pattern: RegExp; params: number; responses: Map<string, object> };

const documents = new Map<string, Promise<Route[]>>();

// Formats are written as patterns by zod too; unknown formats are not an error here.
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const compiled = new Map<string, ValidateFunction>();
/** The validator of each schema object of a loaded document: its text is written once per app, not per answer. */
const bySchema = new WeakMap<object, ValidateFunction>();

function validatorOf(schema: object): ValidateFunction {
  let validate = bySchema.get(schema);
  if (validate) return validate;
  const key = JSON.stringify(schema);
  validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  bySchema.set(schema, validate);
  return validate;
}

async function loadRoutes(baseUrl: string): Promise<Route[]> {
  const document = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
  const routes: Route[] = [];
  for (const [path, item] of Object.entries<Record<string, { responses?: Record<string, any> }>>(document.paths)) {
    const pattern = new RegExp(`^${path.replace(/\{\w+\}/g, "[^/]+")}$`);
    const params = (path.match(/\{/g) ?? []).length;
    for (const [method, operation] of Object.entries(item)) {
      const responses = new Map<string, object>();
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        const schema = answer?.content?.["application/json"]?.schema;
        if (schema) responses.set(status, schema);
      }
      routes.push({ method: method.toUpperCase(), pattern, params, responses });
    }
  }
  // A literal path beats one with parameters (/api/calls/active before /api/calls/{id}).
  return routes.sort((a, b) => a.params - b.params);
}

/** Throws when a 2xx JSON answer does not match its route's response schema, or the route has none. */
export async function checkAnswer(baseUrl: string, method: string, path: string, status: number, body: unknown): Promise<void> {
  const pathname = path.split("?")[0] ?? path;
  if (status < 200 || status > 299 || pathname === "/api/openapi.json" || !pathname.startsWith("/api/")) return;
  let routes = documents.get(baseUrl);
  if (!routes) {
    routes = loadRoutes(baseUrl);
    documents.set(baseUrl, routes);
  }
  const route = (await routes).find((r) => r.method === method && r.pattern.test(pathname));
  if (!route) throw new Error(`${method} ${pathname} answered ${status} but /api/openapi.json has no such route`);
  const schema = route.responses.get(String(status));
  if (!schema) throw new Error(`${method} ${pathname} answered ${status}, a status its response schema does not declare`);
  const validate = validatorOf(schema);
  if (!validate(body)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || "(answer)"} ${e.message}${e.params && "additionalProperty" in e.params ? `: ${e.params.additionalProperty}` : ""}`);
    throw new Error(`${method} ${pathname} answered ${status} outside its contract:\n  ${problems.join("\n  ")}\n${JSON.stringify(body).slice(0, 500)}`);
  }
}

/** Drops an app's routes when it closes (test-app.ts). */
export function forgetRoutes(baseUrl: string): void {
  documents.delete(baseUrl);
}
