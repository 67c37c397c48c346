import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pendingRegistrations, sessions, waitlistEntries } from "../../src/server/db/schema/index.js";
import { API_HEADERS } from "../../src/server/http/security-headers.js";
import { signUp, signUpInput } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 11, defects 6 and 9: the CSRF guard and the /api header set follow the route the router
 * matched, not the raw URL (`/%61pi/…` runs `/api/…`); HSTS only on https.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ waitlistLimit: { limit: 1000, windowSeconds: 600 } });
});
afterAll(async () => t?.close());

const CSRF_MESSAGE = "This request must be sent by the Minutely app (missing X-Requested-With header)";

async function count(table: typeof sessions | typeof waitlistEntries | typeof pendingRegistrations): Promise<number> {
  const [row] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return Number(row?.n);
}

describe("CSRF guard on an encoded path (defect 6)", () => {
  it("refuses POST /%61pi/auth/logout without X-Requested-With, and the session lives on", async () => {
    const client = t.client();
    await signUp(client);
    const sessionsBefore = await count(sessions);
    const response = await client.request("POST", "/%61pi/auth/logout", { marker: false });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: "forbidden", message: CSRF_MESSAGE });
    expect(await count(sessions)).toBe(sessionsBefore);
    expect((await client.get("/api/auth/user")).status).toBe(200);
  });

  it("runs the same encoded route when the app sends the marker (the router does decode it)", async () => {
    const client = t.client();
    await signUp(client);
    const response = await client.request("POST", "/%61pi/auth/logout");
    expect(response.status).toBe(200);
    expect((await client.get("/api/auth/user")).status).toBe(401);
  });

  it("refuses login, waitlist, create-subscription and complete-registration through encoded paths, changing nothing", async () => {
    const owner = t.client();
    const account = await signUp(owner);
    const before = {
      sessions: await count(sessions),
      waitlist: await count(waitlistEntries),
      pending: await count(pendingRegistrations),
    };

    const attempts: [string, unknown][] = [
      ["/%61pi/auth/login", { email: account.email, password: account.password }],
      ["/api/%61uth/login", { email: account.email, password: account.password }],
      ["/%61%70%69/waitlist", { email: "csrf-encoded@example.test", joinWaitlist: true }],
      ["/%61pi/auth/create-subscription", signUpInput({ email: "csrf-encoded@example.test" })],
    ];
    for (const [path, json] of attempts) {
      const attacker = t.client();
      const response = await attacker.request("POST", path, { json, marker: false });
      expect(response.status, path).toBe(403);
      expect(response.body.message, path).toBe(CSRF_MESSAGE);
      expect(attacker.cookie("minutely_session"), path).toBeUndefined();
      expect(attacker.cookie("minutely_signup"), path).toBeUndefined();
    }

    // complete-registration needs a pending sign-up cookie: started properly, finished through the encoded path.
    const victim = t.client();
    expect((await victim.post("/api/auth/create-subscription", signUpInput({ email: "csrf-victim@example.test" }))).status).toBe(
      200,
    );
    const completed = await victim.request("POST", "/%61pi/auth/complete-registration", { marker: false });
    expect(completed.status).toBe(403);
    expect(victim.cookie("minutely_session")).toBeUndefined();

    expect(await count(sessions)).toBe(before.sessions);
    expect(await count(waitlistEntries)).toBe(before.waitlist);
    expect(await count(pendingRegistrations)).toBe(before.pending + 1);
  });

  it("still answers an unknown /api path with the API's JSON 404, and keeps the guard on it", async () => {
    const missing = await t.client().get("/api/no-such-route");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: "not_found" });
    const post = await t.client().request("POST", "/api/no-such-route", { marker: false });
    expect(post.status).toBe(403);
  });

  it("gives an encoded API path the API header set", async () => {
    const client = t.client();
    await signUp(client);
    const response = await client.get("/%61pi/auth/user");
    expect(response.status).toBe(200);
    for (const [name, value] of Object.entries(API_HEADERS)) expect(response.headers.get(name), name).toBe(value);
  });
});

describe("HSTS (defect 9)", () => {
  it("is not sent over plain http, even when an untrusted client claims X-Forwarded-Proto: https", async () => {
    const variants: Record<string, string>[] = [{}, { "x-forwarded-proto": "https" }];
    for (const headers of variants) {
      const response = await t.client().get("/api/auth/user", headers);
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });
});
