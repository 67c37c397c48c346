import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { HeldDeadlines } from "../helpers/held-deadlines.js";
import { connectGenericLandline } from "../helpers/phone-webhooks.js";
import { reconcileNow, reconciliationOf } from "../helpers/reconcile.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { until } from "../helpers/until.js";
import { type StandInAccount, type StandInCall, TwilioStandIn } from "../stand-ins/twilio/server.js";

/**
 * No missed phone call (issue 25 §3) over HTTP, for Twilio and SignalWire: status callbacks that never
 * arrived are recovered by "Reconcile now" from the provider's own `Calls` list (Twilio's official SDK,
 * `startTimeAfter`, pointed at the stand-in speaking Twilio's REST shapes; SignalWire's compatibility API
 * under /api/laml), timed and priced as the live callbacks make them, never twice; the provider's
 * refusals fail the run with a sentence and make nothing; another account neither reconciles nor
 * reads this one's runs.
 */
const tw = new TwilioStandIn();
const deadlines = new HeldDeadlines();
let t: TestApp;

const minute = 60_000;
const base = Math.floor(Date.now() / minute) * minute;
const ago = (minutes: number) => new Date(base - minutes * minute);

type Line = {
  who: TestAccount;
  provider: "twilio" | "signalwire";
  number: string;
  account: StandInAccount;
  voiceUrl: string;
  signingKey: string;
  clientId: number;
};

type ListedCall = Record<string, unknown> & { participants: { phone?: string; self?: boolean }[] };
const phoneCalls = async (line: Line): Promise<ListedCall[]> => {
  const body = (await line.who.c.get("/api/calls?limit=200")).body;
  return ((Array.isArray(body) ? body : body.calls) as ListedCall[]).filter((c) => c.source === line.provider);
};
const reconciliation = (who: TestAccount) => reconciliationOf(who, "landline");
const reconcile = (who: TestAccount) => reconcileNow(who, "landline");

const JANE = "+12125550199";
async function connect(provider: "twilio" | "signalwire", number: string): Promise<Line> {
  const who = await newAccount(t, { timezone: "UTC" });
  const account = tw.addAccount(provider);
  const signingKey = provider === "twilio" ? account.token : `PSK_${account.sid.slice(0, 8)}`;
  const saved = await who.c.post("/api/integrations/landline", {
    provider,
    phoneNumber: number,
    accountSid: account.sid,
    authToken: signingKey,
    ...(provider === "signalwire" ? { spaceUrl: "example.signalwire.com", apiToken: account.token } : {}),
  });
  expect(saved.status, saved.text).toBe(200);
  const client = await buildClient(who.c, {
    name: "Jane Doe",
    phone: "+1 212 555 0199",
    billingRate: "120.00",
    billingType: "hour",
  });
  return { who, provider, number, account, voiceUrl: saved.body.data.voiceWebhookUrl, signingKey, clientId: client.id };
}

let calls = 0;
/** A 10-minute inbound call from Jane to the line, `minutesAgo` before now, in the provider's record. */
function call(line: Line, minutesAgo: number, fields: Partial<StandInCall> = {}): StandInCall {
  calls += 1;
  const sid =
    line.provider === "twilio"
      ? `CA${String(calls).padStart(32, "0")}`
      : `b3877c40-da60-4998-90ad-${String(calls).padStart(12, "0")}`;
  return tw.addCall(line.account, {
    sid,
    from: JANE,
    to: line.number,
    direction: "inbound",
    status: "completed",
    startTime: ago(minutesAgo),
    endTime: ago(minutesAgo - 10),
    durationSeconds: 600,
    ...fields,
  });
}

