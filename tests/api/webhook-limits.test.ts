import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookEvents } from "../../src/server/db/schema/index.js";
import { maintenanceJob } from "../../src/server/jobs/maintenance-job.js";
import { newAccount, type TestAccount } from "../helpers/factories.js";
import { connectGenericLandline, postGeneric } from "../helpers/phone-webhooks.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Issue 23 defect 8: a webhook URL's deliveries are limited per token (429 with Retry-After, counted
 * in the database), and every provider's claims are pruned once its retry window has passed.
 */
let t: TestApp;
let clock = new Date("2026-03-03T10:00:10Z");
let a: TestAccount;
let b: TestAccount;
let aHook: { path: string; secret: string };
let bHook: { path: string; secret: string };

const event = (n: number) => ({
  eventId: `burst-${n}`,
  callId: `burst-call-${n}`,
  event: "call.started",
  occurredAt: "2026-03-03T10:00:00Z",
  from: "+442079460958",
  to: "+1 800 555 0100",
});
const deliver = (hook: { path: string; secret: string }, n: number) =>
  postGeneric(t.client(), hook.path, event(n), { secret: hook.secret, timestamp: Math.floor(clock.getTime() / 1000) });

beforeAll(async () => {
  // The queue runs (its tables are needed by the maintenance job); its own runs see the test's clock.
  t = await startTestApp({ now: () => clock, jobs: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 3000 } });
  a = await newAccount(t);
  b = await newAccount(t);
  aHook = await connectGenericLandline(a, { provider: "ringcentral" });
  bHook = await connectGenericLandline(b, { provider: "pbx", phoneNumber: "+18005550101" });
});
afterAll(async () => t?.close());

describe("the per-token webhook rate limit", () => {
  it("240 signed events in one burst: 120 land, the rest get 429 with Retry-After and record nothing", async () => {
    const answers = await Promise.all(Array.from({ length: 240 }, (_, n) => deliver(aHook, n)));
    const landed = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status === 429);
    expect(landed).toHaveLength(120);
    expect(refused).toHaveLength(120);
    // The window is the minute 10:00:00–10:01:00 and the clock says 10:00:10.
    expect(refused[0]!.headers.get("retry-after")).toBe("50");
    expect(refused[0]!.body.message).toBe(
      "Too many deliveries to this webhook URL: at most 120 every 60 seconds. Retry after the time in Retry-After.",
    );
    const claims = await t.app.db.execute(
      sql`select count(*)::int as n from webhook_events where provider = 'webhook' and account_id = ${a.accountId}`,
    );
    expect((claims as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(120);
  });

  it("is counted per URL: another account's token still delivers; the next window takes this one again", async () => {
    expect((await deliver(bHook, 1)).status).toBe(200);
    clock = new Date("2026-03-03T10:01:00Z");
    const again = await deliver(aHook, 1000);
    expect(again.status).toBe(200);
  });
});

describe("pruning webhook claims", () => {
  it("the maintenance job deletes each provider's claims after its retry window, and keeps discard marks", async () => {
    const at = new Date("2026-03-01T00:00:00Z");
    // A scheduled run of the queue's own meanwhile sees this clock, and prunes nothing of these.
    clock = at;
    const providers = ["zoom", "twilio", "signalwire", "sms", "webhook", "teams", "meet-push", "stripe", "zoom:discarded", "meet"];
    await t.app.db
      .insert(webhookEvents)
      .values(providers.map((provider) => ({ provider, eventId: `old-${provider}`, accountId: a.accountId, receivedAt: at })));
    const left = async () =>
      (await t.app.db.select({ provider: webhookEvents.provider, eventId: webhookEvents.eventId }).from(webhookEvents))
        .filter((row) => row.eventId.startsWith("old-"))
        .map((row) => row.provider)
        .sort();
    const runMaintenanceAt = (now: Date) =>
      maintenanceJob.run({}, { db: t.app.db, now: () => now, log: t.app.log, config: t.app.config, send: async () => null });

    // 23 hours on: every window is still open.
    await runMaintenanceAt(new Date(at.getTime() + 23 * 3_600_000));
    expect(await left()).toEqual([...providers].sort());
    // 25 hours: Zoom's, Twilio's, SMS and Graph's windows (1 day) have passed.
    await runMaintenanceAt(new Date(at.getTime() + 25 * 3_600_000));
    expect(await left()).toEqual(["meet", "meet-push", "stripe", "webhook", "zoom:discarded"]);
    // 8 days: Google's push (2 days) and the generic webhook (7 days) too; Stripe's 35 days are not over.
    await runMaintenanceAt(new Date(at.getTime() + 8 * 86_400_000));
    expect(await left()).toEqual(["meet", "stripe", "zoom:discarded"]);
    await runMaintenanceAt(new Date(at.getTime() + 36 * 86_400_000));
    expect(await left()).toEqual(["meet", "zoom:discarded"]);
  });
});
