import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_FAILED_MESSAGE, TRIAL_ENDED_MESSAGE } from "../../src/core/subscription-standing.js";
import type { CaptureEvent } from "../../src/server/capture/capture-event.js";
import { recordCaptureEvent } from "../../src/server/capture/record-capture-event.js";
import { accounts, calls, trackedEmails, webhookEvents } from "../../src/server/db/schema/index.js";
import { inbound450 } from "../helpers/email-fixtures.js";
import { buildCall, buildClient, buildEmail, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 15 §4: when the trial has ended or the subscription is unpaid, new tracking stops (timer,
 * logged call, tracked email, captured call) with one sentence from core/subscription-standing.ts;
 * everything already there stays readable and nothing is deleted; paying again lets tracking resume.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;

async function setStanding(who: TestAccount, values: Partial<typeof accounts.$inferInsert>) {
  await t.app.db.update(accounts).set(values).where(eq(accounts.id, who.accountId));
}

let sequence = 0;
function capturedStart(who: TestAccount): CaptureEvent {
  sequence += 1;
  return {
    accountId: who.accountId,
    userId: who.userId,
    source: "zoom",
    eventId: `standing-evt-${sequence}`,
    externalCallId: `standing-meeting-${sequence}`,
    kind: "started",
    at: new Date(Date.now() - 60_000),
    platform: "zoom",
    participants: [],
  };
}

async function callCount(who: TestAccount) {
  return (await t.app.db.select().from(calls).where(eq(calls.accountId, who.accountId))).length;
}

describe("an account whose trial has ended", () => {
  let who: TestAccount;
  let clientId: number;
  let pastCallId: number;

  beforeAll(async () => {
    who = await newAccount(t);
    clientId = (await buildClient(who.c, { name: "Initech" })).id;
    pastCallId = (await buildCall(who, { clientId })).id;
    await buildEmail(who, { clientId, subject: "Earlier advice" });
    await setStanding(who, { subscriptionStatus: "trialing", trialEndsAt: new Date(Date.now() - HOUR) });
  });

  it("cannot start a timer, log a call or track an email: 402 with the one sentence", async () => {
    const before = await callCount(who);
    const started = await who.c.post("/api/calls/start", { clientId });
    expect(started.status).toBe(402);
    expect(started.body.message).toBe(TRIAL_ENDED_MESSAGE);
    const logged = await who.c.post("/api/calls", {
      clientId,
      startTime: new Date(Date.now() - HOUR).toISOString(),
      duration: 600,
    });
    expect(logged.status).toBe(402);
    expect(logged.body.message).toBe(TRIAL_ENDED_MESSAGE);
    const tracked = await who.c.post("/api/emails/track", { emailData: inbound450, clientId });
    expect(tracked.status).toBe(402);
    expect(tracked.body.message).toBe(TRIAL_ENDED_MESSAGE);
    expect(await callCount(who)).toBe(before);
    expect(await t.app.db.select().from(trackedEmails).where(eq(trackedEmails.accountId, who.accountId))).toHaveLength(1);
  });

  it("gets no new captured call, but the event is recorded so a repeat changes nothing either", async () => {
    const before = await callCount(who);
    const event = capturedStart(who);
    expect(await recordCaptureEvent(t.app.db, event, new Date())).toEqual({ result: "ignored", callId: null });
    expect(await callCount(who)).toBe(before);
    const claimed = await t.app.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, event.eventId));
    expect(claimed).toHaveLength(1);
    expect((await recordCaptureEvent(t.app.db, event, new Date())).result).toBe("duplicate");
  });

  it("still reads everything: calls, emails, clients, the dashboard, and exports an invoice", async () => {
    expect((await who.c.get("/api/calls?limit=100")).body).toHaveLength(1);
    expect((await who.c.get("/api/emails?limit=10")).status).toBe(200);
    expect((await who.c.get("/api/clients")).body).toHaveLength(1);
    expect((await who.c.get("/api/dashboard/stats")).status).toBe(200);
    const subscription = await who.c.get("/api/billing/subscription");
    expect(subscription.body).toMatchObject({ canTrack: false, trackingMessage: TRIAL_ENDED_MESSAGE, trialDaysLeft: 0 });
    const invoice = await who.c.post("/api/invoices/generate", { clientId, callIds: [pastCallId] });
    expect(invoice.status).toBe(201);
    const pdf = await who.c.get(`/api/invoices/${invoice.body.id ?? invoice.body.invoice?.id}/pdf`);
    expect(pdf.status).toBe(200);
  });

  it("tracks again once paid (active)", async () => {
    await setStanding(who, { subscriptionStatus: "active" });
    const started = await who.c.post("/api/calls/start", { clientId });
    expect(started.status).toBe(201);
    expect((await who.c.post("/api/emails/track", { emailData: inbound450, clientId })).status).toBe(201);
    expect((await recordCaptureEvent(t.app.db, capturedStart(who), new Date())).result).not.toBe("ignored");
    expect((await who.c.get("/api/billing/subscription")).body).toMatchObject({ canTrack: true, trackingMessage: null });
  });
});

describe("an unpaid subscription", () => {
  it("stops new tracking with the payment sentence; a running trial is not stopped", async () => {
    const who = await newAccount(t);
    const clientId = (await buildClient(who.c)).id;
    expect((await who.c.post("/api/calls/start", { clientId })).status).toBe(201);
    await setStanding(who, { subscriptionStatus: "past_due", trialEndsAt: null });
    const refused = await who.c.post("/api/calls/start", { clientId });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(PAYMENT_FAILED_MESSAGE);
    // The call already running still ends and is priced: nothing in progress is lost.
    const active = await who.c.get("/api/calls/active");
    const ended = await who.c.post(`/api/calls/end/${active.body[0].id}`);
    expect(ended.status).toBe(200);
  });
});
