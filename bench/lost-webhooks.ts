// No missed call (issue 25 §3 figure): N meetings and calls across the Zoom, Twilio, Teams and Google Meet
// stand-ins, each webhook delivery (Meet: each Calendar push) dropped at random with probability DROP (30 %,
// seeded), and the server killed with SIGKILL (kill -9) KILLS times during delivery (default twice, at a third
// and two thirds of the deliveries, a random few milliseconds after a delivery has been sent, so that request
// and the jobs running then are cut off mid-way), started again on the same database, and the deliveries go on.
// Once every job has run (those the kills left "active" run again when pg-boss sees them expire), the baseline
// is counted; then ONE reconciliation per source ("Reconcile now" over HTTP, the capture.reconcile job reading
// each stand-in's own record), its jobs, and the count again. Counted from the database against what happened: calls
// missing (in the provider's record, not a call, or never ended), duplicated (more than one call for a provider
// id), and not as live (start, end, duration, client or amount other than the live path gives: every
// conversation is whole minutes with the one client at $120.00 an hour). The baseline is the same run before
// reconciliation.
// The app runs in a child process (bench/lost-webhooks-server.ts) on a throwaway PostgreSQL database (dropped
// afterwards) so that it can be killed; its job queue runs without cron schedules, so the hourly reconciliation
// cannot run before the counting. The stand-ins post to it over HTTP and serve their REST records.
// Run: npx tsx bench/lost-webhooks.ts   (N=1000 DROP=0.3 SEED=25 KILLS=2; BENCH_FAST=1: N=40;
//      BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, names the server to make it on)
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { seededRandom } from "../tests/helpers/seeded-random.js";
import { type GoogleStandIn, meetEvent, startGoogleStandIn } from "../tests/stand-ins/google/server.js";
import { createMicrosoftStandIn } from "../tests/stand-ins/microsoft/server.js";
import { TwilioStandIn } from "../tests/stand-ins/twilio/server.js";
import { ZoomStandIn } from "../tests/stand-ins/zoom/server.js";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { freePort, machine, signUpCookie, sized } from "./lib.mjs";
import { serverDatabase } from "./server-database.js";

const N = Number(process.env.N ?? sized(1000, 40));
const DROP = Number(process.env.DROP ?? 0.3);
const SEED = Number(process.env.SEED ?? 25);
const KILLS = Number(process.env.KILLS ?? 2);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const XHR = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };
const CLIENT = { email: "client@lost-bench.test", phone: "+12125550199" };
const LINE = "+18005551212";
const GOOGLE_CLIENT = { clientId: "24680-bench.apps.googleusercontent.com", clientSecret: "GOCSPX-bench" };
/** $120.00 an hour: a whole-minute call costs 200 cents a minute. */
const CENTS_PER_MINUTE = 200;
/** How long the jobs may take to settle: those a kill left "active" wait for their expiry (up to 5 minutes). */
const SETTLE_LIMIT_MS = 15 * 60_000;
const SOURCES = ["zoom", "twilio", "teams", "meet"] as const;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Source = (typeof SOURCES)[number];
type Expected = { source: Source; id: string; start: Date; end: Date };

/** The app's process: started, killed with SIGKILL, started again on the same database and port. */
class AppProcess {
  child: ChildProcess | null = null;
  constructor(
    private readonly env: NodeJS.ProcessEnv,
    readonly port: number,
  ) {}

