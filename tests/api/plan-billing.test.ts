import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_STRIPE_CUSTOMER, STRIPE_BILLING_NOT_CONFIGURED } from "../../src/core/contracts/subscription.js";
import { TRIAL_ENDED_MESSAGE } from "../../src/core/subscription-standing.js";
import { accounts } from "../../src/server/db/schema/index.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { PORTAL_PAGE_PATH } from "../stand-ins/stripe/billing-portal.js";
import { createStripeStandIn, type StripeStandIn } from "../stand-ins/stripe/index.js";

/**
 * Settings → Plan & Billing over HTTP (issue 15 §4): the subscription's view, Stripe's customer
 * portal and plan/cycle changes, with Stripe (the local stand-in) and without it.
 */
const PRICES = {
  "individual:monthly": "price_individual_monthly",
  "individual:annual": "price_individual_annual",
  "team:monthly": "price_team_monthly",
  "team:annual": "price_team_annual",
};
const DAY = 86_400_000;

async function accountRow(t: TestApp, who: TestAccount) {
  const [row] = await t.app.db.select().from(accounts).where(eq(accounts.id, who.accountId));
  return row!;
}

describe("Plan & Billing with Stripe configured", () => {
  let t: TestApp;
  let standIn: StripeStandIn;
  let stripe: Stripe;

  /** An account that paid through Stripe: a customer and an active subscription on Individual monthly. */
  async function payingAccount(): Promise<TestAccount & { subscriptionId: string; customerId: string }> {
    const who = await newAccount(t);
    const customer = await stripe.customers.create({ email: who.account.email });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: PRICES["individual:monthly"] }],
      trial_period_days: 14,
    });
    standIn.get(subscription.id)!.status = "active";
    await t.app.db
      .update(accounts)
      .set({ paymentCustomerId: customer.id, paymentSubscriptionId: subscription.id, subscriptionStatus: "active" })
      .where(eq(accounts.id, who.accountId));
    return { ...who, subscriptionId: subscription.id, customerId: customer.id };
  }

  beforeAll(async () => {
    standIn = await createStripeStandIn({ prices: PRICES }).start();
    // No publishable key: sign-up in these tests stays the card-free trial; the account is linked to Stripe by hand.
    t = await startTestApp({ stripe: { secretKey: standIn.secretKey, apiBase: standIn.url, prices: PRICES } });
    stripe = new Stripe(standIn.secretKey, { host: "127.0.0.1", port: standIn.port, protocol: "http", maxNetworkRetries: 0 });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.stop();
  });

  it("shows a new trial: plan, cycle, 14 days left, may track, no portal until the account is a Stripe customer", async () => {
    const who = await newAccount(t, { plan: "team", billingCycle: "annual" });
    const answer = await who.c.get("/api/billing/subscription");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      plan: "team",
      billingCycle: "annual",
      status: "trialing",
      trialDaysLeft: 14,
      canTrack: true,
      trackingMessage: null,
      stripeConfigured: true,
      canManage: false,
      canChangePlan: true,
    });
    const portal = await who.c.post("/api/billing/portal");
    expect(portal.status).toBe(409);
    expect(portal.body.message).toBe(NO_STRIPE_CUSTOMER);
  });

  it("opens Stripe's customer portal for the account's customer, returning to Settings → Plan & Billing", async () => {
    const who = await payingAccount();
    expect((await who.c.get("/api/billing/subscription")).body).toMatchObject({ canManage: true, status: "active" });
    const portal = await who.c.post("/api/billing/portal");
    expect(portal.status).toBe(200);
    expect(portal.body.url).toContain(`${standIn.url}${PORTAL_PAGE_PATH}/`);
    const session = standIn.list("billing_portal.session").at(-1)!;
    expect(session.customer).toBe(who.customerId);
    expect(session.return_url).toBe(`${t.baseUrl}/settings?tab=plan`);
  });

  it("changes plan and cycle in Stripe, then the account follows Stripe's answer", async () => {
    const who = await payingAccount();
    const changed = await who.c.post("/api/billing/change-plan", { plan: "team", billingCycle: "annual" });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toContain("Team (annual)");
    const item = (standIn.get(who.subscriptionId)!.items as { data: { price: { id: string } }[] }).data[0]!;
    expect(item.price.id).toBe(PRICES["team:annual"]);
    const update = standIn.requests
      .filter((r) => r.method === "POST" && r.path === `/v1/subscriptions/${who.subscriptionId}`)
      .at(-1)!;
    expect(update.idempotencyKey).toContain(who.subscriptionId);
    expect(changed.body.subscription).toMatchObject({ plan: "team", billingCycle: "annual", status: "active" });
    const reread = await who.c.get("/api/billing/subscription");
    expect(reread.body).toMatchObject({ plan: "team", billingCycle: "annual" });
    expect(reread.body.currentPeriodEnd).not.toBeNull();
    expect(await accountRow(t, who)).toMatchObject({ plan: "team", billingCycle: "annual" });
  });

  it("answers Stripe's own sentence when it refuses the change, and the account keeps its plan", async () => {
    const who = await payingAccount();
    standIn.failNext(
      { method: "POST", path: new RegExp(`^/v1/subscriptions/${who.subscriptionId}$`) },
      { kind: "error", status: 402, type: "card_error", message: "Your card has insufficient funds.", code: "card_declined" },
    );
    const refused = await who.c.post("/api/billing/change-plan", { plan: "team", billingCycle: "monthly" });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe("Your card has insufficient funds.");
    expect(await accountRow(t, who)).toMatchObject({ plan: "individual", billingCycle: "monthly" });
  });

  it("refuses bad input with a 400 and changes nothing", async () => {
    const who = await payingAccount();
    const before = standIn.requests.length;
    await expectNothingChanged(t.app.db, async () => {
      for (const body of [
        {},
        { plan: "gold", billingCycle: "monthly" },
        { plan: "team", billingCycle: "weekly" },
        { plan: "team", billingCycle: "annual", x: 1 },
      ]) {
        expect((await who.c.post("/api/billing/change-plan", body)).status).toBe(400);
      }
      expect((await who.c.post("/api/billing/portal", { url: "https://evil.test" })).status).toBe(400);
    });
    expect(standIn.requests.length).toBe(before);
  });

  it("needs a session", async () => {
    expect((await t.client().get("/api/billing/subscription")).status).toBe(401);
    expect((await t.client().post("/api/billing/portal")).status).toBe(401);
    expect((await t.client().post("/api/billing/change-plan", { plan: "team", billingCycle: "annual" })).status).toBe(401);
  });
});

