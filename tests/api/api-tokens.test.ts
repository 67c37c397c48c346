import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  API_TOKEN_ABOVE_ROLE,
  API_TOKEN_EXPIRED,
  API_TOKEN_INVALID,
  API_TOKEN_MEMBER_REMOVED,
  API_TOKEN_RATE_LIMITED,
  API_TOKEN_REVOKED,
  LAST_USED_INTERVAL_MS,
} from "../../src/server/auth/api-token-auth.js";
import { hashToken } from "../../src/server/auth/tokens.js";
import { API_TOKEN_NOT_FOUND } from "../../src/server/api-tokens/manage-api-tokens.js";
import { apiTokens, clients as clientsTable, invoices } from "../../src/server/db/schema/index.js";
import { refusalMessage } from "../../src/core/permissions.js";
import { buildCall, buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { joinAs } from "../helpers/team.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/** Issue 26 §4 over HTTP: personal API tokens (docs/api.md). */
let t: TestApp;
let owner: TestAccount;
let clock = new Date("2026-03-02T09:00:00Z");
const DAY = 24 * 3600 * 1000;
const lines: string[] = [];
const RATE_LIMIT = 40;

beforeAll(async () => {
  t = await startTestApp({
    now: () => clock,
    logLevel: "trace",
    logDestination: { write: (line) => void lines.push(line) },
    apiTokenRateLimit: { limit: RATE_LIMIT, windowSeconds: 60 },
  });
  owner = await newAccount(t, { plan: "team" });
});
afterAll(async () => t?.close());

/** A request as an API client makes it: the token in the header, no cookie, no X-Requested-With. */
async function bearer(token: string, method: string, path: string, json?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(t.baseUrl + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(json === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

async function makeToken(c: TestAccount["c"], role: string, name = `token ${role}`, expiresInDays = 30) {
  const made = await c.post("/api/api-tokens", { name, role, expiresInDays });
  if (made.status !== 201) throw new Error(`token not made: ${made.status} ${made.text}`);
  return made.body as { token: { id: number }; secret: string };
}

describe("making, listing and revoking", () => {
  it("shows the token once, stores only its hash, and lists it without the secret", async () => {
    const made = await owner.c.post("/api/api-tokens", { name: "Billing system", role: "admin", expiresInDays: 90 });
    expect(made.status).toBe(201);
    expect(made.body.secret).toMatch(/^mtly_[A-Za-z0-9_-]{43}$/);
    expect(made.body.token).toMatchObject({
      name: "Billing system",
      role: "admin",
      expiresAt: new Date(clock.getTime() + 90 * DAY).toISOString(),
      lastUsedAt: null,
      expired: false,
    });
    const [row] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, made.body.token.id));
    expect(row?.tokenHash).toBe(hashToken(made.body.secret));
    expect(JSON.stringify(row)).not.toContain(made.body.secret.slice(5));
    const list = await owner.c.get("/api/api-tokens");
    expect(list.status).toBe(200);
    expect(list.body.tokens.map((token: { name: string }) => token.name)).toContain("Billing system");
    expect(list.text).not.toContain(made.body.secret);
    expect(list.text).not.toContain(row?.tokenHash);
  });

  it("refuses bad input with a clear message and makes nothing", async () => {
    const before = (await owner.c.get("/api/api-tokens")).body.tokens.length;
    const cases: [unknown, string][] = [
      [{ name: "", role: "member", expiresInDays: 30 }, "Give the token a name"],
      [{ name: "x", role: "root", expiresInDays: 30 }, "Choose a role: owner, admin, member or billing"],
      [{ name: "x", role: "member" }, "Choose when the token expires: 1 to 365 days"],
      [{ name: "x", role: "member", expiresInDays: 366 }, "A token lives at most 365 days"],
      [{ name: "x", role: "member", expiresInDays: 0 }, "Choose when the token expires: 1 to 365 days"],
      [{ name: "x", role: "member", expiresInDays: 30, extra: 1 }, ""],
    ];
    for (const [body, message] of cases) {
      const response = await owner.c.post("/api/api-tokens", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toContain(message);
    }
    expect((await owner.c.get("/api/api-tokens")).body.tokens.length).toBe(before);
  });

  it("refuses a role above the creator's (permissions, not rank: billing cannot give member) and makes nothing", async () => {
    const billing = await joinAs(t, owner.c, "billing");
    const refused = await billing.c.post("/api/api-tokens", { name: "x", role: "member", expiresInDays: 30 });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("A token's role may hold only permissions your role (Billing) has: choose Billing");
    const admin = await joinAs(t, owner.c, "admin");
    const asOwner = await admin.c.post("/api/api-tokens", { name: "x", role: "owner", expiresInDays: 30 });
    expect(asOwner.status).toBe(403);
    expect(asOwner.body.message).toBe(
      "A token's role may hold only permissions your role (Admin) has: choose Admin, Member, Billing",
    );
    expect((await billing.c.get("/api/api-tokens")).body.tokens).toEqual([]);
    expect((await admin.c.get("/api/api-tokens")).body.tokens).toEqual([]);
    // Within theirs: made.
    expect((await billing.c.post("/api/api-tokens", { name: "ok", role: "billing", expiresInDays: 30 })).status).toBe(201);
  });

  it("answers 404 for another practice's token id and for a colleague's, and revokes nothing", async () => {
    const mine = await makeToken(owner.c, "member");
    const stranger = await newAccount(t);
    const colleague = await joinAs(t, owner.c, "admin");
    for (const c of [stranger.c, colleague.c]) {
      const response = await c.request("DELETE", `/api/api-tokens/${mine.token.id}`);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(API_TOKEN_NOT_FOUND);
      expect((await c.get("/api/api-tokens")).body.tokens.map((x: { id: number }) => x.id)).not.toContain(mine.token.id);
    }
    expect((await bearer(mine.secret, "GET", "/api/calls")).status).toBe(200);
    const bad = await owner.c.request("DELETE", "/api/api-tokens/abc");
    expect(bad.status).toBe(400);
  });

  it("revokes: the token stops at once with 401 and leaves the list", async () => {
    const made = await makeToken(owner.c, "member");
    expect((await bearer(made.secret, "GET", "/api/calls")).status).toBe(200);
    const revoked = await owner.c.request("DELETE", `/api/api-tokens/${made.token.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe("Token revoked");
    const after = await bearer(made.secret, "GET", "/api/calls");
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(API_TOKEN_REVOKED);
    expect((await owner.c.get("/api/api-tokens")).body.tokens.map((x: { id: number }) => x.id)).not.toContain(made.token.id);
    expect((await owner.c.request("DELETE", `/api/api-tokens/${made.token.id}`)).status).toBe(404);
  });
});

describe("Authorization: Bearer", () => {
  it("lists calls (GET) and creates an invoice (POST) as the creator, without a cookie or X-Requested-With", async () => {
    const who = await newAccount(t);
    const client = await buildClient(who.c, { name: "Acme Holdings" });
    await buildCall(who, { clientId: client.id, startedAt: "2026-02-05T14:00:00Z", durationSeconds: 3600 });
    const { secret } = await makeToken(who.c, "owner");
    const list = await bearer(secret, "GET", "/api/calls");
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ clientId: client.id });
    const made = await bearer(secret, "POST", "/api/invoices", {
      dateFrom: "2026-02-01",
      dateTo: "2026-02-28",
      clientId: client.id,
    });
    expect(made.status).toBe(201);
    expect(made.body.invoices[0]).toMatchObject({ clientName: "Acme Holdings", status: "draft" });
    expect(await t.app.db.select().from(invoices).where(eq(invoices.accountId, who.accountId))).toHaveLength(1);
    // No cookie was set for a Bearer caller.
    expect(list.headers.get("set-cookie")).toBeNull();
  });

  it("acts with the token's role: a member token cannot reach invoices (403), though its creator can", async () => {
    const { secret } = await makeToken(owner.c, "member");
    const refused = await bearer(secret, "GET", "/api/invoices");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(refusalMessage("member", "invoices:read"));
    expect((await owner.c.get("/api/invoices")).status).toBe(200);
    expect((await bearer(secret, "GET", "/api/auth/user")).body.role).toBe("member");
  });

  it("refuses forged, cut, empty and unknown tokens with 401 and a clear message", async () => {
    const { secret } = await makeToken(owner.c, "member");
    for (const forged of [
      `${secret.slice(0, -1)}${secret.endsWith("A") ? "B" : "A"}`,
      secret.slice(0, -2),
      "",
      "mtly_",
      "not-a-token",
    ]) {
      const response = await bearer(forged, "GET", "/api/calls");
      expect(response.status, forged).toBe(401);
      expect(response.body.message).toBe(API_TOKEN_INVALID);
    }
  });

  it("refuses an expired token with 401", async () => {
    const made = await makeToken(owner.c, "member", "short", 1);
    expect((await bearer(made.secret, "GET", "/api/calls")).status).toBe(200);
    const saved = clock;
    clock = new Date(saved.getTime() + DAY);
    try {
      const response = await bearer(made.secret, "GET", "/api/calls");
      expect(response.status).toBe(401);
      expect(response.body.message).toBe(API_TOKEN_EXPIRED);
      const listed = (await owner.c.get("/api/api-tokens")).body.tokens.find((x: { id: number }) => x.id === made.token.id);
      expect(listed.expired).toBe(true);
    } finally {
      clock = saved;
    }
  });

  it("refuses a removed member's token with 401, and a demoted member's token above their new role", async () => {
    const admin = await joinAs(t, owner.c, "admin");
    const high = await makeToken(admin.c, "admin");
    const low = await makeToken(admin.c, "member");
    expect((await bearer(high.secret, "GET", "/api/team")).status).toBe(200);
    expect((await owner.c.request("PUT", `/api/team/members/${admin.user.id}/role`, { json: { role: "member" } })).status).toBe(
      200,
    );
    const above = await bearer(high.secret, "GET", "/api/calls");
    expect(above.status).toBe(401);
    expect(above.body.message).toBe(API_TOKEN_ABOVE_ROLE);
    expect((await bearer(low.secret, "GET", "/api/calls")).status).toBe(200);
    expect((await owner.c.request("DELETE", `/api/team/members/${admin.user.id}`)).status).toBe(200);
    const removed = await bearer(low.secret, "GET", "/api/calls");
    expect(removed.status).toBe(401);
    expect(removed.body.message).toBe(API_TOKEN_MEMBER_REMOVED);
  });

  it("sees only its own practice: another practice's client id is a 404", async () => {
    const stranger = await newAccount(t);
    const theirs = await buildClient(stranger.c, { name: "Not yours" });
    const { secret } = await makeToken(owner.c, "owner");
    const response = await bearer(secret, "GET", `/api/clients/${theirs.id}`);
    expect(response.status).toBe(404);
    const [row] = await t.app.db.select().from(clientsTable).where(eq(clientsTable.id, theirs.id));
    expect(row?.name).toBe("Not yours");
  });

  it("writes last used at most every few minutes", async () => {
    const made = await makeToken(owner.c, "member");
    const lastUsed = async () =>
      (await owner.c.get("/api/api-tokens")).body.tokens.find((x: { id: number }) => x.id === made.token.id).lastUsedAt;
    expect(await lastUsed()).toBeNull();
    await bearer(made.secret, "GET", "/api/calls");
    const first = clock.toISOString();
    expect(await lastUsed()).toBe(first);
    const saved = clock;
    try {
      clock = new Date(saved.getTime() + LAST_USED_INTERVAL_MS - 1000);
      await bearer(made.secret, "GET", "/api/calls");
      expect(await lastUsed()).toBe(first);
      clock = new Date(saved.getTime() + LAST_USED_INTERVAL_MS);
      await bearer(made.secret, "GET", "/api/calls");
      expect(await lastUsed()).toBe(clock.toISOString());
    } finally {
      clock = saved;
    }
  });

  it("has its own rate limit, shared through the database: 429 with Retry-After, other tokens unaffected", async () => {
    const saved = clock;
    // The start of a fresh minute, so the window is the test's alone.
    clock = new Date("2026-03-02T10:00:00Z");
    try {
      const limited = await makeToken(owner.c, "member");
      const other = await makeToken(owner.c, "member");
      for (let i = 0; i < RATE_LIMIT; i++) expect((await bearer(limited.secret, "GET", "/api/calls")).status).toBe(200);
      const over = await bearer(limited.secret, "GET", "/api/calls");
      expect(over.status).toBe(429);
      expect(over.body.message).toBe(API_TOKEN_RATE_LIMITED);
      expect(over.headers.get("retry-after")).toBe("60");
      expect((await bearer(other.secret, "GET", "/api/calls")).status).toBe(200);
      // The session of the same person is not counted against the token.
      expect((await owner.c.get("/api/calls")).status).toBe(200);
      clock = new Date("2026-03-02T10:01:00Z");
      expect((await bearer(limited.secret, "GET", "/api/calls")).status).toBe(200);
    } finally {
      clock = saved;
    }
  });
});

describe("CSRF", () => {
  it("a cookie POST still needs X-Requested-With; a Bearer POST needs none", async () => {
    const cookieOnly = await owner.c.request("POST", "/api/clients", { json: { name: "Via cookie" }, marker: false });
    expect(cookieOnly.status).toBe(403);
    expect(cookieOnly.body.message).toContain("missing X-Requested-With header");
    const { secret } = await makeToken(owner.c, "owner");
    const viaToken = await bearer(secret, "POST", "/api/clients", { name: "Via token" });
    expect(viaToken.status).toBe(201);
    const names = (await owner.c.get("/api/clients")).body.map((c: { name: string }) => c.name);
    expect(names).toContain("Via token");
    expect(names).not.toContain("Via cookie");
  });

  it("a cookie request cannot skip the check by adding a made-up Bearer token: 401, nothing written", async () => {
    for (const header of ["Bearer mtly_made-up", "Bearer ", "bearer x"]) {
      const smuggled = await owner.c.request("POST", "/api/clients", {
        json: { name: "Smuggled" },
        marker: false,
        headers: { authorization: header },
      });
      expect(smuggled.status, header).toBe(401);
      expect(smuggled.body.message).toBe(API_TOKEN_INVALID);
    }
    const names = (await owner.c.get("/api/clients")).body.map((c: { name: string }) => c.name);
    expect(names).not.toContain("Smuggled");
  });
});

describe("the OpenAPI document", () => {
  it("describes bearerAuth and puts it on every operation that is not public", async () => {
    const document = (await owner.c.get("/api/openapi.json")).body;
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    const missing: string[] = [];
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Record<string, unknown>>>))
      for (const [method, operation] of Object.entries(item)) {
        if (operation["x-permission"] === "public") continue;
        const security = operation.security as Record<string, unknown>[] | undefined;
        if (!security?.some((s) => "bearerAuth" in s)) missing.push(`${method} ${path}`);
      }
    expect(missing).toEqual([]);
  });
});

describe("the log", () => {
  it("never holds a token: not on success, refusal, revocation or error", async () => {
    const made = await makeToken(owner.c, "owner");
    await bearer(made.secret, "GET", "/api/calls?token=x");
    await bearer(made.secret, "POST", "/api/clients", { name: "" });
    await bearer(made.secret, "POST", "/api/clients", "{not json", { "content-type": "application/json" });
    await bearer(`${made.secret.slice(0, -1)}Z`, "GET", "/api/calls");
    await owner.c.request("DELETE", `/api/api-tokens/${made.token.id}`);
    await bearer(made.secret, "GET", "/api/calls");
    expect(lines.length).toBeGreaterThan(10);
    const joined = lines.join("\n");
    expect(joined).not.toContain(made.secret.slice(5));
    expect(joined).not.toContain(made.secret.slice(5, 30));
    expect(joined).not.toContain(hashToken(made.secret));
  });
});
