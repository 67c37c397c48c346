import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  STRIPE_BILLING_NOT_CONFIGURED,
  SUBSCRIBE_WITH_CARD_NOTE,
  SUBSCRIPTION_ALREADY_LIVE,
} from "../../src/core/contracts/subscription.js";
import { TRIAL_ENDED_MESSAGE } from "../../src/core/subscription-standing.js";
import { accounts } from "../../src/server/db/schema/index.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { CHECKOUT_PAGE_PATH, completeCheckout } from "../stand-ins/stripe/checkout-sessions.js";
import { deliverEvent, eventsOf, shuffled, type StandInEvent } from "../stand-ins/stripe/events.js";
import { createStripeStandIn, type StripeStandIn } from "../stand-ins/stripe/index.js";
import type { StripeObject } from "../stand-ins/stripe/server.js";
import { TEST_PRICES, WEBHOOK_SECRET } from "./stripe-signup-setup.js";
import { until } from "../helpers/until.js";

/**
 * Issue 15 §4, the gap: an account on a Stripe server whose card-free trial ended (or whose
 * subscription ended) and that has no live Stripe subscription subscribes itself on Stripe
 * Checkout (POST /api/billing/checkout); Stripe's webhook then links the new subscription to the
 * account by its customer id, and tracking resumes.
 */
const HOUR = 3_600_000;
const JOBS = { jobs: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 3000 } };

let t: TestApp;
let standIn: StripeStandIn;
let webhookUrl: string;

beforeAll(async () => {
  standIn = await createStripeStandIn({ prices: TEST_PRICES }).start();
  // No publishable key: sign-up stays the card-free trial, as for an account made before Stripe was configured.
  t = await startTestApp({
    stripe: { secretKey: standIn.secretKey, apiBase: standIn.url, prices: TEST_PRICES, webhookSecret: WEBHOOK_SECRET },
    ...JOBS,
  });
  webhookUrl = `${t.baseUrl}/api/webhooks/stripe`;
});
afterAll(async () => {
  await t?.close();
  await standIn?.stop();
});

async function accountRow(who: TestAccount) {
  const [row] = await t.app.db.select().from(accounts).where(eq(accounts.id, who.accountId));
  return row!;
}

async function trialEnded(overrides: Parameters<typeof newAccount>[1] = {}): Promise<TestAccount> {
  const who = await newAccount(t, overrides);
  await t.app.db
    .update(accounts)
    .set({ trialEndsAt: new Date(Date.now() - HOUR) })
    .where(eq(accounts.id, who.accountId));
  return who;
}

const sessionOf = (url: string) => standIn.get(url.slice(url.lastIndexOf("/") + 1))!;
const priceOf = (session: StripeObject) => (session.line_items as { data: { price: { id: string } }[] }).data[0]!.price.id;

/** Every event the stand-in sent about this customer (the Checkout's subscription, invoice, session). */
const eventsOfCustomer = (customerId: string): StandInEvent[] =>
  eventsOf(standIn).filter((event) => event.data.object.customer === customerId);

async function deliverAll(events: StandInEvent[]) {
  for (const event of events) expect((await deliverEvent(webhookUrl, event, WEBHOOK_SECRET)).status).toBe(200);
}

