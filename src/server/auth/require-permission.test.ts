import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { routeSchema } from "../http/route-schema.js";
import { registerPermissionCheck } from "./require-permission.js";

/** A route that declares neither a permission nor `public: true` stops the app from starting (docs/team.md). */
describe("registerPermissionCheck", () => {
  it("refuses an /api route without a declared permission", async () => {
    const app = Fastify();
    registerPermissionCheck(app);
    expect(() => app.get("/api/forgotten", async () => ({}))).toThrow(
      "GET /api/forgotten declares no permission: give its routeSchema a permission of core/permissions.ts, or public: true",
    );
    await app.close();
  });

  it("accepts a declared permission or public, and leaves pages outside /api alone", async () => {
    const app = Fastify();
    registerPermissionCheck(app);
    const schema = (contract: Parameters<typeof routeSchema>[0]) => ({ schema: routeSchema(contract) });
    expect(() =>
      app.get("/api/calls-x", schema({ permission: "calls:read", summary: "x", tags: [], response: {} }), async () => ({})),
    ).not.toThrow();
    expect(() =>
      app.get("/api/open-x", schema({ public: true, summary: "x", tags: [], response: {} }), async () => ({})),
    ).not.toThrow();
    expect(() => app.get("/page", async () => "")).not.toThrow();
    await app.close();
  });
});
