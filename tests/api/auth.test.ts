import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe("registration", () => {
  it("creates the account through create-subscription and complete-registration, signed in, on a 14-day trial", async () => {
    const client = t.client();
    const started = await client.post("/api/auth/create-subscription", {
      firstName: "Grace",
      lastName: "Hopper",
      email: "Grace@Example.TEST",
      password: "secret123",
      plan: "team",
      billingCycle: "annual",
      timezone: "Europe/London",
    });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ mode: "trial", clientSecret: null, trialDays: 14, plan: "team", billingCycle: "annual" });
    expect(client.cookie("minutely_signup")).toBeTruthy();
    expect(started.headers.getSetCookie().join()).toMatch(/HttpOnly/i);

    const done = await client.post("/api/auth/complete-registration");
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({
      email: "grace@example.test",
      firstName: "Grace",
      lastName: "Hopper",
      timezone: "Europe/London",
      plan: "team",
      billingCycle: "annual",
      subscriptionStatus: "trialing",
    });
    const trialDays = (Date.parse(done.body.trialEndsAt) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.9);
    expect(trialDays).toBeLessThanOrEqual(14);
    expect(done.body).not.toHaveProperty("passwordHash");
    expect(client.cookie("minutely_signup")).toBeUndefined();

    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body.email).toBe("grace@example.test");
  });

  it("refuses an email that is already registered with a 409 and a clear message", async () => {
    const first = await signUp(t.client());
    const again = await t.client().post("/api/auth/create-subscription", {
      firstName: "X",
      lastName: "Y",
      email: first.email.toUpperCase(),
      password: "secret123",
      plan: "individual",
      billingCycle: "monthly",
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("An account with this email already exists. Please sign in instead.");
  });

  it("refuses complete-registration without a pending sign-up", async () => {
    const response = await t.client().post("/api/auth/complete-registration");
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/sign-up has expired/);
  });

  it.each([
    [{}, "First name is required"],
    [{ firstName: "A", lastName: "B", email: "nope", password: "secret1", plan: "individual", billingCycle: "monthly" }, "Please enter a valid email address"],
    [{ firstName: "A", lastName: "B", email: "a@b.co", password: "short", plan: "individual", billingCycle: "monthly" }, "Password must be at least 6 characters"],
    [{ firstName: "A", lastName: "B", email: "a@b.co", password: "secret1", plan: "gold", billingCycle: "monthly" }, "Choose the Individual or Team plan"],
    [{ firstName: "A", lastName: "B", email: "a@b.co", password: "secret1", plan: "team", billingCycle: "weekly" }, "Choose monthly or annual billing"],
  ])("rejects a bad registration %# with the form's message", async (body, message) => {
    const response = await t.client().post("/api/auth/create-subscription", body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: "validation_error", message });
  });
});

describe("sessions", () => {
  it("signs out, refuses the old cookie, and signs back in with a new token", async () => {
    const client = t.client();
    const account = await signUp(client);
    const firstToken = client.cookie("minutely_session");
    expect(firstToken).toBeTruthy();

    const out = await client.post("/api/auth/logout");
    expect(out.status).toBe(200);
    expect(client.cookie("minutely_session")).toBeUndefined();

    const replay = t.client();
    const stale = await replay.request("GET", "/api/auth/user", { headers: { cookie: `minutely_session=${firstToken}` } });
    expect(stale.status).toBe(401);

    const login = await client.post("/api/auth/login", { email: account.email, password: account.password });
    expect(login.status).toBe(200);
    expect(login.body.email).toBe(account.email);
    expect(client.cookie("minutely_session")).not.toBe(firstToken);
    expect(login.headers.getSetCookie().join()).toMatch(/SameSite=Lax/i);
    expect((await client.get("/api/auth/user")).status).toBe(200);
  });

  it("answers 401 Unauthorized when signed out", async () => {
    const response = await t.client().get("/api/auth/user");
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ error: "unauthorized", message: "Unauthorized" });
    expect(response.body.requestId).toBe(response.headers.get("x-request-id"));
  });

  it("gives a wrong email and a wrong password the same answer", async () => {
    const account = await signUp(t.client());
    const wrongPassword = await t.client().post("/api/auth/login", { email: account.email, password: "wrong-password" });
    const wrongEmail = await t.client().post("/api/auth/login", { email: "nobody@example.test", password: "wrong-password" });
    expect(wrongPassword.status).toBe(401);
    expect(wrongEmail.status).toBe(401);
    expect(wrongPassword.body.message).toBe("Invalid email or password");
    expect(wrongEmail.body.message).toBe(wrongPassword.body.message);
    expect(wrongEmail.body.error).toBe(wrongPassword.body.error);
  });

  it("limits sign-in attempts per email, counted in the database", async () => {
    const account = await signUp(t.client());
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await t.client().post("/api/auth/login", { email: account.email, password: "wrong-password" })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const blocked = await t.client().post("/api/auth/login", { email: account.email, password: account.password });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(blocked.body.message).toMatch(/Too many sign-in attempts/);
  });

  it("redirects GET /api/login to /auth", async () => {
    const response = await t.client().get("/api/login");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth");
  });
});

describe("platform", () => {
  it("refuses a state-changing request without X-Requested-With and changes nothing", async () => {
    const client = t.client();
    const response = await client.request("POST", "/api/auth/create-subscription", {
      marker: false,
      json: { firstName: "A", lastName: "B", email: "csrf@example.test", password: "secret1", plan: "individual", billingCycle: "monthly" },
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/X-Requested-With/);
    expect(client.cookie("minutely_signup")).toBeUndefined();
  });

  it("sends security headers on every response", async () => {
    for (const path of ["/api/auth/user", "/api/health", "/api/nothing-here"]) {
      const response = await t.client().get(path);
      // JSON answers get the API set: nothing may load from or frame them, and nothing caches them.
      expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-request-id")).toBeTruthy();
    }
  });

  it("answers health with the database kind", async () => {
    const response = await t.client().get("/api/health");
    expect(response.status).toBe(200);
    expect(response.body.status).toBe("ok");
    expect(["pglite", "postgres"]).toContain(response.body.database);
  });
});

describe("request bodies", () => {
  it("treats an empty body sent with a JSON content type as no body", async () => {
    const client = t.client();
    await signUp(client);
    const response = await client.request("POST", "/api/auth/logout", { rawBody: "", headers: { "content-type": "application/json" } });
    expect(response.status).toBe(200);
  });

  it("still refuses a JSON body that tries prototype poisoning", async () => {
    const response = await t.client().request("POST", "/api/auth/login", {
      rawBody: '{"email":"a@b.co","password":"secret1","__proto__":{"admin":true}}',
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
  });
});

describe("session cache", () => {
  it("refuses a signed-out token at once, even right after it was used", async () => {
    const client = t.client();
    await signUp(client);
    const token = client.cookie("minutely_session");
    expect((await client.get("/api/auth/user")).status).toBe(200);
    await client.post("/api/auth/logout");
    const replay = await t.client().request("GET", "/api/auth/user", { headers: { cookie: `minutely_session=${token}` } });
    expect(replay.status).toBe(401);
  });
});
