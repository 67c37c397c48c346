import { and, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, notifications, webhookEvents } from "../../src/server/db/schema/index.js";
import { deliverEvent, emitEvent, eventsOf, signEvent, type StandInEvent } from "../stand-ins/stripe/events.js";
import type { StripeObject } from "../stand-ins/stripe/server.js";
import { advanceStripeClock } from "../stand-ins/stripe/subscriptions.js";
import { type StripeTestApp, signUpPaid, startStripeApp, TEST_PRICES, WEBHOOK_SECRET } from "./stripe-signup-setup.js";
import { until } from "../helpers/until.js";

/**
 * Issue 15 §3: POST /api/webhooks/stripe. Verified with constructEvent over the raw body (400 for
 * unsigned, wrongly signed, stale), recorded by event id (a replay changes nothing), handed to the
 * job queue; the job re-reads the subscription, so the account always ends as Stripe (the stand-in)
 * has it, whatever order the events arrive in.
 */
const JOBS = { jobs: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 3000 } };

async function accountRow(t: StripeTestApp, accountId: number) {
  const [row] = await t.app.db.select().from(accounts).where(eq(accounts.id, accountId));
  return row!;
}

/** What the account must say when it agrees with the stand-in's subscription. */
function stripesTruth(subscription: StripeObject) {
  const item = (subscription.items as { data: { price: { id: string }; current_period_end: number }[] }).data[0]!;
  const [plan, billingCycle] = Object.entries(TEST_PRICES)
    .find(([, id]) => id === item.price.id)![0]
    .split(":");
  return {
    plan,
    billingCycle,
    subscriptionStatus: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    trialEndsAt: typeof subscription.trial_end === "number" ? new Date(subscription.trial_end * 1000) : null,
  };
}

const stateOf = (row: typeof accounts.$inferSelect) => ({
  plan: row.plan,
  billingCycle: row.billingCycle,
  subscriptionStatus: row.subscriptionStatus,
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  currentPeriodEnd: row.currentPeriodEnd,
  trialEndsAt: row.trialEndsAt,
});

async function claimedEvents(t: StripeTestApp): Promise<number> {
  return (await t.app.db.select().from(webhookEvents).where(eq(webhookEvents.provider, "stripe"))).length;
}

