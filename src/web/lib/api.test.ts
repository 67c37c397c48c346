import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, apiRequest, getQueryFn, isUnauthorizedError, serverMessage } from "./api";

type Seen = { method?: string; url?: string; headers: IncomingMessage["headers"]; body: string };
let server: Server;
let base: string;
let seen: Seen;

/** A real HTTP server standing in for the API, so the client is checked over the wire. */
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      seen = { method: req.method, url: req.url, headers: req.headers, body };
      if (req.url === "/api/auth/user") {
        res.writeHead(401, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "unauthorized", message: "Unauthorized" }));
      } else if (req.url === "/api/conflict") {
        res.writeHead(409, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "conflict", message: "An account with this email already exists" }));
      } else if (req.url === "/api/empty-error") {
        res.writeHead(503, "Service Unavailable");
        res.end();
      } else {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ ok: true, url: req.url }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("apiRequest", () => {
  it("sends JSON with the XMLHttpRequest marker", async () => {
    const res = await apiRequest("POST", `${base}/api/things`, { name: "Ada" });
    expect(await res.json()).toEqual({ ok: true, url: "/api/things" });
    expect(seen.method).toBe("POST");
    expect(seen.headers["content-type"]).toBe("application/json");
    expect(seen.headers["x-requested-with"]).toBe("XMLHttpRequest");
    expect(JSON.parse(seen.body)).toEqual({ name: "Ada" });
  });

  it("sends an empty JSON object when a write has no payload", async () => {
    await apiRequest("POST", `${base}/api/auth/logout`);
    expect(seen.body).toBe("{}");
  });

  it("throws ApiError '<status>: <body>' on a failure, with the server message readable", async () => {
    const error = await apiRequest("POST", `${base}/api/conflict`, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).message).toBe('409: {"error":"conflict","message":"An account with this email already exists"}');
    expect(serverMessage(error, "fallback")).toBe("An account with this email already exists");
  });

  it("uses the status text when the body is empty", async () => {
    const error = await apiRequest("GET", `${base}/api/empty-error`).catch((e: unknown) => e);
    expect((error as Error).message).toBe("503: Service Unavailable");
    expect(serverMessage(error, "Failed to logout")).toBe("Failed to logout");
  });
});

describe("getQueryFn", () => {
  const run = async (on401: "returnNull" | "throw", queryKey: readonly unknown[]): Promise<unknown> =>
    getQueryFn({ on401 })({ queryKey, signal: new AbortController().signal, meta: undefined } as never);

  it("GETs the query key joined with slashes", async () => {
    expect(await run("throw", [`${base}/api/clients`, 7])).toEqual({ ok: true, url: "/api/clients/7" });
    expect(seen.method).toBe("GET");
  });

  it("turns a 401 into null when asked to", async () => {
    expect(await run("returnNull", [`${base}/api/auth/user`])).toBeNull();
  });

  it("otherwise throws the unauthorized error", async () => {
    const error = await run("throw", [`${base}/api/auth/user`]).catch((e: unknown) => e);
    expect(isUnauthorizedError(error)).toBe(true);
  });
});

describe("isUnauthorizedError", () => {
  it("matches only a 401 that says Unauthorized", () => {
    expect(isUnauthorizedError(new ApiError(401, '{"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new ApiError(401, '{"message":"Invalid email or password"}'))).toBe(false);
    expect(isUnauthorizedError(new ApiError(403, "Unauthorized"))).toBe(false);
    expect(isUnauthorizedError("401: Unauthorized")).toBe(false);
  });
});
