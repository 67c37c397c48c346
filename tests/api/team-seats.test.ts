import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  NEXT_INVOICE_NO_SUBSCRIPTION,
  NEXT_INVOICE_NOT_CONFIGURED,
  NEXT_INVOICE_UNREACHABLE,
} from "../../src/core/contracts/subscription.js";
import { TRIAL_SEAT_LIMIT } from "../../src/core/team-seats.js";
import { accounts } from "../../src/server/db/schema/index.js";
import { SYNC_SEATS_JOB } from "../../src/server/subscription/seats/seat-sync-job-name.js";
import { newAccount, type TestAccount } from "../helpers/factories.js";
import { joinAs } from "../helpers/team.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { until } from "../helpers/until.js";
import { completeCheckout } from "../stand-ins/stripe/checkout-sessions.js";
import { deliverEvent, eventsOf } from "../stand-ins/stripe/events.js";
import { createStripeStandIn, type StripeStandIn } from "../stand-ins/stripe/index.js";
import type { StripeObject } from "../stand-ins/stripe/server.js";
import { TEST_PRICES, WEBHOOK_SECRET } from "./stripe-signup-setup.js";

/**
 * Issue 26 §3 over HTTP: on the Team plan the Stripe subscription item's quantity follows the member
 * count (a job queued in the membership change's own transaction), Checkout starts with one seat per
 * member, and Plan & Billing shows seats and the next invoice from Stripe's preview (docs/subscription.md "Seats").
 */
const DAY = 86_400;
const TEAM_MONTHLY_CENTS = 1400;
let t: TestApp;
let standIn: StripeStandIn;
let stripeNow = 1_790_000_000;

beforeAll(async () => {
  standIn = await createStripeStandIn({ prices: TEST_PRICES }).start();
  // Stripe's clock is the test's: proration depends on where in the period a change falls.
  standIn.now = () => stripeNow;
  t = await startTestApp({
    stripe: { secretKey: standIn.secretKey, apiBase: standIn.url, prices: TEST_PRICES, webhookSecret: WEBHOOK_SECRET },
    jobs: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 3000 },
  });
});
afterAll(async () => {
  await t?.close();
  await standIn?.stop();
});

const accountRow = async (who: TestAccount) =>
  (await t.app.db.select().from(accounts).where(eq(accounts.id, who.accountId)))[0]!;
const itemOf = (subscriptionId: string) =>
  (standIn.get(subscriptionId)!.items as { data: { id: string; quantity: number }[] }).data[0]!;
/** The account's seat-sync job as pg-boss records it: its state, runs so far, and whether its next run is still ahead. */
async function seatJob(accountId: number) {
  const result = await t.app.db.execute(
    sql`select id, state, retry_count, start_after > now() as later from pgboss.job
        where name = ${SYNC_SEATS_JOB} and (data->>'accountId')::int = ${accountId} order by created_on desc limit 1`,
  );
  return (result as unknown as { rows: { id: string; state: string; retry_count: number; later: boolean }[] }).rows[0];
}
const prorationsOf = (subscriptionId: string) =>
  standIn.list("invoiceitem").filter((ii: StripeObject) => ii.subscription === subscriptionId);

/** A Team practice in its card-free trial with `members` people, subscribed through Stripe Checkout. */
async function subscribedPractice(extraMembers: number) {
  const owner = await newAccount(t, { plan: "team" });
  const people = [];
  for (let i = 0; i < extraMembers; i += 1) people.push(await joinAs(t, owner.c, "member"));
  const checkout = await owner.c.post("/api/billing/checkout", { plan: "team", billingCycle: "monthly" });
  expect(checkout.status).toBe(200);
  const session = standIn.get(checkout.body.url.slice(checkout.body.url.lastIndexOf("/") + 1))!;
  const completed = completeCheckout(standIn, session.id);
  for (const event of eventsOf(standIn).filter((e) => e.data.object.customer === session.customer))
    expect((await deliverEvent(`${t.baseUrl}/api/webhooks/stripe`, event, WEBHOOK_SECRET)).status).toBe(200);
  await until("the subscription to be linked", () => accountRow(owner), (row) => row.subscriptionStatus === "active");
  return { owner, people, session, subscriptionId: String(completed.subscription) };
}