async function jobsFor(t: StripeTestApp, eventId: string): Promise<number> {
  const result = await t.app.db.execute(
    sql`select count(*)::int as n from (select data from pgboss.job where name = 'stripe.apply-event'
        union all select data from pgboss.archive where name = 'stripe.apply-event') j where j.data->>'eventId' = ${eventId}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

async function noticesOf(t: StripeTestApp, accountId: number, kind: string) {
  return t.app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.accountId, accountId), eq(notifications.kind, kind)));
}

const lastEvent = (t: StripeTestApp, type: string, objectId: string): StandInEvent =>
  eventsOf(t.standIn).findLast((e) => e.type === type && e.data.object.id === objectId)!;

describe("Stripe webhook: verification", () => {
  let t: StripeTestApp;
  let event: StandInEvent;
  let accountId: number;
  beforeAll(async () => {
    t = await startStripeApp({ overrides: JOBS });
    const paid = await signUpPaid(t);
    accountId = paid.accountId!;
    await t.stripe.subscriptions.update(paid.subscriptionId, { cancel_at_period_end: true });
    event = lastEvent(t, "customer.subscription.updated", paid.subscriptionId);
  });
  afterAll(() => t.close());

  const post = (body: string, headers: Record<string, string>) =>
    fetch(t.webhookUrl, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

  it("refuses an unsigned event with 400 and records nothing", async () => {
    const response = await post(JSON.stringify(event), {});
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("Missing Stripe-Signature header: only Stripe's signed events are accepted.");
    expect(await claimedEvents(t)).toBe(0);
  });

  it("refuses an event signed with another secret, or a body changed after signing", async () => {
    const forged = signEvent(event, "whsec_someone_else");
    const response = await post(forged.body, forged.headers);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(
      "Invalid Stripe signature: the event was not signed with this endpoint's signing secret.",
    );
    const genuine = signEvent(event, WEBHOOK_SECRET);
    const tampered = await post(
      genuine.body.replace('"cancel_at_period_end":true', '"cancel_at_period_end":false'),
      genuine.headers,
    );
    expect(tampered.status).toBe(400);
    expect(await claimedEvents(t)).toBe(0);
    expect((await accountRow(t, accountId)).cancelAtPeriodEnd).toBe(false);
  });

  it("refuses a genuine signature more than 5 minutes old (a replayed capture)", async () => {
    const stale = await deliverEvent(t.webhookUrl, event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301);
    expect(stale.status).toBe(400);
    expect((stale.body as { message: string }).message).toMatch(/too old/);
    expect(await claimedEvents(t)).toBe(0);
  });

  it("refuses a genuine signature dated a year ahead, and one 301 s ahead (issue 23 defect 7)", async () => {
    const yearAhead = await deliverEvent(t.webhookUrl, event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) + 31_536_000);
    expect(yearAhead.status).toBe(400);
    expect((yearAhead.body as { message: string }).message).toBe(
      "Stripe signature is dated more than 5 minutes in the future: the event was refused as a possible replay.",
    );
    const justAhead = await deliverEvent(t.webhookUrl, event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) + 301);
    expect(justAhead.status).toBe(400);
    expect(await claimedEvents(t)).toBe(0);
  });

  it("accepts the genuine event once: a repeat is answered 200 and changes nothing", async () => {
    const first = await deliverEvent(t.webhookUrl, event, WEBHOOK_SECRET);
    expect(first).toEqual({ status: 200, body: { received: true } });
    const again = await deliverEvent(t.webhookUrl, event, WEBHOOK_SECRET);
    expect(again).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await claimedEvents(t)).toBe(1);
    expect(await jobsFor(t, event.id)).toBe(1);
    await until(
      "the account to follow Stripe",
      () => accountRow(t, accountId),
      (row) => row.cancelAtPeriodEnd === true,
    );
  });

  it("acknowledges an event type it does not act on without recording it", async () => {
    const other = emitEvent(t.standIn, "customer.updated", t.standIn.list("customer")[0]!);
    expect(await deliverEvent(t.webhookUrl, other, WEBHOOK_SECRET)).toEqual({
      status: 200,
      body: { received: true, ignored: true },
    });
  });
});

describe("Stripe webhook: the account follows Stripe's truth", () => {
  let t: StripeTestApp;
  beforeAll(async () => {
    t = await startStripeApp({ overrides: JOBS });
  });
  afterAll(() => t.close());

  it("an older subscription.updated arriving after a newer one leaves Stripe's final state", async () => {
    const paid = await signUpPaid(t);
    await t.stripe.subscriptions.update(paid.subscriptionId, { cancel_at_period_end: true });
    const older = lastEvent(t, "customer.subscription.updated", paid.subscriptionId);
    const item = (t.standIn.get(paid.subscriptionId)!.items as { data: { id: string }[] }).data[0]!;
    await t.stripe.subscriptions.update(paid.subscriptionId, {
      cancel_at_period_end: false,
      items: [{ id: item.id, price: TEST_PRICES["team:monthly"] }],
    });
    const newer = lastEvent(t, "customer.subscription.updated", paid.subscriptionId);
    expect(older.data.object.cancel_at_period_end).toBe(true);

    expect((await deliverEvent(t.webhookUrl, newer, WEBHOOK_SECRET)).status).toBe(200);
    expect((await deliverEvent(t.webhookUrl, older, WEBHOOK_SECRET)).status).toBe(200);
    const truth = stripesTruth(t.standIn.get(paid.subscriptionId)!);
    expect(truth).toMatchObject({ plan: "team", billingCycle: "monthly", cancelAtPeriodEnd: false });
    await until(
      "both events applied",
      () => jobsFor(t, older.id),
      (n) => n === 1,
    );
    const row = await until(
      "the older event's job to finish",
      () => accountRow(t, paid.accountId!),
      (r) => r.subscriptionEventAt !== null && r.subscriptionEventAt.getTime() >= older.created * 1000 && r.plan === "team",
    );
    // Give the second job time to run too, then compare with the stand-in.
    await until(
      "the queue to be empty",
      () => pendingJobs(t),
      (n) => n === 0,
    );
    expect(stateOf(await accountRow(t, paid.accountId!))).toEqual(truth);
    expect(row.paymentSubscriptionId).toBe(paid.subscriptionId);
  });

  it("customer.subscription.deleted → canceled", async () => {
    const paid = await signUpPaid(t);
    await t.stripe.subscriptions.cancel(paid.subscriptionId);
    const deleted = lastEvent(t, "customer.subscription.deleted", paid.subscriptionId);
    expect((await deliverEvent(t.webhookUrl, deleted, WEBHOOK_SECRET)).status).toBe(200);
    const row = await until(
      "the account canceled",
      () => accountRow(t, paid.accountId!),
      (r) => r.subscriptionStatus === "canceled",
    );
    expect(row.subscriptionEventAt?.getTime()).toBe(deleted.created * 1000);
  });

  it("a subscription Stripe no longer has: an update cannot be re-read and changes nothing; the deletion cancels", async () => {
    const paid = await signUpPaid(t);
    const updated = emitEvent(t.standIn, "customer.subscription.updated", t.standIn.get(paid.subscriptionId)!);
    await t.stripe.subscriptions.cancel(paid.subscriptionId);
    const deleted = lastEvent(t, "customer.subscription.deleted", paid.subscriptionId);
    t.standIn.objects.delete(paid.subscriptionId); // Stripe cannot be re-read any more
    t.standIn.now = () => Math.floor(Date.now() / 1000) + 60;
    const late = emitEvent(t.standIn, "customer.subscription.updated", deleted.data.object);
    t.standIn.now = () => Math.floor(Date.now() / 1000);
    expect(updated.created).toBeLessThanOrEqual(deleted.created);

    await deliverEvent(t.webhookUrl, late, WEBHOOK_SECRET);
    await until(
      "the queue to be empty",
      () => jobsFor(t, late.id),
      (n) => n === 1,
    );
    await until(
      "the queue to be empty",
      () => pendingJobs(t),
      (n) => n === 0,
    );
    // The late "updated" could not be re-read and is not a deletion: nothing changed by it.
    expect((await accountRow(t, paid.accountId!)).subscriptionStatus).toBe("active");
    await deliverEvent(t.webhookUrl, deleted, WEBHOOK_SECRET);
    await until(
      "the queue to be empty",
      () => pendingJobs(t),
      (n) => n === 0,
    );
    expect((await accountRow(t, paid.accountId!)).subscriptionStatus).toBe("canceled");
  });

  it("trial: trial_will_end becomes a notification; the trial's end charges the card and the account turns active", async () => {
    const trialApp = await startStripeApp({ trialDays: 14, overrides: JOBS });
    try {
      const paid = await signUpPaid(trialApp);
      expect((await accountRow(trialApp, paid.accountId!)).subscriptionStatus).toBe("trialing");
      advanceStripeClock(trialApp.standIn, 11.5 * 86_400);
      const warning = lastEvent(trialApp, "customer.subscription.trial_will_end", paid.subscriptionId);
      expect((await deliverEvent(trialApp.webhookUrl, warning, WEBHOOK_SECRET)).status).toBe(200);
      expect((await deliverEvent(trialApp.webhookUrl, warning, WEBHOOK_SECRET)).body).toMatchObject({ duplicate: true });
      const [notice] = await until(
        "the notice",
        () => noticesOf(trialApp, paid.accountId!, "subscription_trial_ending"),
        (rows) => rows.length > 0,
      );
      expect(notice).toMatchObject({ title: "Your trial ends soon" });

      advanceStripeClock(trialApp.standIn, 3 * 86_400);
      expect(trialApp.standIn.get(paid.subscriptionId)!.status).toBe("active");
      for (const event of eventsOf(trialApp.standIn)
        .filter((e) => e.type === "invoice.paid")
        .slice(-1)) {
        expect((await deliverEvent(trialApp.webhookUrl, event, WEBHOOK_SECRET)).status).toBe(200);
      }
      await until(
        "the account active",
        () => accountRow(trialApp, paid.accountId!),
        (r) => r.subscriptionStatus === "active",
      );
      expect(stateOf(await accountRow(trialApp, paid.accountId!))).toEqual(
        stripesTruth(trialApp.standIn.get(paid.subscriptionId)!),
      );
      expect(await noticesOf(trialApp, paid.accountId!, "subscription_trial_ending")).toHaveLength(1);
    } finally {
      await trialApp.close();
    }
  });

  it("a failed renewal: invoice.payment_failed → past_due and a notification", async () => {
    const trialApp = await startStripeApp({ trialDays: 14, overrides: JOBS });
    try {
      // A card that needs the customer present: saved with authentication, refused off-session at the trial's end.
      const paid = await signUpPaid(trialApp, "pm_card_authenticationRequiredOnSetup");
      advanceStripeClock(trialApp.standIn, 15 * 86_400);
      expect(trialApp.standIn.get(paid.subscriptionId)!.status).toBe("past_due");
      const failed = eventsOf(trialApp.standIn).findLast((e) => e.type === "invoice.payment_failed")!;
      expect((await deliverEvent(trialApp.webhookUrl, failed, WEBHOOK_SECRET)).status).toBe(200);
      const row = await until(
        "past_due",
        () => accountRow(trialApp, paid.accountId!),
        (r) => r.subscriptionStatus === "past_due",
      );
      expect(row.subscriptionStatus).toBe("past_due");
      const notices = await until(
        "the notice",
        () => noticesOf(trialApp, paid.accountId!, "subscription_payment_failed"),
        (rows) => rows.length > 0,
      );
      expect(notices[0]).toMatchObject({ title: "Payment failed" });
    } finally {
      await trialApp.close();
    }
  });

  it("an event for a customer with no account yet (sign-up unfinished) is recorded and dropped", async () => {
    const customer = await t.stripe.customers.create({ email: "nobody@example.test" });
    const event = emitEvent(t.standIn, "invoice.paid", {
      id: "in_x",
      object: "invoice",
      created: 1,
      customer: customer.id,
    } as StripeObject);
    expect((await deliverEvent(t.webhookUrl, event, WEBHOOK_SECRET)).status).toBe(200);
    await until(
      "the queue to be empty",
      () => pendingJobs(t),
      (n) => n === 0,
    );
  });
});

describe("Stripe webhook without a signing secret or a queue", () => {
  it("says what to set (404: no endpoint without its secret) and records nothing", async () => {
    const t = await startStripeApp({ overrides: { stripe: { prices: {}, secretKey: undefined } } });
    try {
      const event = emitEvent(t.standIn, "invoice.paid", { id: "in_x", object: "invoice", created: 1 } as StripeObject);
      const answer = await deliverEvent(t.webhookUrl, event, WEBHOOK_SECRET);
      expect(answer.status).toBe(404);
      expect((answer.body as { message: string }).message).toMatch(/STRIPE_WEBHOOK_SECRET/);
      expect(await claimedEvents(t)).toBe(0);
    } finally {
      await t.close();
    }
  });

  it("with the queue off, refuses (503) so Stripe retries later, and records nothing", async () => {
    const t = await startStripeApp();
    try {
      const event = emitEvent(t.standIn, "invoice.paid", { id: "in_y", object: "invoice", created: 1 } as StripeObject);
      const answer = await deliverEvent(t.webhookUrl, event, WEBHOOK_SECRET);
      expect(answer.status).toBe(503);
      expect(await claimedEvents(t)).toBe(0);
    } finally {
      await t.close();
    }
  });
});

async function pendingJobs(t: StripeTestApp): Promise<number> {
  const result = await t.app.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'stripe.apply-event' and state in ('created','retry','active')`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

void Stripe;