async function pendingJobs(): Promise<number> {
  const result = await t.app.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'stripe.apply-event' and state in ('created','retry','active')`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe("Stripe Checkout for an account without a Stripe subscription", () => {
  it("after the trial: Checkout URL, Stripe's webhook links the subscription, tracking resumes on the price's plan", async () => {
    const who = await trialEnded();
    const clientId = (await buildClient(who.c, { name: "Initech" })).id;
    const view = await who.c.get("/api/billing/subscription");
    expect(view.body).toMatchObject({
      canTrack: false,
      trackingMessage: TRIAL_ENDED_MESSAGE,
      canCheckout: true,
      canChangePlan: false,
      changePlanNote: SUBSCRIBE_WITH_CARD_NOTE,
    });
    const refused = await who.c.post("/api/calls/start", { clientId });
    expect(refused.status).toBe(402);
    // Change plan points at the new way on instead of "Contact support".
    const change = await who.c.post("/api/billing/change-plan", { plan: "team", billingCycle: "annual" });
    expect(change.status).toBe(409);
    expect(change.body.message).toBe(SUBSCRIBE_WITH_CARD_NOTE);

    const checkout = await who.c.post("/api/billing/checkout", { plan: "team", billingCycle: "annual" });
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toContain(`${standIn.url}${CHECKOUT_PAGE_PATH}/cs_test_`);
    const session = sessionOf(checkout.body.url);
    expect(session).toMatchObject({
      mode: "subscription",
      status: "open",
      client_reference_id: String(who.accountId),
      success_url: `${t.baseUrl}/settings?tab=plan&checkout=success`,
      cancel_url: `${t.baseUrl}/settings?tab=plan&checkout=cancelled`,
    });
    expect(priceOf(session)).toBe(TEST_PRICES["team:annual"]);
    // The customer is stored before the browser leaves, so the webhook finds the account by it.
    const stored = await accountRow(who);
    expect(stored.paymentCustomerId).toBe(session.customer);
    expect(standIn.get(String(session.customer))).toMatchObject({ email: who.account.user.email });
    expect(stored).toMatchObject({ paymentSubscriptionId: null, subscriptionStatus: "trialing", plan: "individual" });
    const request = standIn.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
    expect(request.idempotencyKey).toContain(`checkout:${who.accountId}-`);

    const completed = completeCheckout(standIn, session.id);
    // Stripe sends them in any order, and the app re-reads the subscription either way.
    await deliverAll(shuffled(eventsOfCustomer(String(session.customer)), 7));
    const row = await until(
      "the account to follow the Checkout's subscription",
      () => accountRow(who),
      (r) => r.subscriptionStatus === "active",
    );
    expect(row).toMatchObject({
      paymentSubscriptionId: completed.subscription,
      plan: "team",
      billingCycle: "annual",
      cancelAtPeriodEnd: false,
    });
    expect(row.currentPeriodEnd).not.toBeNull();
    expect((await who.c.get("/api/billing/subscription")).body).toMatchObject({
      status: "active",
      canTrack: true,
      trackingMessage: null,
      canCheckout: false,
      canManage: true,
      canChangePlan: true,
      changePlanNote: null,
    });
    expect((await who.c.post("/api/calls/start", { clientId })).status).toBe(201);

    const again = await who.c.post("/api/billing/checkout", {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SUBSCRIPTION_ALREADY_LIVE);
  });

  it("defaults to the account's own plan and cycle and reuses its Stripe customer", async () => {
    const who = await trialEnded({ plan: "team", billingCycle: "monthly" });
    const customersBefore = standIn.list("customer").length;
    const first = await who.c.post("/api/billing/checkout");
    expect(first.status).toBe(200);
    expect(priceOf(sessionOf(first.body.url))).toBe(TEST_PRICES["team:monthly"]);
    // Back from Checkout without paying, then again on another cycle: the same customer.
    const second = await who.c.post("/api/billing/checkout", { billingCycle: "annual" });
    expect(second.status).toBe(200);
    expect(priceOf(sessionOf(second.body.url))).toBe(TEST_PRICES["team:annual"]);
    expect(sessionOf(second.body.url).customer).toBe(sessionOf(first.body.url).customer);
    expect(standIn.list("customer").length).toBe(customersBefore + 1);
  });

  it("an account whose subscription was canceled subscribes again; a late event of the old one changes nothing", async () => {
    const who = await trialEnded();
    const first = sessionOf((await who.c.post("/api/billing/checkout")).body.url);
    const old = completeCheckout(standIn, first.id);
    await deliverAll(eventsOfCustomer(String(first.customer)));
    await until(
      "the first subscription",
      () => accountRow(who),
      (r) => r.subscriptionStatus === "active",
    );
    await fetch(`${standIn.url}/v1/subscriptions/${String(old.subscription)}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${standIn.secretKey}` },
    });
    const deleted = eventsOf(standIn).findLast((e) => e.type === "customer.subscription.deleted")!;
    await deliverAll([deleted]);
    await until(
      "the cancellation",
      () => accountRow(who),
      (r) => r.subscriptionStatus === "canceled",
    );
    expect((await who.c.get("/api/billing/subscription")).body).toMatchObject({ canTrack: false, canCheckout: true });

    const renewed = sessionOf((await who.c.post("/api/billing/checkout")).body.url);
    expect(renewed.id).not.toBe(first.id);
    expect(renewed.customer).toBe(first.customer);
    const completed = completeCheckout(standIn, renewed.id);
    const fresh = eventsOfCustomer(String(first.customer)).filter((e) => e.created >= renewed.created && e.id > deleted.id);
    await deliverAll(fresh);
    await until(
      "the new subscription",
      () => accountRow(who),
      (r) => r.paymentSubscriptionId === completed.subscription,
    );
    // The old subscription's deletion, delivered again late (a retry Stripe makes): the account stays on the new one.
    await deliverAll([{ ...deleted, id: `${deleted.id}_retry` }]);
    await until("the queue to be empty", pendingJobs, (n) => n === 0);
    expect(await accountRow(who)).toMatchObject({ paymentSubscriptionId: completed.subscription, subscriptionStatus: "active" });
  });

  it("another account's Checkout never touches this account", async () => {
    const mine = await trialEnded();
    const theirs = await trialEnded();
    const mineSession = sessionOf((await mine.c.post("/api/billing/checkout")).body.url);
    const theirSession = sessionOf((await theirs.c.post("/api/billing/checkout")).body.url);
    expect(theirSession.client_reference_id).toBe(String(theirs.accountId));
    expect(theirSession.customer).not.toBe(mineSession.customer);
    // The body cannot name another account.
    const named = await theirs.c.post("/api/billing/checkout", { accountId: mine.accountId });
    expect(named.status).toBe(400);
    completeCheckout(standIn, theirSession.id);
    await deliverAll(eventsOfCustomer(String(theirSession.customer)));
    await until(
      "their account active",
      () => accountRow(theirs),
      (r) => r.subscriptionStatus === "active",
    );
    await until("the queue to be empty", pendingJobs, (n) => n === 0);
    expect(await accountRow(mine)).toMatchObject({ subscriptionStatus: "trialing", paymentSubscriptionId: null });
    expect((await mine.c.get("/api/billing/subscription")).body).toMatchObject({ canTrack: false, canCheckout: true });
  });

  it("refuses bad input with a 400 and changes nothing, asks Stripe nothing", async () => {
    const who = await trialEnded();
    const before = standIn.requests.length;
    await expectNothingChanged(t.app.db, async () => {
      for (const body of [{ plan: "gold" }, { billingCycle: "weekly" }, { plan: "team", extra: 1 }, [1]]) {
        const answer = await who.c.post("/api/billing/checkout", body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.message).toBeTruthy();
      }
    });
    expect(standIn.requests.length).toBe(before);
  });

  it("answers Stripe's failure as a 502 naming Stripe", async () => {
    const who = await trialEnded();
    standIn.failNext(
      { method: "POST", path: /^\/v1\/checkout\/sessions$/ },
      { kind: "error", status: 500, type: "api_error", message: "boom" },
      3,
    );
    const failed = await who.c.post("/api/billing/checkout");
    expect(failed.status).toBe(502);
    expect(failed.body.message).toMatch(/^Stripe could not open the checkout page: /);
  });

  it("needs a session", async () => {
    expect((await t.client().post("/api/billing/checkout", {})).status).toBe(401);
  });
});

describe("Stripe Checkout without Stripe", () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp({ stripe: { prices: {} } });
  });
  afterAll(async () => bare?.close());

  it("is refused with 409 and the sentence naming STRIPE_SECRET_KEY", async () => {
    const who = await newAccount(bare);
    expect((await who.c.get("/api/billing/subscription")).body).toMatchObject({ canCheckout: false, stripeConfigured: false });
    const refused = await who.c.post("/api/billing/checkout", {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(STRIPE_BILLING_NOT_CONFIGURED);
  });
});
