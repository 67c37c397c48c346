// No missed call (issue 25 §3 figure): N meetings and calls across the Zoom, Twilio and Teams stand-ins, each
// webhook delivery dropped at random with probability DROP (30 %, seeded), then ONE reconciliation per source
// ("Reconcile now" over HTTP, the capture.reconcile job reading each stand-in's own record). Then, from the
// database: calls missing (in the provider's record, not a call, or never ended), duplicated (more than one call
// for a provider id), and mis-timed or mis-priced (start, end, duration, client or amount other than the live path
// gives: every conversation is whole minutes with the one client at $120.00 an hour).
// The app runs in this process (buildApp on in-memory PGlite, its job queue on, listening on a loopback port);
// the stand-ins post their webhooks to it over HTTP and serve their REST records. Not covered here: the server
// killed with kill -9 during delivery (issue 25 asks for it; not measured yet).
// Run: npx tsx bench/lost-webhooks.ts   (N=1000 DROP=0.3 SEED=25; BENCH_FAST=1: N=30)
import { randomBytes, randomUUID } from "node:crypto";
import os from "node:os";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { seededRandom } from "../tests/helpers/seeded-random.js";
import { createMicrosoftStandIn } from "../tests/stand-ins/microsoft/server.js";
import { TwilioStandIn } from "../tests/stand-ins/twilio/server.js";
import { ZoomStandIn } from "../tests/stand-ins/zoom/server.js";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { machine, signUpCookie, sized } from "./lib.mjs";

const N = Number(process.env.N ?? sized(1000, 30));
const DROP = Number(process.env.DROP ?? 0.3);
const SEED = Number(process.env.SEED ?? 25);
const XHR = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };
const CLIENT = { email: "client@lost-bench.test", phone: "+12125550199" };
const LINE = "+18005551212";
/** $120.00 an hour: a whole-minute call costs 200 cents a minute. */
const CENTS_PER_MINUTE = 200;

type Expected = { source: "zoom" | "twilio" | "teams"; id: string; start: Date; end: Date };

