// Issue 15's Stripe webhook figures.
// 1. Latency: a signed Stripe event verified (constructEvent), recorded (webhook_events) and queued
//    (pg-boss, same transaction) and answered, at a fixed 100 requests a second, open loop (each
//    request timed from when it was due, like bench/webhook-throughput.ts); baseline: the app's
//    GET /api/health (one `select 1`) at the same rate in the same run → p99 ratio. Every request is
//    a distinct event (a new id), so each one records and queues.
// 2. Idempotency and order: paid accounts on the local Stripe stand-in, Stripe-side changes until
//    1,000 handled events exist, each delivered twice in random order; after the queue drains, every
//    account must equal the stand-in's subscription, with each event applied once (one job, at most
//    one notification).
// Run: npx tsx bench/stripe-webhook.ts   (PGlite)   BENCH_DATABASE_URL=postgres://… npx tsx bench/stripe-webhook.ts
//      BENCH_PART=latency|order to run one part; BENCH_EVENTS (default 1000), BENCH_RATE (100), BENCH_RATE_SECONDS (15).
import { spawn } from "node:child_process";
import os from "node:os";
import readline from "node:readline";
import { eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { accounts, notifications } from "../src/server/db/schema/index.js";
import { isHandledStripeEvent } from "../src/server/subscription/stripe-webhook/stripe-events.js";
import { type StandInEvent, eventsOf, shuffled, signEvent } from "../tests/stand-ins/stripe/events.js";
import type { StripeObject } from "../tests/stand-ins/stripe/server.js";
import { signUpPaid, startStripeApp, TEST_PRICES, WEBHOOK_SECRET } from "../tests/api/stripe-signup-setup.js";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { cpuMs, machine, pacedLoad, sized } from "./lib.mjs";

const RATE = Number(process.env.BENCH_RATE ?? sized(100, 20));
const RATE_SECONDS = Number(process.env.BENCH_RATE_SECONDS ?? sized(15, 1));
const EVENTS = Number(process.env.BENCH_EVENTS ?? sized(1000, 20));
const PART = process.env.BENCH_PART ?? "all";
const dbUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const SECRET = WEBHOOK_SECRET;

async function ensureTemplate(): Promise<void> {
  if (dbUrl) process.env.TEST_DATABASE_URL = dbUrl;
  const { default: makeTemplate } = await import("../tests/helpers/global-setup.js");
  if (!dbUrl) await makeTemplate();
}

async function startApp(options: { pollingIntervalSeconds: number }) {
  await ensureTemplate();
  return startStripeApp({
    trialDays: 0,
    overrides: { logLevel: "silent", jobs: { pollingIntervalSeconds: options.pollingIntervalSeconds, stopTimeoutMs: 3000 } },
  });
}

/** Child mode for part 1: the app (with the stand-in) in its own process, its URLs on stdout. */
async function serve(): Promise<void> {
  const t = await startApp({ pollingIntervalSeconds: 2 });
  console.log(JSON.stringify({ baseUrl: t.baseUrl, database: t.app.database.kind }));
  const stop = async () => {
    await t.close();
    process.exit(0);
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

type Delivery = { method: string; path: string; headers: Record<string, string>; body?: string };

let sequence = 0;
/** A new, signed invoice.paid for a customer without an account (the job finds none: the request path is what is measured). */
function nextEvent(runId: string): Delivery {
  sequence += 1;
  const event = {
    id: `evt_${runId}_${sequence}`,
    object: "event",
    type: "invoice.paid",
    created: Math.floor(Date.now() / 1000),
    api_version: Stripe.API_VERSION,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { id: `in_${runId}_${sequence}`, object: "invoice", customer: `cus_${runId}_${sequence}` } },
  } as unknown as StandInEvent;
  const signed = signEvent(event, SECRET);
  return { method: "POST", path: "/api/webhooks/stripe", headers: signed.headers, body: signed.body };
}

async function latencyPart() {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/stripe-webhook.ts", "--serve"], {
    env: { ...process.env, LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const firstLine = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  const { baseUrl, database } = JSON.parse(firstLine) as { baseUrl: string; database: string };
  const runId = `b${Date.now()}`;
  const health = (): Delivery => ({ method: "GET", path: "/api/health", headers: {} });
  try {
    await pacedLoad(baseUrl, () => nextEvent(runId), RATE, 3); // warm-up
    await pacedLoad(baseUrl, health, RATE, 2);
    const cpuBefore = cpuMs(child.pid);
    const webhook = await pacedLoad(baseUrl, () => nextEvent(runId), RATE, RATE_SECONDS);
    const cpuPerRequest = +((cpuMs(child.pid) - cpuBefore) / Math.max(webhook.requests, 1)).toFixed(3);
    const baseline = await pacedLoad(baseUrl, health, RATE, RATE_SECONDS);
    return {
      database,
      rate: RATE,
      seconds: RATE_SECONDS,
      webhook,
      serverCpuMsPerWebhook: cpuPerRequest,
      baselineHealth: baseline,
      p99RatioToHealth: +(webhook.p99 / Math.max(baseline.p99, 0.01)).toFixed(2),
      goalP99Ms: 10,
      met: webhook.p99 < 10 && webhook.non2xx === 0 && webhook.errors === 0,
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

async function orderPart() {
  const t = await startApp({ pollingIntervalSeconds: 0.5 });
  try {
    const started = performance.now();
    const paid = [];
    for (let i = 0; i < sized(20, 2); i++) paid.push(await signUpPaid(t));
    // Stripe-side changes (Dashboard, portal, renewals) until EVENTS handled events exist.
    const prices = Object.values(TEST_PRICES);
    let step = 0;
    const handled = () => eventsOf(t.standIn).filter((e) => isHandledStripeEvent(e.type)).length;
    while (handled() < EVENTS) {
      step += 1;
      const who = paid[step % paid.length]!;
      const subscription = t.standIn.get(who.subscriptionId)!;
      if (subscription.status === "canceled") continue;
      const item = (subscription.items as { data: { id: string }[] }).data[0]!;
      if (step % 97 === 0) await t.stripe.subscriptions.cancel(who.subscriptionId);
      else if (step % 3 === 0)
        await t.stripe.subscriptions.update(who.subscriptionId, {
          items: [{ id: item.id, price: prices[step % prices.length]! }],
        });
      else await t.stripe.subscriptions.update(who.subscriptionId, { cancel_at_period_end: step % 2 === 0 });
    }
    const events = eventsOf(t.standIn)
      .filter((e) => isHandledStripeEvent(e.type))
      .slice(0, Math.max(EVENTS, 0));
    // The rest (sent after the cut) are delivered too, so the final state can be Stripe's.
    const all = eventsOf(t.standIn).filter((e) => isHandledStripeEvent(e.type));
    const deliveries = shuffled([...all, ...all], 20261125);
    const answers = { ok: 0, duplicate: 0, other: 0 };
    const queue = [...deliveries];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let event = queue.shift(); event; event = queue.shift()) {
          const signed = signEvent(event, SECRET);
          const response = await fetch(t.webhookUrl, { method: "POST", headers: signed.headers, body: signed.body });
          const body = (await response.json()) as { duplicate?: boolean };
          if (response.status !== 200) answers.other++;
          else if (body.duplicate) answers.duplicate++;
          else answers.ok++;
        }
      }),
    );
    const delivered = performance.now();
    const pending = async () =>
      (
        (await t.app.db.execute(
          sql`select count(*)::int as n from pgboss.job where name = 'stripe.apply-event' and state in ('created','retry','active')`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 500));
    const drained = performance.now();

    const jobCounts = (
      (await t.app.db.execute(
        sql`select data->>'eventId' as id, count(*)::int as n from (select data from pgboss.job where name = 'stripe.apply-event'
          union all select data from pgboss.archive where name = 'stripe.apply-event') j group by 1`,
      )) as unknown as { rows: { id: string; n: number }[] }
    ).rows;
    const doubleJobs = jobCounts.filter((r) => r.n > 1).length;
    const noticeDoubles = (
      (await t.app.db.execute(
        sql`select count(*)::int as n from (select data->>'eventId' from notifications group by 1 having count(*) > 1) d`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;
    const failedJobs = (
      (await t.app.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'stripe.apply-event' and state = 'failed'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;

    let mismatched = 0;
    for (const who of paid) {
      const subscription = t.standIn.get(who.subscriptionId)! as StripeObject;
      const item = (subscription.items as { data: { price: { id: string }; current_period_end: number }[] }).data[0]!;
      const [row] = await t.app.db.select().from(accounts).where(eq(accounts.id, who.accountId!));
      const [plan, cycle] = Object.entries(TEST_PRICES)
        .find(([, id]) => id === item.price.id)![0]
        .split(":");
      const same =
        row!.subscriptionStatus === subscription.status &&
        row!.cancelAtPeriodEnd === subscription.cancel_at_period_end &&
        row!.plan === plan &&
        row!.billingCycle === cycle &&
        row!.currentPeriodEnd?.getTime() === item.current_period_end * 1000;
      if (!same) mismatched++;
    }
    void notifications;
    return {
      accounts: paid.length,
      handledEvents: all.length,
      countedForFigure: events.length,
      deliveries: deliveries.length,
      answers,
      uniqueJobs: jobCounts.length,
      doubleJobs,
      doubleNotifications: noticeDoubles,
      failedJobs,
      accountsDifferentFromStripe: mismatched,
      setupSeconds: +((delivered - started) / 1000).toFixed(1),
      drainSeconds: +((drained - delivered) / 1000).toFixed(1),
      met: mismatched === 0 && doubleJobs === 0 && noticeDoubles === 0 && answers.other === 0 && jobCounts.length === all.length,
    };
  } finally {
    await t.close();
  }
}

async function main() {
  const loadBefore = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
  const result: Record<string, unknown> = { machine: machine(), loadavgBefore: loadBefore };
  if (PART === "all" || PART === "latency") result.latency = await latencyPart();
  if (PART === "all" || PART === "order") result.order = await orderPart();
  result.loadavg = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
  console.log(JSON.stringify(result, null, 2));
}

if (process.argv.includes("--serve")) await serve();
else await main();
