import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CUSTOMER_EMAIL_REQUIRED,
  INVALID_AMOUNT,
  STRIPE_NOT_CONFIGURED,
  STRIPE_STATUS_ADMIN_ONLY,
  TEST_OBJECTS_ADMIN_ONLY,
} from "../../src/core/contracts/stripe.js";
import { setAdministrator } from "../../src/server/admin/set-administrator.js";
import { newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { createStripeStandIn, type StripeStandIn } from "../stand-ins/stripe/index.js";

describe("the payment test page's API with Stripe configured", () => {
  let clock = new Date();
  let t: TestApp;
  let standIn: StripeStandIn;
  let admin: TestAccount;
  let member: TestAccount;

  beforeAll(async () => {
    standIn = await createStripeStandIn().start();
    // Only the secret key: the sign-up of these tests stays the card-free trial (no publishable key, no prices).
    t = await startTestApp({ now: () => clock, stripe: { secretKey: standIn.secretKey, apiBase: standIn.url, prices: {} } });
    admin = await newAccount(t);
    member = await newAccount(t);
    await setAdministrator(t.app.db, { email: admin.account.email, isAdmin: true, now: new Date() });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.stop();
  });

  it("checks the connection with GET /v1/account and answers the account's details", async () => {
    const answer = await admin.c.get("/api/stripe/test");
    expect(answer.status).toBe(200);
    expect(answer.body.message).toContain("acct_standin0001");
    expect(answer.body).toMatchObject({
      success: true,
      configured: true,
      details: {
        id: "acct_standin0001",
        type: "standard",
        country: "US",
        defaultCurrency: "usd",
        email: "billing@minutely.test",
        businessProfile: { name: "Minutely Test Practice" },
      },
    });
    expect(standIn.requests.at(-1)).toMatchObject({ method: "GET", path: "/v1/account" });
  });

  it("refuses a user who is not an administrator (403), shows no account detail and asks Stripe nothing (issue 23 defect 5)", async () => {
    const before = standIn.requests.length;
    const answer = await member.c.get("/api/stripe/test");
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(STRIPE_STATUS_ADMIN_ONLY);
    expect(answer.text).not.toContain("acct_standin0001");
    expect(answer.text).not.toContain("billing@minutely.test");
    expect(standIn.requests.length).toBe(before);
  });

  it("answers repeated checks within a minute from one request to Stripe", async () => {
    const before = standIn.requests.filter((r) => r.path === "/v1/account").length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => admin.c.get("/api/stripe/test")));
    expect(answers.every((a) => a.status === 200 && a.body.details?.id === "acct_standin0001")).toBe(true);
    expect(standIn.requests.filter((r) => r.path === "/v1/account").length).toBe(before);
  });

  it("reports a refused key as a failed check with Stripe's sentence, not an error", async () => {
    clock = new Date(clock.getTime() + 61_000); // past the cached check
    standIn.failNext(
      { path: /^\/v1\/account$/ },
      { kind: "error", status: 401, type: "invalid_request_error", message: "Invalid API Key provided: sk_test_****" },
    );
    const answer = await admin.c.get("/api/stripe/test");
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(false);
    expect(answer.body.configured).toBe(true);
    expect(answer.body.message).toContain("Invalid API Key provided");
    expect(answer.body.details).toBeUndefined();
  });

  it("needs a session", async () => {
    expect((await t.client().get("/api/stripe/test")).status).toBe(401);
    expect((await t.client().post("/api/stripe/payment-intent", { amount: 1 })).status).toBe(401);
  });

  it("creates a payment intent in cents from the dollars sent, currency usd by default", async () => {
    const answer = await admin.c.post("/api/stripe/payment-intent", { amount: 1, metadata: { purpose: "test" } });
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    expect(answer.body.paymentIntent).toMatchObject({ amount: 100, currency: "usd", status: "requires_payment_method" });
    expect(answer.body.paymentIntent.id).toMatch(/^pi_/);
    const sent = standIn.requests.filter((r) => r.path === "/v1/payment_intents").at(-1)!;
    expect(sent.body).toMatchObject({ amount: "100", currency: "usd", metadata: { purpose: "test" } });
    expect(standIn.get(answer.body.paymentIntent.id)).toBeDefined();
  });

  it("creates a test customer with an optional name", async () => {
    const named = await admin.c.post("/api/stripe/customer", { email: "client@example.test", name: "Grace Hopper" });
    expect(named.status).toBe(200);
    expect(named.body.customer).toMatchObject({ email: "client@example.test", name: "Grace Hopper" });
    expect(standIn.get(named.body.customer.id)).toMatchObject({ object: "customer", email: "client@example.test" });
    const unnamed = await admin.c.post("/api/stripe/customer", { email: "second@example.test", name: "" });
    expect(unnamed.status).toBe(200);
    expect(unnamed.body.customer.name).toBeNull();
  });

  it("refuses test intents and customers for a user who is not an administrator, and sends nothing to Stripe", async () => {
    const before = standIn.requests.length;
    const intent = await member.c.post("/api/stripe/payment-intent", { amount: 100 });
    expect(intent.status).toBe(403);
    expect(intent.body.message).toBe(TEST_OBJECTS_ADMIN_ONLY);
    const customer = await member.c.post("/api/stripe/customer", { email: "x@example.test" });
    expect(customer.status).toBe(403);
    expect(standIn.requests.length).toBe(before);
  });

  it("refuses bad input with the form's validation messages word for word and sends nothing to Stripe", async () => {
    const before = standIn.requests.length;
    for (const amount of [0, -5, "100", null, 1.005, 1e9, 1e-9]) {
      const answer = await admin.c.post("/api/stripe/payment-intent", { amount });
      expect(answer.status, JSON.stringify(amount)).toBe(400);
      expect(answer.body.message).toContain(INVALID_AMOUNT);
    }
    for (const body of [{}, { email: "" }, { email: "   " }]) {
      const answer = await admin.c.post("/api/stripe/customer", body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(CUSTOMER_EMAIL_REQUIRED);
    }
    expect((await admin.c.post("/api/stripe/payment-intent", { amount: 5, currency: "jpy" })).status).toBe(400);
    expect((await admin.c.post("/api/stripe/payment-intent", { amount: 5, extra: 1 })).status).toBe(400);
    expect(standIn.requests.length).toBe(before);
  });

  it("surfaces Stripe's own message when Stripe refuses (a card error is a 402)", async () => {
    standIn.failNext(
      { method: "POST", path: /^\/v1\/payment_intents$/ },
      {
        kind: "error",
        status: 402,
        type: "card_error",
        message: "Your card was declined.",
        code: "card_declined",
        declineCode: "generic_decline",
      },
    );
    const declined = await admin.c.post("/api/stripe/payment-intent", { amount: 10 });
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe("Your card was declined.");

    standIn.failNext(
      { method: "POST", path: /^\/v1\/customers$/ },
      { kind: "error", status: 400, type: "invalid_request_error", message: "Invalid email address: nope" },
    );
    const refused = await admin.c.post("/api/stripe/customer", { email: "ok@example.test" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("Invalid email address: nope");
  });
});

describe("the payment test page's API without Stripe keys", () => {
  let t: TestApp;
  let admin: TestAccount;

  beforeAll(async () => {
    t = await startTestApp({ stripe: { prices: {} } });
    admin = await newAccount(t);
    await setAdministrator(t.app.db, { email: admin.account.email, isAdmin: true, now: new Date() });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("says Stripe is not configured and names the variables to set", async () => {
    const answer = await admin.c.get("/api/stripe/test");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: false, configured: false, message: STRIPE_NOT_CONFIGURED });
    expect(answer.body.message).toContain("STRIPE_SECRET_KEY");
    expect(answer.body.message).toContain("STRIPE_PUBLISHABLE_KEY");
  });

  it("refuses to create test objects with the same sentence (409), after validating the input", async () => {
    const intent = await admin.c.post("/api/stripe/payment-intent", { amount: 100 });
    expect(intent.status).toBe(409);
    expect(intent.body.message).toBe(STRIPE_NOT_CONFIGURED);
    expect((await admin.c.post("/api/stripe/payment-intent", { amount: 0 })).body.message).toContain(INVALID_AMOUNT);
    expect((await admin.c.post("/api/stripe/customer", { email: "a@example.test" })).status).toBe(409);
  });
});
