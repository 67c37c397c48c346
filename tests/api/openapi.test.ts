import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * GET /api/openapi.json (issue 12 item 3): public, a valid OpenAPI 3.1 document by a validator of the
 * OpenAPI 3 specification's own JSON Schema, and it describes every /api route the app serves.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** "/api/clients/:id/calls" → "/api/clients/{id}/calls", as OpenAPI writes a path. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

describe("GET /api/openapi.json", () => {
  it("is public and valid OpenAPI 3.1", async () => {
    const response = await t.client().get("/api/openapi.json");
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe("3.1.0");
    const result = await new Validator().validate(response.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("describes every /api route of the route table, with its answers, the session cookie and the Bearer token", async () => {
    const document = (await t.client().get("/api/openapi.json")).body;
    const missing = t.app.routeTable
      .filter((route) => route.url.startsWith("/api/"))
      .filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    for (const [path, item] of Object.entries<Record<string, { responses?: object }>>(document.paths))
      for (const [method, operation] of Object.entries(item)) expect(operation.responses, `${method} ${path}`).toBeTruthy();
    expect(document.components.securitySchemes.session).toEqual({ type: "apiKey", in: "cookie", name: "minutely_session" });
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.paths["/api/clients/{id}"].put.security).toEqual([{ session: [] }, { bearerAuth: [] }]);
    expect(document.paths["/api/clients/{id}"].put.requestBody.content["application/json"].schema.properties.name).toBeTruthy();
    expect(document.paths["/api/auth/login"].post.security).toBeUndefined();
  });

  it("keeps each invoice action's own summary and answer, though one loop registers them", async () => {
    const { paths } = (await t.client().get("/api/openapi.json")).body;
    const answer = (operation: { responses: Record<string, { content: Record<string, { schema: { properties: object } }> }> }) =>
      Object.keys(operation.responses["200"]?.content["application/json"]?.schema.properties ?? {});
    expect(paths["/api/invoices/{id}/mark-paid"].post.summary).toBe("Mark a sent invoice paid");
    expect(paths["/api/invoices/{id}/void"].post.summary).toBe("Void an invoice; its lines can be billed again");
    expect(paths["/api/invoices/{id}"].delete.summary).toBe("Delete a draft invoice");
    expect(answer(paths["/api/invoices/{id}/mark-paid"].post)).toEqual(answer(paths["/api/invoices/{id}/send"].post));
    expect(answer(paths["/api/invoices/{id}/void"].post)).toEqual(answer(paths["/api/invoices/{id}/send"].post));
    expect(answer(paths["/api/invoices/{id}"].delete)).not.toEqual(answer(paths["/api/invoices/{id}/send"].post));
    expect(paths["/api/invoices/{id}"].delete.parameters).toEqual(paths["/api/invoices/{id}/void"].post.parameters);
  });
});

describe("the API test client's contract check", () => {
  it("refuses an answer with an undeclared field, a missing field or a wrong type", async () => {
    const { checkAnswer } = await import("../helpers/response-contracts.js");
    await expect(
      checkAnswer(t.baseUrl, "GET", "/api/health", 200, { status: "ok", database: "pglite" }),
    ).resolves.toBeUndefined();
    await expect(
      checkAnswer(t.baseUrl, "GET", "/api/health", 200, { status: "ok", database: "pglite", secret: 1 }),
    ).rejects.toThrow("must NOT have additional properties: secret");
    await expect(checkAnswer(t.baseUrl, "GET", "/api/health", 200, { status: "ok" })).rejects.toThrow(
      "must have required property 'database'",
    );
    await expect(checkAnswer(t.baseUrl, "GET", "/api/calls/7", 200, {})).rejects.toThrow("has no such route");
  });
});