async function main() {
  const random = seededRandom(SEED);
  const zoom = await new ZoomStandIn().start();
  const tw = await new TwilioStandIn().start();
  const ms = await createMicrosoftStandIn().start();
  for (const standIn of [zoom, tw, ms]) {
    standIn.random = random;
    standIn.dropShare = DROP;
  }
  const config = loadConfig(
    { LOG_LEVEL: "silent", SECRETS_KEY: randomBytes(32).toString("base64") },
    {
      inMemoryDatabase: true,
      jobs: { pollingIntervalSeconds: 0.5 },
      // Every delivery of a source comes through one URL: the per-URL limit must refuse none here.
      webhookRateLimit: { limit: 1_000_000, windowSeconds: 60 },
      providers: { ...zoom.appConfig, twilioApiBase: tw.url },
      microsoft: ms.appConfig,
    },
  );
  const app = await buildApp(config);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  try {
    const email = `lost-${Date.now()}@example.test`;
    const cookie: string = await signUpCookie(baseUrl, email);
    const call = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${baseUrl}${url}`, {
        method,
        headers: { ...XHR, cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
      return response.json();
    };
    await call("POST", "/api/clients", {
      name: "Bench Client",
      email: CLIENT.email,
      phone: CLIENT.phone,
      billingRate: "120.00",
      billingType: "hour",
    });
    const zoomApp = zoom.addApp();
    const zoomSaved = await call("POST", "/api/integrations/setup-zoom", {
      apiKey: zoomApp.clientId,
      apiSecret: zoomApp.clientSecret,
      webhookSecretToken: zoomApp.secretToken,
      accountId: zoomApp.accountId,
    });
    const twAccount = tw.addAccount("twilio");
    const line = await call("POST", "/api/integrations/landline", {
      provider: "twilio",
      phoneNumber: LINE,
      accountSid: twAccount.sid,
      authToken: twAccount.token,
    });
    const entra = ms.addApp();
    await call("POST", "/api/integrations/teams", { ...entra, enabled: true });
    const subscription = [...ms.subscriptions.values()].find((s) => s.applicationId === entra.clientId)!;

    // N conversations over the last 48 hours, a third per provider, each 5–60 whole minutes.
    const now = Math.floor(Date.now() / 60_000) * 60_000;
    const expected: Expected[] = [];
    for (let i = 0; i < N; i++) {
      const minutes = 5 + Math.floor(random() * 56);
      const step = Math.max(1, Math.floor((47 * 60) / N));
      const start = new Date(now - (61 + (N - 1 - i) * step) * 60_000);
      const end = new Date(start.getTime() + minutes * 60_000);
      const source = (["zoom", "twilio", "teams"] as const)[i % 3]!;
      const id =
        source === "twilio"
          ? `CA${randomBytes(16).toString("hex")}`
          : source === "zoom"
            ? `${randomBytes(12).toString("base64")}`
            : randomUUID();
      expected.push({ source, id, start, end });
    }

    const deliveryStart = performance.now();
    for (const e of expected) {
      if (e.source === "zoom") {
        const meeting = zoom.addMeeting({
          uuid: e.id,
          id: 80_000_000_000 + expected.indexOf(e),
          host_id: "benchHost",
          host_email: email,
          topic: "Bench meeting",
          start_time: e.start.toISOString(),
          end_time: e.end.toISOString(),
          participants: [
            { id: "benchHost", user_id: "1", name: "Me", user_email: email, join_time: e.start.toISOString() },
            { user_id: "2", name: "Bench Client", user_email: CLIENT.email, join_time: e.start.toISOString() },
          ],
        });
        await zoom.deliver(meeting, zoomApp, zoomSaved.webhookUrl);
      } else if (e.source === "twilio") {
        const placed = tw.addCall(twAccount, {
          sid: e.id,
          from: CLIENT.phone,
          to: LINE,
          direction: "inbound",
          status: "completed",
          startTime: e.start,
          endTime: e.end,
          durationSeconds: (e.end.getTime() - e.start.getTime()) / 1000,
        });
        await tw.deliver(placed, { voiceUrl: line.data.voiceWebhookUrl, signingKey: twAccount.token, accountSid: twAccount.sid });
      } else {
        ms.addCallRecord({
          id: e.id,
          startDateTime: e.start.toISOString(),
          endDateTime: e.end.toISOString(),
          participants_v2: [
            { id: "p1", identity: { user: { id: "u-client", displayName: "Bench Client", userPrincipalName: CLIENT.email } } },
          ],
        });
        await ms.notify(e.id, { subscriptionId: subscription.id });
      }
    }
    const deliveryMs = performance.now() - deliveryStart;
    const pendingFetches = async () => {
      const result = await app.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'teams.fetch-call-record' and state in ('created', 'active', 'retry')`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    while ((await pendingFetches()) > 0) await new Promise((resolve) => setTimeout(resolve, 250));
    const before = await tally(app, expected);

    const reconcileStart = performance.now();
    const runs: Record<string, unknown> = {};
    for (const source of ["zoom", "landline", "teams"]) {
      const queued = await call("POST", `/api/integrations/${source}/reconcile`, {});
      for (;;) {
        const shown = await call("GET", `/api/integrations/${source}/reconciliation`);
        if (shown.lastRun?.queuedAt === queued.run.queuedAt && ["succeeded", "failed"].includes(shown.lastRun.status)) {
          runs[source] = shown.lastRun;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    const reconcileMs = performance.now() - reconcileStart;
    while ((await pendingFetches()) > 0) await new Promise((resolve) => setTimeout(resolve, 250));
    const after = await tally(app, expected);

    const dropped = { zoom: zoom.dropped, twilio: tw.dropped, teams: ms.dropped };
    const delivered = { zoom: zoom.delivered, twilio: tw.delivered };
    console.log(
      JSON.stringify(
        {
          bench: "lost-webhooks",
          date: new Date().toISOString(),
          machine: machine(),
          loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
          n: N,
          dropShare: DROP,
          seed: SEED,
          dropped,
          delivered,
          deliverySeconds: Number((deliveryMs / 1000).toFixed(1)),
          beforeReconciliation: before,
          reconciliationSeconds: Number((reconcileMs / 1000).toFixed(1)),
          runs,
          afterReconciliation: after,
        },
        null,
        2,
      ),
    );
    if (after.missing + after.duplicated + after.wrong > 0) process.exitCode = 1;
  } finally {
    await app.close();
    await zoom.stop();
    await tw.stop();
    await ms.stop();
  }
}

/** What the database holds against what happened: missing, duplicated, and calls not timed or priced as live. */
async function tally(app: Awaited<ReturnType<typeof buildApp>>, expected: Expected[]) {
  const result = await app.db.execute(
    sql`select source, external_id, started_at, ended_at, duration_seconds, amount_cents, client_id from calls`,
  );
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const byKey = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const key = `${row.source}:${row.external_id}`;
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  let missing = 0;
  let duplicated = 0;
  let wrong = 0;
  const examples: string[] = [];
  for (const e of expected) {
    const found = byKey.get(`${e.source}:${e.id}`) ?? [];
    if (found.length > 1) duplicated += found.length - 1;
    const row = found[0];
    if (!row || row.ended_at === null) {
      missing += 1;
      continue;
    }
    const minutes = (e.end.getTime() - e.start.getTime()) / 60_000;
    const ok =
      new Date(row.started_at as string).getTime() === e.start.getTime() &&
      new Date(row.ended_at as string).getTime() === e.end.getTime() &&
      Number(row.duration_seconds) === minutes * 60 &&
      Number(row.amount_cents) === minutes * CENTS_PER_MINUTE &&
      row.client_id !== null;
    if (!ok) {
      wrong += 1;
      if (examples.length < 3)
        examples.push(`${e.source} ${e.id}: ${JSON.stringify(row)} vs ${minutes} min from ${e.start.toISOString()}`);
    }
  }
  return { calls: rows.length, missing, duplicated, wrong, ...(examples.length ? { examples } : {}) };
}

await main();