/** The provider's callbacks for a call; `drop(n)` says which (by order) never arrive. */
async function deliver(line: Line, c: StandInCall, drop: (n: number) => boolean = () => false) {
  let n = 0;
  tw.dropShare = 1;
  tw.random = () => (drop(n++) ? 0 : 1);
  try {
    const answers = await tw.deliver(c, {
      voiceUrl: line.voiceUrl,
      signingKey: line.signingKey,
      accountSid: line.account.sid,
      // SignalWire's screens tell users to set the number's own status callback.
      numberLevel: line.provider === "signalwire",
    });
    expect(
      answers.every((status) => status === 200),
      `answers ${answers}`,
    ).toBe(true);
    return answers.length;
  } finally {
    tw.dropShare = 0;
  }
}
const dropAll = () => true;

const shape = (c: ListedCall) => ({
  duration: c.duration,
  amount: c.amount,
  clientId: c.clientId,
  platform: c.platform,
  active: c.active,
  participants: c.participants,
});
const callOf = async (line: Line, c: StandInCall) => {
  const found = (await phoneCalls(line)).filter((listed) => listed.startTime === c.startTime.toISOString());
  expect(found.length, `calls of ${c.sid}`).toBeLessThanOrEqual(1);
  return found[0];
};

beforeAll(async () => {
  await tw.start();
  t = await startTestApp({
    // Requests keep the real 15 s deadline; the silent-provider tests end it themselves once the stand-in holds one.
    providers: { twilioApiBase: tw.url, signalwireApiBase: tw.url, deadline: deadlines.deadline },
    jobs: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 3000 },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await tw.stop();
});

for (const provider of ["twilio", "signalwire"] as const) {
  describe(`${provider}: Reconcile now recovers the calls whose callbacks were lost`, () => {
    let line: Line;
    let live: StandInCall;
    let lost: StandInCall;
    let unended: StandInCall;
    let missed: StandInCall;

    beforeAll(async () => {
      line = await connect(provider, provider === "twilio" ? "+18005551212" : "+18005553434");
    });

    it("a lost call (and one whose end was lost) becomes the call the live callbacks make; unanswered and other numbers' calls stay out", async () => {
      live = call(line, 120);
      lost = call(line, 100);
      // The lost call was forwarded: its dialed leg is in the list too, and belongs to it.
      call(line, 99.75, {
        parentCallSid: lost.sid,
        from: JANE,
        to: "+13105550123",
        direction: "outbound-dial",
        endTime: lost.endTime,
        durationSeconds: 585,
      });
      missed = call(line, 90, { status: "no-answer", endTime: ago(89.5), durationSeconds: 0 });
      // Another number of the same provider account: not this line, never this account's call.
      call(line, 85, { to: "+18005559999" });
      await deliver(line, live);
      await deliver(line, lost, dropAll);
      await deliver(line, missed, dropAll);
      if (provider === "twilio") {
        unended = call(line, 80);
        await deliver(line, unended, (n) => n === 1); // in-progress arrives, completed is lost
        expect(await callOf(line, unended)).toMatchObject({ active: true });
      }
      const liveCall = (await callOf(line, live))!;
      expect(liveCall).toMatchObject({ clientId: line.clientId, duration: 600, amount: "20.00", active: false });
      expect(await callOf(line, lost)).toBeUndefined();

      const before = await reconciliation(line.who);
      expect(before).toMatchObject({ source: "landline", provider, canReconcile: true, missing: null, lastRun: null });
      expect(before.lastEventAt).not.toBeNull();
      const queued = await line.who.c.post("/api/integrations/landline/reconcile", {});
      expect(queued.status).toBe(202);
      expect(queued.body.message).toBe(
        "Reconciling with your phone provider: calls its record has and Minutely does not will appear in a moment.",
      );
      const done = await until(
        "the reconciliation",
        () => reconciliation(line.who),
        (r) => r.lastRun?.status === "succeeded" || r.lastRun?.status === "failed",
      );
      const recovered = provider === "twilio" ? 2 : 1;
      expect(done.lastRun).toMatchObject({ status: "succeeded", trigger: "manual", callsRecovered: recovered, error: null });
      expect(done.callsRecovered).toBe(recovered);

      const lostCall = (await callOf(line, lost))!;
      expect(lostCall).toMatchObject({ startTime: lost.startTime.toISOString(), endTime: lost.endTime!.toISOString() });
      expect(shape(lostCall)).toEqual(shape(liveCall));
      if (provider === "twilio") {
        const unendedCall = (await callOf(line, unended))!;
        expect(unendedCall).toMatchObject({
          startTime: unended.startTime.toISOString(),
          endTime: unended.endTime!.toISOString(),
        });
        expect(shape(unendedCall)).toEqual(shape(liveCall));
      }
      // The unanswered call is not a call, and the other number's call is not this line's.
      expect(await callOf(line, missed)).toBeUndefined();
      expect((await phoneCalls(line)).length).toBe(provider === "twilio" ? 3 : 2);
    });

    it("a second run recovers nothing and makes no duplicate; late callbacks change nothing", async () => {
      const before = await phoneCalls(line);
      const again = await reconcile(line.who);
      expect(again.lastRun).toMatchObject({ status: "succeeded", callsRecovered: 0, error: null });
      expect(await phoneCalls(line)).toEqual(before);
      await deliver(line, lost);
      if (unended) await deliver(line, unended);
      expect(await phoneCalls(line)).toEqual(before);
    });

    it("the provider refusing or silent: the run fails with a sentence and makes nothing", async () => {
      const name = provider === "twilio" ? "Twilio" : "SignalWire";
      const lostNow = call(line, 30);
      await deliver(line, lostNow, dropAll);

      tw.failNext(429, 20429, "Too Many Requests");
      const throttled = await reconcile(line.who);
      expect(throttled.lastRun).toMatchObject({ status: "failed", callsRecovered: 0 });
      expect(throttled.lastRun.error).toBe(`${name} 429 refused the call list: Too Many Requests`);

      tw.failNext(401, 20003, "Authenticate");
      const refused = await reconcile(line.who);
      expect(refused.lastRun).toMatchObject({ status: "failed", callsRecovered: 0 });
      expect(refused.lastRun.error).toBe(
        `${name} 401 refused the call list: Authenticate. Check the ${provider === "twilio" ? "Account SID and Auth Token" : "Project ID and API token"} in Settings → Landline/Office.`,
      );

      tw.hangNext();
      const held = tw.held;
      const silentRun = reconcile(line.who);
      await until("the call list request held by the stand-in", () => tw.held, (n) => n > held);
      deadlines.expire();
      const silent = await silentRun;
      expect(silent.lastRun).toMatchObject({
        status: "failed",
        callsRecovered: 0,
        error: `${name} did not answer in time (call list)`,
      });
      expect(await callOf(line, lostNow)).toBeUndefined();

      const recovered = await reconcile(line.who);
      expect(recovered.lastRun).toMatchObject({ status: "succeeded", callsRecovered: 1 });
      expect(await callOf(line, lostNow)).toMatchObject({ clientId: line.clientId, duration: 600, amount: "20.00" });
    });

    it("another account can neither reconcile this line nor read its runs", async () => {
      const stranger = await newAccount(t);
      const none = await stranger.c.post("/api/integrations/landline/reconcile", {});
      expect(none.status).toBe(404);
      expect(none.body.message).toBe("Connect your phone provider first.");
      expect(await reconciliation(stranger)).toMatchObject({
        provider: null,
        canReconcile: false,
        lastRun: null,
        callsRecovered: 0,
      });
      // A line without a call list to read says so.
      await connectGenericLandline(stranger);
      const generic = await stranger.c.post("/api/integrations/landline/reconcile", {});
      expect(generic.status).toBe(400);
      expect(generic.body.message).toBe(
        "Only Twilio and SignalWire lines have a call list to read; other phone systems report calls through the webhook alone.",
      );
      expect((await reconciliation(stranger)).lastRun).toBeNull();
      expect((await reconciliation(line.who)).lastRun).not.toBeNull();
    });
  });
}