  async start(): Promise<void> {
    const script = path.join(path.dirname(new URL(import.meta.url).pathname), "lost-webhooks-server.ts");
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      env: { ...process.env, ...this.env, PORT: String(this.port) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      let out = "";
      child.stdout!.on("data", (chunk) => {
        out += chunk;
        if (out.includes("listening")) resolve();
      });
      child.once("exit", (code, signal) => reject(new Error(`the app exited before listening (${code ?? signal})`)));
    });
  }

  /** kill -9: no shutdown hook runs, in-flight requests and jobs are cut off where they are. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

async function main() {
  const random = seededRandom(SEED);
  const zoom = await new ZoomStandIn().start();
  const tw = await new TwilioStandIn().start();
  const ms = await createMicrosoftStandIn().start();
  const google = await startGoogleStandIn();
  google.addClient(GOOGLE_CLIENT.clientId, GOOGLE_CLIENT.clientSecret);
  for (const standIn of [zoom, tw, ms, google]) {
    standIn.random = random;
    standIn.dropShare = 0;
  }
  const database = await serverDatabase(ADMIN_URL);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const port: number = await freePort();
  const app = new AppProcess(
    {
      SECRETS_KEY: randomBytes(32).toString("base64"),
      BENCH_APP_CONFIG: JSON.stringify({
        databaseUrl: database.url,
        jobs: { pollingIntervalSeconds: 0.5, schedules: false },
        // Every delivery of a source comes through one URL: the per-URL limit must refuse none here.
        webhookRateLimit: { limit: 1_000_000, windowSeconds: 60 },
        providers: { ...zoom.appConfig, twilioApiBase: tw.url },
        microsoft: ms.appConfig,
        google: { oauthBase: google.baseUrl, apiBase: google.baseUrl },
      }),
    },
    port,
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const count = async (text: string): Promise<number> => Number((await pool.query(text)).rows[0]?.n ?? 0);
  try {
    await app.start();
    const email = `lost-${Date.now()}@example.test`;
    let cookie: string = await signUpCookie(baseUrl, email);
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
    cookie = await connectMeet(baseUrl, cookie, google);
    const channel = google.activeChannel()!;
    await waitForJobs(count, SETTLE_LIMIT_MS); // the consent's first calendar sync

    for (const standIn of [zoom, tw, ms, google]) standIn.dropShare = DROP;
    // N conversations over the last 48 hours, a quarter per provider, each 5–60 whole minutes.
    const now = Math.floor(Date.now() / 60_000) * 60_000;
    const expected: Expected[] = [];
    for (let i = 0; i < N; i++) {
      const minutes = 5 + Math.floor(random() * 56);
      const step = Math.max(1, Math.floor((47 * 60) / N));
      const start = new Date(now - (61 + (N - 1 - i) * step) * 60_000);
      const end = new Date(start.getTime() + minutes * 60_000);
      const source = SOURCES[i % SOURCES.length]!;
      const id =
        source === "twilio"
          ? `CA${randomBytes(16).toString("hex")}`
          : source === "zoom"
            ? `${randomBytes(12).toString("base64")}`
            : source === "teams"
              ? randomUUID()
              : "";
      expected.push({ source, id, start, end });
    }

    /** The conversation happens at its provider, which then delivers its webhooks (or pushes). */
    const deliver = async (e: Expected, index: number) => {
      if (e.source === "zoom") {
        const meeting = zoom.addMeeting({
          uuid: e.id,
          id: 80_000_000_000 + index,
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
      } else if (e.source === "teams") {
        ms.addCallRecord({
          id: e.id,
          startDateTime: e.start.toISOString(),
          endDateTime: e.end.toISOString(),
          participants_v2: [
            { id: "p1", identity: { user: { id: "u-client", displayName: "Bench Client", userPrincipalName: CLIENT.email } } },
          ],
        });
        await ms.notify(e.id, { subscriptionId: subscription.id });
      } else {
        const code = meetingCode(index);
        google.putEvent(
          meetEvent({
            id: `bench-${index}`,
            code,
            start: e.start,
            end: e.end,
            attendees: [google.account, CLIENT.email],
            self: google.account,
            summary: "Bench meeting",
          }),
        );
        e.id = google.addConference({
          meetingCode: code,
          startTime: e.start.toISOString(),
          endTime: e.end.toISOString(),
          participants: [
            { signedinUser: { user: "users/1", displayName: "Me" } },
            { signedinUser: { user: "users/2", displayName: "Bench Client" } },
          ],
        });
        await google.deliver(channel);
      }
    };

    // Kill points: after a third and two thirds of the conversations (KILLS of them, evenly spread).
    const killAt = new Set(Array.from({ length: KILLS }, (_, k) => Math.floor(((k + 1) * N) / (KILLS + 1))));
    const kills: { at: number; afterMs: number; downMs: number }[] = [];
    let cutByKills = 0;
    let orphaned = 0;
    const deliveryStart = performance.now();
    for (const [index, e] of expected.entries()) {
      const sent = deliver(e, index).catch(() => {
        cutByKills += 1; // the server died while answering: the provider gives up on this delivery
      });
      if (killAt.has(index)) {
        // A random few milliseconds into this delivery: mid-request, and mid-job for the jobs running then.
        const afterMs = Math.floor(random() * 40);
        await sleep(afterMs);
        const killedAt = performance.now();
        await app.kill();
        await sent;
        orphaned += await count("select count(*)::int as n from pgboss.job where state = 'active'");
        await app.start();
        kills.push({ at: index, afterMs, downMs: Math.round(performance.now() - killedAt) });
      }
      await sent;
    }
    const deliveryMs = performance.now() - deliveryStart;
    // What the live path makes of what arrived, once every job has run (the orphaned ones after their expiry).
    const settleStart = performance.now();
    const leftBefore = await waitForJobs(count, SETTLE_LIMIT_MS);
    const settleMs = performance.now() - settleStart;
    const before = await tally(pool, expected);

    const reconcileStart = performance.now();
    const runs: Record<string, unknown> = {};
    for (const source of ["zoom", "landline", "teams", "meet"]) {
      const queued = await call("POST", `/api/integrations/${source}/reconcile`, {});
      for (;;) {
        const shown = await call("GET", `/api/integrations/${source}/reconciliation`);
        if (shown.lastRun?.queuedAt === queued.run.queuedAt && ["succeeded", "failed"].includes(shown.lastRun.status)) {
          runs[source] = shown.lastRun;
          break;
        }
        await sleep(250);
      }
    }
    const reconcileMs = performance.now() - reconcileStart;
    const left = await waitForJobs(count, SETTLE_LIMIT_MS);
    const after = await tally(pool, expected);

    const dropped = { zoom: zoom.dropped, twilio: tw.dropped, teams: ms.dropped, meet: google.dropped };
    const delivered = { zoom: zoom.delivered, twilio: tw.delivered, meet: google.delivered };
    console.log(
      JSON.stringify(
        {
          bench: "lost-webhooks",
          date: new Date().toISOString(),
          machine: machine(),
          loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
          database: "PostgreSQL (a throwaway database on BENCH_DATABASE_URL's server)",
          n: N,
          dropShare: DROP,
          seed: SEED,
          kills,
          deliveriesCutByKills: cutByKills,
          jobsActiveAtKills: orphaned,
          dropped,
          delivered,
          deliverySeconds: Number((deliveryMs / 1000).toFixed(1)),
          jobsSettleSeconds: Number((settleMs / 1000).toFixed(1)),
          jobsLeftBefore: leftBefore,
          beforeReconciliation: before,
          reconciliationSeconds: Number((reconcileMs / 1000).toFixed(1)),
          runs,
          jobsLeftAfter: left,
          afterReconciliation: after,
        },
        null,
        2,
      ),
    );
    if (after.missing + after.duplicated + after.wrong > 0 || left > 0) process.exitCode = 1;
  } finally {
    await app.stop();
    await pool.end();
    await database.drop();
    await zoom.stop();
    await tw.stop();
    await ms.stop();
    await google.stop();
  }
}

