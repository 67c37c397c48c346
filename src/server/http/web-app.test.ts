import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../auth/cookies.js";
import { NO_SESSION_META, registerWebApp } from "./web-app.js";

describe("the web app's index.html", () => {
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "minutely-web-"));
    fs.writeFileSync(path.join(dir, "index.html"), "<html><head><title>M</title></head><body></body></html>");
    app = Fastify();
    await app.register(cookie);
    await registerWebApp(app, dir);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("tells a browser without a session cookie that it has no session, on any client route", async () => {
    for (const url of ["/", "/pricing", "/emails?x=1"]) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body).toContain(`${NO_SESSION_META}\n  </head>`);
    }
  });

  it("leaves the page unmarked when a session cookie came, and varies on it", async () => {
    const response = await app.inject({ url: "/auth", cookies: { [SESSION_COOKIE]: "anything" } });
    expect(response.body).toBe("<html><head><title>M</title></head><body></body></html>");
    expect(response.headers.vary).toBe("accept-encoding, cookie");
  });

  it("sends it compressed when the browser accepts it", async () => {
    const br = await app.inject({ url: "/", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain(NO_SESSION_META);
    const gzip = await app.inject({ url: "/", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain(NO_SESSION_META);
  });

  it("serves the new page after a rebuild in place", async () => {
    const file = path.join(dir, "index.html");
    fs.writeFileSync(file, "<html><head><title>Rebuilt</title></head><body></body></html>");
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect((await app.inject({ url: "/" })).body).toContain("<title>Rebuilt</title>");
  });

  it("serves the built files: assets cached for a year and precompressed, other files revalidated", async () => {
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "assets", "app-1a2b.js"), "console.log('app');");
    fs.writeFileSync(path.join(dir, "assets", "app-1a2b.js.br"), zlib.brotliCompressSync("console.log('app');"));
    fs.writeFileSync(path.join(dir, "robots.txt"), "User-agent: *");
    const asset = await app.inject({ url: "/assets/app-1a2b.js", headers: { "accept-encoding": "br" } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["content-encoding"]).toBe("br");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.brotliDecompressSync(asset.rawPayload).toString()).toBe("console.log('app');");
    const plain = await app.inject({ url: "/assets/app-1a2b.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("console.log('app');");
    const head = await app.inject({ method: "HEAD", url: "/assets/app-1a2b.js" });
    expect(head.statusCode).toBe(200);
    const robots = await app.inject({ url: "/robots.txt" });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers["cache-control"]).toBe("no-cache");
    expect(robots.body).toBe("User-agent: *");
  });

  it("answers a HEAD or another method on a client route with 404, and never serves a file outside the build", async () => {
    expect((await app.inject({ method: "HEAD", url: "/pricing" })).statusCode).toBe(404);
    expect((await app.inject({ method: "POST", url: "/assets/app-1a2b.js" })).statusCode).toBe(404);
    const outside = await app.inject({ url: "/../../etc/passwd" });
    expect(outside.body).not.toContain("root:");
  });

  it("still answers unknown /api paths with a JSON 404", async () => {
    const response = await app.inject({ url: "/api/nothing" });
    expect(response.statusCode).toBe(404);
  });
});