describe("the Stripe seat quantity follows the member count", () => {
  it("Checkout starts with one seat per member; a join adds one, a removal takes it off, each prorated by Stripe", async () => {
    const { owner, session, subscriptionId } = await subscribedPractice(1);
    expect((session.line_items as { data: { quantity: number }[] }).data[0]!.quantity).toBe(2);
    expect(itemOf(subscriptionId).quantity).toBe(2);
    const period = standIn.get(subscriptionId)!.items as { data: { current_period_end: number }[] };
    const periodEnd = new Date(period.data[0]!.current_period_end * 1000).toISOString();

    const seats = await owner.c.get("/api/billing/seats");
    expect(seats.status).toBe(200);
    expect(seats.body).toEqual({
      seatsUsed: 2,
      seatLimit: null,
      seatsBilled: 2,
      nextInvoice: { amount: "28.00", currency: "usd", date: periodEnd },
      message: null,
    });

    // Half way through the month a third person joins: Stripe credits half a month of 2 seats and
    // charges half a month of 3 (+$7.00), then the next month bills 3 seats.
    stripeNow += 15 * DAY;
    const third = await joinAs(t, owner.c, "member");
    await until("Stripe to bill 3 seats", () => itemOf(subscriptionId).quantity, (q) => q === 3);
    const update = standIn.requests.filter((r) => r.method === "POST" && r.path === `/v1/subscriptions/${subscriptionId}`).at(-1)!;
    expect(update.body).toMatchObject({ items: [{ quantity: "3" }] });
    expect(update.idempotencyKey).toMatch(new RegExp(`^seats:${subscriptionId}:join:${third.user.id}:.+:2->3$`));
    expect(prorationsOf(subscriptionId).map((ii) => ii.amount)).toEqual([-TEAM_MONTHLY_CENTS, (3 * TEAM_MONTHLY_CENTS) / 2]);
    const after = await owner.c.get("/api/billing/seats");
    expect(after.body).toMatchObject({ seatsUsed: 3, seatsBilled: 3, nextInvoice: { amount: "49.00", date: periodEnd } });

    // Removing them the same moment credits that half month back: the next invoice is two seats again
    // (+$7.00 and -$7.00 of prorations).
    expect((await owner.c.delete(`/api/team/members/${third.user.id}`)).status).toBe(200);
    await until("Stripe to bill 2 seats", () => itemOf(subscriptionId).quantity, (q) => q === 2);
    const back = await owner.c.get("/api/billing/seats");
    expect(back.body).toMatchObject({ seatsUsed: 2, seatsBilled: 2, nextInvoice: { amount: "28.00", date: periodEnd } });
    expect(prorationsOf(subscriptionId).map((ii) => ii.amount)).toEqual([-1400, 2100, -2100, 1400]);
  });

  it("retries through the queue when Stripe answers 500 or 429, and changes the quantity once", async () => {
    const { owner, subscriptionId } = await subscribedPractice(0);
    expect(itemOf(subscriptionId).quantity).toBe(1);
    const updatePath = new RegExp(`^/v1/subscriptions/${subscriptionId}$`);
    // Busy, busy, failing: the SDK's own two retries fail too, so the job fails and the queue runs it again.
    const busy = { kind: "error", status: 429, type: "rate_limit_error", message: "Too many requests" } as const;
    standIn.failNext({ method: "POST", path: updatePath }, busy, 2);
    standIn.failNext({ method: "POST", path: updatePath }, { kind: "error", status: 500, type: "api_error", message: "boom" }, 1);
    // Then Stripe applies the change but the answer is lost: the retry replays it by its Idempotency-Key.
    standIn.failNext({ method: "POST", path: updatePath }, { kind: "drop-after-commit" }, 1);
    await joinAs(t, owner.c, "admin");
    // Each failed run leaves the job waiting out pg-boss's backoff (5-10 s, then 10-20 s: sync-seats-job.ts). That
    // wait is the queue's clock, not what is tested: each retry is made due at once, as the job-queue tests do.
    for (;;) {
      const job = await until(
        "the seat job to finish or to wait for its retry",
        () => seatJob(owner.accountId),
        (row) => row?.state === "completed" || row?.state === "failed" || (row?.state === "retry" && row.later),
      );
      if (job!.state !== "retry") break;
      await t.app.db.execute(sql`update pgboss.job set start_after = now() where id = ${job!.id}`);
      // Its worker looks at once instead of at its next poll (0.5 s).
      t.app.jobs!.wake(SYNC_SEATS_JOB);
    }
    expect((await seatJob(owner.accountId))!.retry_count).toBeGreaterThanOrEqual(1);
    await until("Stripe to bill 2 seats after the queue's retry", () => itemOf(subscriptionId).quantity, (q) => q === 2, 60_000);
    const attempts = standIn.requests.filter((r) => r.method === "POST" && updatePath.test(r.path));
    expect(attempts.length).toBeGreaterThanOrEqual(4);
    // Every attempt of the one change carried the same Idempotency-Key.
    expect(new Set(attempts.map((r) => r.idempotencyKey)).size).toBe(1);
    // One change: one pair of proration items and one customer.subscription.updated about the quantity.
    expect(prorationsOf(subscriptionId)).toHaveLength(2);
    const quantityEvents = eventsOf(standIn).filter(
      (e) => e.type === "customer.subscription.updated" && e.data.object.id === subscriptionId && e.data.previous_attributes?.items,
    );
    expect(quantityEvents).toHaveLength(1);
    expect((await owner.c.get("/api/billing/seats")).body).toMatchObject({ seatsUsed: 2, seatsBilled: 2 });
  });
});

