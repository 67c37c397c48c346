import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitCounters } from "../../src/server/db/schema/index.js";
import { HSTS } from "../../src/server/http/security-headers.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 11, defects 8 and 9: only the configured proxies are believed. 70 failed sign-ins with a
 * rotated X-Forwarded-For were never throttled under TRUST_PROXY=true (which start-up now refuses,
 * see http/trust-proxy.test.ts); behind one trusted hop the address is the one that hop saw.
 */
const PROXY_SAW = "203.0.113.7";
const PER_ADDRESS_LIMIT = 5;
const limits = {
  perEmailAndAddress: { limit: 10, windowSeconds: 900 },
  perAddress: { limit: PER_ADDRESS_LIMIT, windowSeconds: 900 },
};

async function counterKeys(t: TestApp): Promise<string[]> {
  const rows = await t.app.db
    .select({ key: rateLimitCounters.key })
    .from(rateLimitCounters)
    .where(like(rateLimitCounters.key, "login:%"));
  return rows.map((row) => row.key);
}

/** A failed sign-in with a fresh email each time (no per-email limit applies), from a spoofed left-hand address. */
function failedLogin(t: TestApp, attempt: number) {
  return t.client().request("POST", "/api/auth/login", {
    json: { email: `nobody-${attempt}@example.test`, password: "wrong password" },
    headers: { "x-forwarded-for": `198.51.100.${attempt}, ${PROXY_SAW}` },
  });
}

describe("behind one trusted hop (TRUST_PROXY=1)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ trustProxy: 1, loginLimits: limits });
  });
  afterAll(async () => t?.close());

  it("throttles failed sign-ins whose X-Forwarded-For rotates its left part: the address is the one the proxy saw", async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= PER_ADDRESS_LIMIT + 3; attempt++) statuses.push((await failedLogin(t, attempt)).status);
    expect(statuses.slice(0, PER_ADDRESS_LIMIT)).toEqual(Array(PER_ADDRESS_LIMIT).fill(401));
    expect(statuses.slice(PER_ADDRESS_LIMIT)).toEqual([429, 429, 429]);
    const keys = await counterKeys(t);
    expect(keys.some((key) => key.includes(PROXY_SAW))).toBe(true);
    expect(keys.filter((key) => key.includes("198.51.100."))).toEqual([]);
  });

  it("sends HSTS when the trusted proxy says the client came over https, on API answers and 404s alike", async () => {
    for (const path of ["/api/auth/user", "/api/no-such-route"]) {
      const https = await t.client().get(path, { "x-forwarded-proto": "https" });
      expect(https.headers.get("strict-transport-security"), path).toBe(HSTS);
      const http = await t.client().get(path, { "x-forwarded-proto": "http" });
      expect(http.headers.get("strict-transport-security"), path).toBeNull();
      const direct = await t.client().get(path);
      expect(direct.headers.get("strict-transport-security"), path).toBeNull();
    }
  });
});

describe("with a proxy address list that does not include the socket's address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ trustProxy: ["10.9.9.9", "192.0.2.0/24"], loginLimits: limits });
  });
  afterAll(async () => t?.close());

  it("ignores X-Forwarded-For and X-Forwarded-Proto: the address is the socket's", async () => {
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= PER_ADDRESS_LIMIT + 1; attempt++) statuses.push((await failedLogin(t, attempt)).status);
    expect(statuses.at(-1)).toBe(429);
    const keys = await counterKeys(t);
    expect(keys.some((key) => key.includes("127.0.0.1"))).toBe(true);
    expect(keys.filter((key) => key.includes(PROXY_SAW) || key.includes("198.51.100."))).toEqual([]);

    const claimed = await t.client().get("/api/auth/user", { "x-forwarded-proto": "https" });
    expect(claimed.headers.get("strict-transport-security")).toBeNull();
  });
});