describe("Plan & Billing without Stripe", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ stripe: { prices: {} } });
  });
  afterAll(async () => t?.close());

  it("changes plan and cycle locally during the trial", async () => {
    const who = await newAccount(t);
    const changed = await who.c.post("/api/billing/change-plan", { plan: "team", billingCycle: "annual" });
    expect(changed.status).toBe(200);
    expect(changed.body.subscription).toMatchObject({
      plan: "team",
      billingCycle: "annual",
      status: "trialing",
      stripeConfigured: false,
      canManage: false,
    });
    expect(await accountRow(t, who)).toMatchObject({ plan: "team", billingCycle: "annual" });
    const portal = await who.c.post("/api/billing/portal");
    expect(portal.status).toBe(409);
    expect(portal.body.message).toBe(STRIPE_BILLING_NOT_CONFIGURED);
  });

  it("refuses a change once the trial has ended, saying why; the view says tracking stopped", async () => {
    const who = await newAccount(t);
    await t.app.db
      .update(accounts)
      .set({ trialEndsAt: new Date(Date.now() - DAY) })
      .where(eq(accounts.id, who.accountId));
    const view = await who.c.get("/api/billing/subscription");
    expect(view.body).toMatchObject({
      trialDaysLeft: 0,
      canTrack: false,
      trackingMessage: TRIAL_ENDED_MESSAGE,
      canChangePlan: false,
    });
    expect(view.body.changePlanNote).toContain("STRIPE_SECRET_KEY");
    const refused = await who.c.post("/api/billing/change-plan", { plan: "team", billingCycle: "monthly" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(view.body.changePlanNote);
    expect(await accountRow(t, who)).toMatchObject({ plan: "individual", billingCycle: "monthly" });
  });
});
