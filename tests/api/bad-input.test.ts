import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { signUp } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import type { ApiClient } from "../helpers/api-client.js";

/**
 * Decision D14 (docs/decisions.md) for every route the app registers (found at run time, so new features are covered
 * without editing this file): malformed JSON, wrong types, missing fields, bad ids, oversized bodies
 * and wrong content types get a 4xx with a message, never a 500, and change nothing.
 */
let t: TestApp;
let client: ApiClient;
const WRITE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const BAD_IDS = ["abc", "0", "-5", "1.5", "99999999999999", "%27%20or%201%3D1"];
function fill(url: string, id: string): string {
  return url.replace(/:[A-Za-z]+/g, id);
}

beforeAll(async () => {
  t = await startTestApp();
  client = t.client();
  await signUp(client);
});
afterAll(async () => t?.close());

describe("bad input on every route", () => {
  it("finds the routes", () => {
    const apiRoutes = t.app.routeTable.filter((r) => r.url.startsWith("/api/"));
    expect(apiRoutes.length).toBeGreaterThan(5);
  });

  it("answers malformed JSON, non-object bodies, oversized bodies and wrong content types with a 4xx and changes nothing", async () => {
    const failures: string[] = [];
    const routes = t.app.routeTable.filter(
      (r) => r.url.startsWith("/api/") && WRITE.has(r.method) && !r.url.startsWith("/api/auth/logout"),
    );
    await expectNothingChanged(t.app.db, async () => {
      for (const route of routes) {
        const url = fill(route.url, "1");
        const cases: [string, Parameters<ApiClient["request"]>[2], (status: number) => boolean][] = [
          [
            "malformed JSON",
            { rawBody: '{"name": ', headers: { "content-type": "application/json" } },
            (s) => s === 400 || s === 404 || s === 401 || s === 403,
          ],
          ["a JSON string", { json: "just a string" }, (s) => s >= 400 && s < 500],
          ["a JSON array", { json: [1, 2, 3] }, (s) => s >= 400 && s < 500],
          [
            "wrong types",
            { json: { name: 12, email: false, id: "x", amount: {}, dateFrom: 3, clientId: "abc", password: 1 } },
            (s) => s >= 400 && s < 500,
          ],
          [
            "an oversized body",
            { rawBody: JSON.stringify({ pad: "x".repeat(1_100_000) }), headers: { "content-type": "application/json" } },
            (s) => s === 413,
          ],
          ["a text/plain body", { rawBody: "hello", headers: { "content-type": "text/plain" } }, (s) => s === 415 || s === 404],
        ];
        for (const [label, options, ok] of cases) {
          const response = await client.request(route.method, url, options);
          const hasMessage =
            typeof response.body === "object" && typeof response.body?.message === "string" && response.body.message.length > 0;
          if (!ok(response.status) || !hasMessage)
            failures.push(`${route.method} ${route.url} with ${label}: ${response.status} ${response.text.slice(0, 120)}`);
        }
      }
    });
    expect(failures).toEqual([]);
    // One walk over every write route with six bodies each (one of 1.1 MB): it grows with the app, so it
    // gets more than the default 30 s (32 s at load 20 on the shared 2-core machine, 2026-11-27).
  }, 180_000);

  it("answers bad ids in paths with a 4xx and a message", async () => {
    const failures: string[] = [];
    const routes = t.app.routeTable.filter((r) => r.url.startsWith("/api/") && r.url.includes("/:"));
    for (const route of routes) {
      for (const id of BAD_IDS) {
        const response = await client.request(route.method, fill(route.url, id), WRITE.has(route.method) ? { json: {} } : {});
        if (response.status < 400 || response.status >= 500 || typeof response.body?.message !== "string") {
          failures.push(`${route.method} ${fill(route.url, id)}: ${response.status} ${response.text.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers unknown API routes with a JSON 404", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await client.request(method, "/api/does-not-exist", method === "GET" ? {} : { json: {} });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ error: "not_found" });
      expect(response.body.message).toContain("/api/does-not-exist");
    }
  });

  it("never answers a 500 to a signed-out caller on any route", async () => {
    const anonymous = t.client();
    const failures: string[] = [];
    for (const route of t.app.routeTable.filter((r) => r.url.startsWith("/api/"))) {
      const response = await anonymous.request(route.method, fill(route.url, "1"), WRITE.has(route.method) ? { json: {} } : {});
      if (response.status >= 500) failures.push(`${route.method} ${route.url}: ${response.status}`);
    }
    expect(failures).toEqual([]);
  });
});
