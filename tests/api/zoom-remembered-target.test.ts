import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../helpers/api-client.js";
import { expectNothingChanged } from "../helpers/data-checksum.js";
import { newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { zoomDelivery, zoomEvent } from "../helpers/zoom-webhook.js";

/**
 * Issue 22 §3: after its first delivery, a Zoom webhook URL's integration is remembered by the instance, and
 * the next deliveries are counted in their capture's last statement and checked against the row in its first
 * (src/server/integrations/webhook-rate-limit.ts `remember`). What a sender and the account see must not change:
 * the limit still holds, every delivery is counted once (repeats and forgeries too), and a change to the
 * connection (set up again, disconnected) is seen at the very next delivery.
 */
const LIMIT = 5;
const SECRET_TOKEN = "remembered-zoom-secret-token-4Kd9";
const LIMIT_MESSAGE = `Too many deliveries to this webhook URL: at most ${LIMIT} every 60 seconds. Retry after the time in Retry-After.`;

let clock = new Date("2026-03-03T10:00:20Z");
let t: TestApp;
let provider: ApiClient;

beforeAll(async () => {
  t = await startTestApp({ now: () => clock, webhookRateLimit: { limit: LIMIT, windowSeconds: 60 } });
  provider = t.client();
});
afterAll(async () => t?.close());

async function connectZoom(who: TestAccount, secretToken = SECRET_TOKEN): Promise<string> {
  const response = await who.c.post("/api/integrations/setup-zoom", {
    apiKey: "zoomClientId",
    apiSecret: "client-secret",
    webhookSecretToken: secretToken,
  });
  if (response.status !== 200) throw new Error(`setup-zoom failed: ${response.status} ${response.text}`);
  return new URL(response.body.webhookUrl).pathname;
}

/** A meeting's start, signed with `secretToken` at the server's now. */
function deliverStart(path: string, uuid: string, secretToken: string | null = SECRET_TOKEN) {
  const body = zoomEvent("meeting.started", { uuid, topic: `Meeting ${uuid}` }, {
    eventTs: clock.getTime() - 1000,
    startTime: new Date(clock.getTime() - 2000).toISOString(),
  });
  const { rawBody, headers } = zoomDelivery(body, { secretToken, timestamp: Math.floor(clock.getTime() / 1000) });
  return provider.request("POST", path, { rawBody, headers, marker: false });
}

async function capturedCalls(accountId: number): Promise<number> {
  const result = await t.app.db.execute(sql`select count(*)::int as n from calls where account_id = ${accountId}`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** Each test takes a minute of its own, so its URL starts with a fresh window. */
function nextMinute(): void {
  clock = new Date(clock.getTime() + 60_000);
}

/** A new account with Zoom connected, in a minute of its own: its URL's window is fresh. */
async function connectedInAMinuteOfItsOwn(): Promise<{ who: TestAccount; path: string }> {
  nextMinute();
  const who = await newAccount(t);
  return { who, path: await connectZoom(who) };
}

describe("a remembered Zoom webhook URL", () => {
  it("still holds the limit: deliveries one after another past it get 429 with Retry-After and record nothing", async () => {
    const { who, path } = await connectedInAMinuteOfItsOwn();
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof deliverStart>> | undefined;
    for (let n = 0; n < LIMIT + 3; n++) {
      const response = await deliverStart(path, `limit-${n}==`);
      statuses.push(response.status);
      if (response.status === 429) refused ??= response;
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429, 429, 429]);
    expect(refused!.body.message).toBe(LIMIT_MESSAGE);
    // The window is the minute that began at :00, and the clock says :20.
    expect(refused!.headers.get("retry-after")).toBe("40");
    expect(await capturedCalls(who.accountId)).toBe(LIMIT);
  });

  it("still holds the limit in a burst: exactly the limit lands, the rest are refused whole", async () => {
    const { who, path } = await connectedInAMinuteOfItsOwn();
    expect((await deliverStart(path, "burst-first==")).status).toBe(200);
    // At once, so on PostgreSQL their transactions race for the counter's row in their last statements.
    const answers = await Promise.all(Array.from({ length: 3 * LIMIT }, (_, n) => deliverStart(path, `burst-${n}==`)));
    expect(answers.filter((response) => response.status === 200)).toHaveLength(LIMIT - 1);
    const refused = answers.filter((response) => response.status === 429);
    expect(refused).toHaveLength(2 * LIMIT + 1);
    expect(refused.every((response) => response.body.message === LIMIT_MESSAGE)).toBe(true);
    expect(await capturedCalls(who.accountId)).toBe(LIMIT);
    const claims = await t.app.db.execute(
      sql`select count(*)::int as n from webhook_events where provider = 'zoom' and account_id = ${who.accountId}`,
    );
    expect((claims as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(LIMIT);
  });

  it("counts a repeat of an event it already has, once", async () => {
    const { who, path } = await connectedInAMinuteOfItsOwn();
    expect((await deliverStart(path, "repeat==")).status).toBe(200);
    // Zoom retrying the same delivery: answered, recorded once, and counted each time.
    for (let n = 1; n < LIMIT; n++) expect((await deliverStart(path, "repeat==")).status).toBe(200);
    expect((await deliverStart(path, "after-repeats==")).status).toBe(429);
    expect(await capturedCalls(who.accountId)).toBe(1);
  });

  it("counts a forged delivery, and answers it 401 with the row's Secret Token", async () => {
    const { who, path } = await connectedInAMinuteOfItsOwn();
    expect((await deliverStart(path, "genuine==")).status).toBe(200);
    for (let n = 1; n < LIMIT; n++) {
      const forged = await expectNothingChanged(t.app.db, () => deliverStart(path, `forged-${n}==`, "not-the-secret-token"));
      expect(forged.status).toBe(401);
      expect(forged.body.message).toBe("Invalid signature: x-zm-signature does not match this webhook's Secret Token");
    }
    const past = await deliverStart(path, "genuine-2==");
    expect(past.status).toBe(429);
    expect(await capturedCalls(who.accountId)).toBe(1);
  });

  it("checks a new Secret Token from the next delivery on", async () => {
    const { who, path } = await connectedInAMinuteOfItsOwn();
    expect((await deliverStart(path, "first-secret==")).status).toBe(200);

    // Set up again with a new Secret Token (the URL stays): the one this instance remembered no longer verifies.
    expect(await connectZoom(who, "second-secret-token-8Ws1")).toBe(path);
    const old = await expectNothingChanged(t.app.db, () => deliverStart(path, "signed-with-the-first=="));
    expect(old.status).toBe(401);
    expect(old.body.message).toBe("Invalid signature: x-zm-signature does not match this webhook's Secret Token");
    expect((await deliverStart(path, "signed-with-the-second==", "second-secret-token-8Ws1")).status).toBe(200);

    // And the other way round: a delivery signed with a token newer than the remembered one lands.
    expect(await connectZoom(who, "third-secret-token-2Zp5")).toBe(path);
    expect((await deliverStart(path, "signed-with-the-third==", "third-secret-token-2Zp5")).status).toBe(200);
    expect(await capturedCalls(who.accountId)).toBe(3);
  });

  it("is unknown at once after Zoom is disconnected", async () => {
    const { who, path } = await connectedInAMinuteOfItsOwn();
    expect((await deliverStart(path, "before-disconnect==")).status).toBe(200);
    expect((await who.c.delete("/api/integrations/zoom")).status).toBe(200);

    const after = await expectNothingChanged(t.app.db, () => deliverStart(path, "after-disconnect=="));
    expect(after.status).toBe(404);
    expect(after.body.message).toMatch(/^Unknown webhook URL/);
    expect(await capturedCalls(who.accountId)).toBe(1);
  });
});