describe("Plan & Billing's seats", () => {
  it("in the Team trial: members used of the five allowed, no next invoice without a card subscription", async () => {
    const owner = await newAccount(t, { plan: "team" });
    await joinAs(t, owner.c, "billing");
    const seats = await owner.c.get("/api/billing/seats");
    expect(seats.body).toEqual({
      seatsUsed: 2,
      seatLimit: TRIAL_SEAT_LIMIT,
      seatsBilled: null,
      nextInvoice: null,
      message: NEXT_INVOICE_NO_SUBSCRIPTION,
    });
  });

  it("says so when Stripe cannot be reached, and still shows the seats", async () => {
    const { owner } = await subscribedPractice(0);
    const down = { kind: "error", status: 503, type: "api_error", message: "down" } as const;
    standIn.failNext({ method: "POST", path: /^\/v1\/invoices\/create_preview$/ }, down, 3);
    const seats = await owner.c.get("/api/billing/seats");
    expect(seats.status).toBe(200);
    expect(seats.body).toMatchObject({ seatsUsed: 1, nextInvoice: null, message: NEXT_INVOICE_UNREACHABLE });
  });

  it("is the owner's alone: admin, member and billing are refused, and each practice sees its own", async () => {
    const { owner } = await subscribedPractice(0);
    for (const role of ["admin", "member", "billing"]) {
      const person = await joinAs(t, owner.c, role);
      const refused = await person.c.get("/api/billing/seats");
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain("billing:manage");
    }
    const other = await newAccount(t, { plan: "team" });
    expect((await other.c.get("/api/billing/seats")).body).toMatchObject({ seatsUsed: 1, seatsBilled: null });
    expect((await owner.c.get("/api/billing/seats")).body).toMatchObject({ seatsUsed: 4, seatsBilled: 4 });
  });
});

describe("without Stripe", () => {
  it("shows the seats and says card payments are not configured", async () => {
    const plain = await startTestApp();
    try {
      const owner = await newAccount(plain, { plan: "team" });
      const seats = await owner.c.get("/api/billing/seats");
      expect(seats.body).toMatchObject({ seatsUsed: 1, seatLimit: TRIAL_SEAT_LIMIT, nextInvoice: null, message: NEXT_INVOICE_NOT_CONFIGURED });
    } finally {
      await plain.close();
    }
  });
});
