import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_HEADERS, registerSecurityHeaders } from "./security-headers.js";
import { registerWebApp } from "./web-app.js";

describe("security headers", () => {
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-headers-"));
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "index.html"), "<html><head></head><body></body></html>");
    fs.writeFileSync(path.join(dir, "assets", "app.js"), "console.log(1)");
    app = Fastify();
    registerSecurityHeaders(app);
    await app.register(cookie);
    app.get("/api/thing", async () => ({ ok: true }));
    await registerWebApp(app, dir);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("gives pages and assets the app's policy: its own scripts only, no framing, no sniffing", async () => {
    for (const url of ["/", "/pricing", "/assets/app.js"]) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      const policy = String(response.headers["content-security-policy"]);
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(response.headers["x-frame-options"]).toBe("DENY");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBe("no-referrer");
      expect(response.headers["x-request-id"]).toBeTruthy();
    }
  });

  it("gives API answers, found or not, the API set and never the page policy", async () => {
    for (const url of ["/api/thing", "/api/missing", "/api"]) {
      const response = await app.inject({ url });
      for (const [name, value] of Object.entries(API_HEADERS)) expect(response.headers[name], `${url} ${name}`).toBe(value);
      expect(response.headers["x-request-id"]).toBeTruthy();
    }
  });

  it("does not take a path that merely starts with 'api' for the API", async () => {
    const response = await app.inject({ url: "/apiary" });
    expect(String(response.headers["content-security-policy"])).toContain("script-src 'self'");
  });
});
