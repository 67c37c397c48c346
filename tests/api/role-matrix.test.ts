import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { can, type Permission, refusalMessage, ROLES, type Role } from "../../src/core/permissions.js";
import { ApiClient } from "../helpers/api-client.js";
import { newAccount } from "../helpers/factories.js";
import { joinAs } from "../helpers/team.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 26 §1: the role × route matrix over every operation of GET /api/openapi.json. Each role of one
 * practice calls each route; the permission check must refuse exactly what core/permissions.ts denies
 * (0 leaks) and nothing it allows (0 refusals). Found at run time, so a new route is covered unedited.
 */
let t: TestApp;
const clients = {} as Record<Role, ApiClient>;
/** Issue 26 §4: the owner's personal API token of each role (`Authorization: Bearer`, no cookie). */
const tokens = {} as Record<Role, string>;
type Operation = { method: string; path: string; url: string; permission: Permission | "public" };
let operations: Operation[] = [];

const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

beforeAll(async () => {
  // The matrix makes a few hundred calls per token within a minute: the token rate limit is tested in api-tokens.test.ts.
  t = await startTestApp({ apiTokenRateLimit: { limit: 1_000_000, windowSeconds: 60 } });
  const owner = await newAccount(t, { plan: "team" });
  clients.owner = owner.c;
  for (const role of ["admin", "member", "billing"] as const) clients[role] = (await joinAs(t, owner.c, role)).c;
  for (const role of ROLES) {
    const made = await owner.c.post("/api/api-tokens", { name: `matrix ${role}`, role, expiresInDays: 30 });
    if (made.status !== 201) throw new Error(`token not made: ${made.status} ${made.text}`);
    tokens[role] = made.body.secret;
  }
  const document = (await owner.c.get("/api/openapi.json")).body as {
    paths: Record<string, Record<string, { "x-permission"?: Permission | "public" }>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      // A record that does not exist: an allowed call ends in its own 4xx and changes nothing.
      url: path.replace(/\{[^}]+\}/g, "999999"),
      permission: operation["x-permission"] as Permission | "public",
    })),
  );
});
afterAll(async () => t?.close());

async function call(client: ApiClient, operation: Operation, token?: string) {
  return client.request(operation.method, operation.url, {
    ...(BODY_METHODS.has(operation.method) ? { json: {} } : {}),
    // As an API client calls: the token, no cookie, no X-Requested-With.
    ...(token ? { headers: { authorization: `Bearer ${token}` }, marker: false } : {}),
  });
}

const isOurRefusal = (response: { status: number; body: unknown }) =>
  response.status === 403 &&
  typeof response.body === "object" &&
  String((response.body as { message?: string }).message).startsWith("Your role");

describe("role × route", () => {
  it("every /api route declares a permission (or public) in the document", () => {
    const undeclared = operations.filter((operation) => !operation.permission).map((o) => `${o.method} ${o.path}`);
    expect(undeclared).toEqual([]);
    expect(operations.length).toBeGreaterThan(100);
  });

  it("declares what the table keeps from members: rates, amounts, invoices, settings, members, the subscription", () => {
    const permissionOf = (method: string, path: string) =>
      operations.find((o) => o.method === method && o.path === path)?.permission;
    expect(permissionOf("POST", "/api/emails/calculate-billing")).toBe("rates:read");
    // The client log's cards: every role that reads calls (a member: own work, no amounts; tests/api/team-work.test.ts).
    expect(permissionOf("GET", "/api/clients/{id}/period-totals")).toBe("calls:read");
    expect(permissionOf("POST", "/api/calls/reprice")).toBe("rates:write");
    expect(permissionOf("GET", "/api/invoices")).toBe("invoices:read");
    expect(permissionOf("GET", "/api/settings")).toBe("settings:read");
    expect(permissionOf("GET", "/api/analytics")).toBe("analytics:read");
    expect(permissionOf("GET", "/api/team")).toBe("members:manage");
    expect(permissionOf("GET", "/api/billing/subscription")).toBe("billing:manage");
    expect(permissionOf("POST", "/api/integrations/setup-zoom")).toBe("integrations:connect-own");
    expect(permissionOf("DELETE", "/api/integrations/connections/{id}")).toBe("integrations:connect-own");
    expect(permissionOf("POST", "/api/financial-integrations/sync")).toBe("integrations:manage");
    expect(permissionOf("GET", "/api/clients/{id}/export.csv")).toBe("exports:read");
  });

  // One test per role and way in (about 170 calls each), not one per way over the four roles: at load 17-25 on two
  // cores a whole way's 660 calls ran past the 120 s budget (issue 22 §1). Same calls, same checks.
  it.for(
    (["owner", "admin", "member", "billing"] as const).flatMap((role) => [
      [role, "a session cookie", false] as const,
      [role, "a personal API token (Bearer) of that role", true] as const,
    ]),
  )("%s gets exactly what the permission table says, with %s", async ([role, _label, viaToken]) => {
    const leaks: string[] = [];
    const refusals: string[] = [];
    const tokenClient = new ApiClient(t.baseUrl);
    for (const operation of operations) {
      if (operation.permission === "public") continue;
      const response = viaToken ? await call(tokenClient, operation, tokens[role]) : await call(clients[role], operation);
      const label = `${role} ${operation.method} ${operation.path} (${operation.permission}) → ${response.status}`;
      if (can(role, operation.permission)) {
        if (isOurRefusal(response)) refusals.push(label);
      } else if (
        response.status !== 403 ||
        (response.body as { message?: string }).message !== refusalMessage(role, operation.permission)
      ) {
        leaks.push(label);
      }
    }
    expect(leaks).toEqual([]);
    expect(refusals).toEqual([]);
  });

  it("a signed-out caller gets 401 on every route that is not public", async () => {
    const anonymous = t.client();
    const open: string[] = [];
    for (const operation of operations) {
      if (operation.permission === "public") continue;
      const response = await call(anonymous, operation);
      if (response.status !== 401) open.push(`${operation.method} ${operation.path} → ${response.status}`);
    }
    expect(open).toEqual([]);
  });
});