/** A distinct Meet code per conversation ("abc-defg-hij" shape). */
function meetingCode(index: number): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  let n = index;
  let code = "";
  for (let i = 0; i < 10; i++) {
    code += letters[n % 26];
    n = Math.floor(n / 26);
  }
  return `${code.slice(0, 3)}-${code.slice(3, 7)}-${code.slice(7)}`;
}

/**
 * Meet's consent as a browser makes it: save the OAuth client, /connect (302 to Google with the signed state
 * and the state cookie), "Allow" at the stand-in, the callback. The session cookie it returns.
 */
async function connectMeet(baseUrl: string, cookie: string, google: GoogleStandIn): Promise<string> {
  const saved = await fetch(`${baseUrl}/api/integrations/meet`, {
    method: "POST",
    headers: { ...XHR, cookie },
    body: JSON.stringify({ ...GOOGLE_CLIENT, enabled: true }),
  });
  if (!saved.ok) throw new Error(`Meet settings refused: ${saved.status} ${await saved.text()}`);
  const start = await fetch(`${baseUrl}/api/integrations/meet/connect`, { headers: { ...XHR, cookie }, redirect: "manual" });
  const state = start.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const back = new URL(google.consent(start.headers.get("location") ?? ""));
  const done = await fetch(`${baseUrl}${back.pathname}${back.search}`, {
    headers: { ...XHR, cookie: `${cookie}; ${state}` },
    redirect: "manual",
  });
  if (!(done.headers.get("location") ?? "").includes("meet=connected"))
    throw new Error(`Meet consent failed: ${done.status} ${done.headers.get("location")}`);
  return cookie;
}

/**
 * Waits until no job is waiting to run or running, the ones a kill left "active" included (pg-boss runs
 * them again once they expire). How many were still left at the limit.
 */
async function waitForJobs(count: (text: string) => Promise<number>, limitMs: number): Promise<number> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const left = await count(
      "select count(*)::int as n from pgboss.job where state = 'active' or (state in ('created', 'retry') and start_after <= now())",
    );
    if (left === 0 || Date.now() > deadline) return left;
    await sleep(500);
  }
}

/** What the database holds against what happened: missing, duplicated, and calls not timed or priced as live. */
async function tally(pool: pg.Pool, expected: Expected[]) {
  const { rows } = await pool.query(
    "select source, external_id, started_at, ended_at, duration_seconds, amount_cents, client_id from calls",
  );
  const byKey = new Map<string, Record<string, unknown>[]>();
  for (const row of rows as Record<string, unknown>[]) {
    const key = `${row.source}:${row.external_id}`;
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  let missing = 0;
  let duplicated = 0;
  let wrong = 0;
  const bySource: Record<string, { missing: number; wrong: number }> = {};
  const examples: string[] = [];
  for (const e of expected) {
    bySource[e.source] ??= { missing: 0, wrong: 0 };
    const tallied = bySource[e.source]!;
    const found = byKey.get(`${e.source}:${e.id}`) ?? [];
    if (found.length > 1) duplicated += found.length - 1;
    const row = found[0];
    if (!row || row.ended_at === null) {
      missing += 1;
      tallied.missing += 1;
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
      tallied.wrong += 1;
      if (examples.length < 3)
        examples.push(`${e.source} ${e.id}: ${JSON.stringify(row)} vs ${minutes} min from ${e.start.toISOString()}`);
    }
  }
  return { calls: rows.length, missing, duplicated, wrong, bySource, ...(examples.length ? { examples } : {}) };
}

await main();
