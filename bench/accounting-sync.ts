// Accounting sync (issue 16 figures), against the local stand-ins:
//   rate      — 1,000 invoices synced by the job queue (one run, one push job per invoice) under the
//               provider's published rate limit, the same limit enforced by the stand-in: time taken
//               against the limit's minimum possible time for the requests made (ratio; goal ≥ 0.8).
//   failures  — 1,000 invoices pushed with injected failures (time-out after commit, time-out before
//               commit, 429, expired token, 500) on about a third of them, each push retried as its job
//               would be (up to 7 attempts): duplicates and lost rows there (both must be 0).
// Run: npx tsx bench/accounting-sync.ts [rate|failures|all] [--provider quickbooks|xero] [--invoices 1000] [--per-minute N]
//      (--per-minute replaces the published per-minute limit in both the engine and the stand-in, e.g.
//       to measure Xero's ratio without waiting the 18 minutes 1,000 invoices take at 60 a minute.)
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AccountingProviderId } from "../src/core/accounting/providers.js";
import { apiProviderFor } from "../src/server/accounting/providers/index.js";
import type { AccountingContext } from "../src/server/accounting/sync/accounting-context.js";
import { PushRetryLater, pushInvoice } from "../src/server/accounting/sync/push-invoice.js";
import { PUBLISHED_RATE_LIMITS, type ProviderRateLimit } from "../src/server/accounting/sync/rate-limits.js";
import { requestSpacingMs } from "../src/server/accounting/sync/slot-arithmetic.js";
import { findSyncRun, startSyncRun } from "../src/server/accounting/sync/sync-runs.js";
import { verifyAccountingConnection } from "../src/server/accounting/sync/verify-connection.js";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import type { Db } from "../src/server/db/client.js";
import { accountingRecords, accounts, calls, clients, invoiceItems, invoices, users } from "../src/server/db/schema/index.js";
import { saveIntegration } from "../src/server/integrations/integration-store.js";
import { secretBoxFor } from "../src/server/http/secrets.js";
import type { AccountingStandInControls, InjectedFailure } from "../tests/stand-ins/accounting/controls.js";
import { seededRandom } from "../tests/helpers/seeded-random.js";
import { startQuickBooksStandIn } from "../tests/stand-ins/quickbooks/index.js";
import { startXeroStandIn } from "../tests/stand-ins/xero/index.js";
// @ts-expect-error bench/lib.mjs is plain JavaScript without declarations
import { sized } from "./lib.mjs";
import { migratedTemplate } from "./migrated-template.js";

type StandIn = AccountingStandInControls & { clientId: string; clientSecret: string };

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const mode = args[0] && !args[0].startsWith("--") ? args[0] : "all";
const provider = (option("provider") ?? "quickbooks") as AccountingProviderId;
const INVOICES = Number(option("invoices") ?? sized(1000, 10));
const published = PUBLISHED_RATE_LIMITS[provider]!;
const limit: ProviderRateLimit = option("per-minute") ? { ...published, perMinute: Number(option("per-minute")) } : published;
const isApiPath = (path: string) => path.startsWith("/v3/company/") || path.startsWith("/api.xro/");

async function startStandIn(perMinute: number, perSecond?: number): Promise<StandIn> {
  if (provider === "quickbooks") return startQuickBooksStandIn({ perMinute, perSecond });
  if (provider === "xero") return startXeroStandIn({ limits: { perMinute, perDay: 1_000_000 } });
  throw new Error(`No stand-in for ${provider}`);
}

async function startApp(standIn: StandIn, engineLimit: ProviderRateLimit, timeoutMs: number) {
  const config = loadConfig(
    { LOG_LEVEL: "silent", SECRETS_KEY: randomBytes(32).toString("base64") },
    {
      inMemoryDatabase: true,
      pgliteTemplate: await migratedTemplate(),
      jobs: { pollingIntervalSeconds: 0.5 },
      accounting: { endpoints: { [provider]: { baseUrl: standIn.url } }, timeoutMs, rateLimits: { [provider]: engineLimit } },
    },
  );
  const app = await buildApp(config);
  const context: AccountingContext = { db: app.db, box: secretBoxFor(config), config, now: () => new Date() };
  return { app, context };
}

/** Consent at the stand-in, the code exchanged, the row saved and verified (as the routes do). */
async function connect(context: AccountingContext, standIn: StandIn, accountId: number) {
  const api = apiProviderFor(provider)!;
  const endpoints = { baseUrl: standIn.url };
  const redirectUri = "http://127.0.0.1:5000/api/financial-integrations/oauth/callback";
  const consent = api.authorizationUrl!({ clientId: standIn.clientId, redirectUri, state: "bench", endpoints });
  const callback = new URL((await fetch(consent, { redirect: "manual" })).headers.get("location")!);
  const connection = await api.exchangeCode!({
    clientId: standIn.clientId,
    clientSecret: standIn.clientSecret,
    redirectUri,
    code: callback.searchParams.get("code")!,
    query: Object.fromEntries(callback.searchParams),
    endpoints,
    timeoutMs: 5000,
  });
  const row = await saveIntegration(
    context.db,
    context.box,
    { accountId, userId: null, kind: "accounting", provider },
    {
      enabled: true,
      config: { clientId: standIn.clientId, redirectUri, ...connection.config },
      secret: { clientSecret: standIn.clientSecret, tokens: connection.tokens },
    },
    new Date(),
  );
  const verified = await verifyAccountingConnection(context, row);
  if (!verified.ok) throw new Error(verified.message);
  return row;
}

type Seeded = { accountId: number; invoiceIds: number[]; statuses: Map<number, string> };

/** One account, 50 clients, `count` invoices of one billed call each: 70% sent, 20% paid, 10% void. */
async function seed(db: Db, count: number): Promise<Seeded> {
  const [account] = await db.insert(accounts).values({}).returning({ id: accounts.id });
  const accountId = account!.id;
  await db
    .insert(users)
    .values({ accountId, email: `owner-${randomBytes(4).toString("hex")}@practice.example`, passwordHash: "-" });
  const clientRows = await db
    .insert(clients)
    .values(Array.from({ length: 50 }, (_, n) => ({ accountId, name: `Client ${n}`, email: `client${n}@example.test` })))
    .returning({ id: clients.id });
  const next = seededRandom(16);
  const invoiceIds: number[] = [];
  const statuses = new Map<number, string>();
  for (let start = 0; start < count; start += 250) {
    const batch = Array.from({ length: Math.min(250, count - start) }, (_, k) => start + k);
    const plan = batch.map((n) => {
      const roll = next();
      const minutes = 15 + Math.floor(next() * 90);
      return {
        n,
        clientId: clientRows[n % clientRows.length]!.id,
        status: roll < 0.7 ? "sent" : roll < 0.9 ? "paid" : "void",
        minutes,
      };
    });
    const day = (n: number) => `2026-10-${String(1 + (n % 28)).padStart(2, "0")}`;
    const callRows = await db
      .insert(calls)
      .values(
        plan.map((p) => ({
          accountId,
          clientId: p.clientId,
          startedAt: new Date(`${day(p.n)}T10:00:00Z`),
          endedAt: new Date(Date.parse(`${day(p.n)}T10:00:00Z`) + p.minutes * 60_000),
          durationSeconds: p.minutes * 60,
          billedSeconds: p.minutes * 60,
          rateCents: 15000,
          amountCents: p.minutes * 250,
        })),
      )
      .returning({ id: calls.id });
    const invoiceRows = await db
      .insert(invoices)
      .values(
        plan.map((p) => ({
          accountId,
          clientId: p.clientId,
          invoiceNumber: `INV-${String(p.n + 1).padStart(5, "0")}`,
          sequence: p.n + 1,
          dateFrom: "2026-10-01",
          dateTo: "2026-10-31",
          issuedOn: day(p.n),
          dueOn: "2026-11-30",
          status: p.status,
          subtotalCents: p.minutes * 250,
          totalCents: p.minutes * 250,
          totalCalls: 1,
          paidAt: p.status === "paid" ? new Date(`${day(p.n)}T12:00:00Z`) : null,
        })),
      )
      .returning({ id: invoices.id });
    await db.insert(invoiceItems).values(
      plan.map((p, k) => ({
        accountId,
        invoiceId: invoiceRows[k]!.id,
        position: 0,
        kind: "call",
        callId: p.status === "void" ? null : callRows[k]!.id,
        releasedAt: p.status === "void" ? new Date() : null,
        sourceId: callRows[k]!.id,
        workDate: day(p.n),
        description: `Consultation call (${p.minutes} min)`,
        durationSeconds: p.minutes * 60,
        billedSeconds: p.minutes * 60,
        rateCents: 15000,
        billingType: "hour",
        amountCents: p.minutes * 250,
      })),
    );
    for (const [k, row] of invoiceRows.entries()) {
      invoiceIds.push(row.id);
      statuses.set(row.id, plan[k]!.status);
    }
  }
  return { accountId, invoiceIds, statuses };
}

/** Duplicates there (remote rows beyond one per mapped local row) and local rows not (fully) there. */
async function audit(db: Db, standIn: StandIn, integrationId: number, seeded: Seeded) {
  const records = await db.select().from(accountingRecords).where(eq(accountingRecords.integrationId, integrationId));
  const mapped = (entity: string) => new Set(records.filter((r) => r.entity === entity && r.remoteId).map((r) => r.remoteId));
  const counts = standIn.counts();
  const duplicates =
    counts.customers -
    mapped("customer").size +
    (counts.invoices - mapped("invoice").size) +
    (counts.payments - mapped("payment").size);
  const byKey = new Map(records.map((r) => [`${r.entity}:${r.localId}`, r]));
  let lost = 0;
  for (const id of seeded.invoiceIds) {
    const status = seeded.statuses.get(id)!;
    const invoice = byKey.get(`invoice:${id}`);
    if (!invoice?.remoteId || invoice.state !== "synced" || !invoice.syncedFingerprint?.endsWith(`.${status}`)) lost += 1;
    else if (status === "paid" && !byKey.get(`payment:${id}`)?.remoteId) lost += 1;
  }
  return { duplicates, lost, counts };
}

async function rateFigure() {
  const standIn = await startStandIn(limit.perMinute, limit.perSecond);
  const { app, context } = await startApp(standIn, limit, 15_000);
  try {
    const seeded = await seed(app.db, INVOICES);
    const row = await connect(context, standIn, seeded.accountId);
    const before = standIn.requests().length;
    const started = Date.now();
    const run = await startSyncRun(app.db, app.jobs, {
      accountId: seeded.accountId,
      integrationId: row.id,
      userId: null,
      now: new Date(),
    });
    for (;;) {
      const current = (await findSyncRun(app.db, run.id))!;
      if (current.state === "succeeded" || current.state === "failed") {
        const wall = Date.now() - started;
        const times = standIn
          .requests()
          .slice(before)
          .filter((request) => isApiPath(request.path))
          .map((request) => request.at);
        const spacing = requestSpacingMs(limit);
        const elapsed = times[times.length - 1]! - times[0]!;
        const minimum = (times.length - 1) * spacing;
        const { duplicates, lost } = await audit(app.db, standIn, row.id, seeded);
        const throttled = "throttled" in standIn ? (standIn as { throttled: () => number }).throttled() : null;
        console.log(
          JSON.stringify(
            {
              figure: "sync under the rate limit",
              provider,
              limit,
              invoices: INVOICES,
              run: { state: current.state, synced: current.synced, failed: current.failed, message: current.message },
              apiRequests: times.length,
              spacingMs: spacing,
              firstToLastRequestSeconds: +(elapsed / 1000).toFixed(1),
              minimumPossibleSeconds: +(minimum / 1000).toFixed(1),
              ratio: +(minimum / elapsed).toFixed(3),
              wallSeconds: +(wall / 1000).toFixed(1),
              throttledByStandIn: throttled,
              duplicates,
              lost,
            },
            null,
            2,
          ),
        );
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await app.close();
    await standIn.close();
  }
}

const FAILURE_KINDS: InjectedFailure["kind"][] = ["drop-after-commit", "drop-before-commit", "429", "401", "500"];
const STEP_PATHS: Record<string, string[]> = {
  quickbooks: ["/customer", "/invoice", "/payment"],
  xero: ["/Contacts", "/Invoices", "/Payments"],
};

async function failuresFigure() {
  // Limits far above what a push needs: this figure is about correctness, not pacing.
  const standIn = await startStandIn(1_000_000, 10_000);
  const { app, context } = await startApp(standIn, { perMinute: 600_000, perSecond: 10_000 }, 400);
  try {
    const seeded = await seed(app.db, INVOICES);
    const row = await connect(context, standIn, seeded.accountId);
    const next = seededRandom(61);
    const started = Date.now();
    let injected = 0;
    let retries = 0;
    let gaveUp = 0;
    for (const invoiceId of seeded.invoiceIds) {
      if (next() < 0.35) {
        const kind = FAILURE_KINDS[Math.floor(next() * FAILURE_KINDS.length)]!;
        const paths = STEP_PATHS[provider]!;
        standIn.failNext({ kind, pathIncludes: paths[Math.floor(next() * paths.length)], retryAfterSeconds: 1 });
        injected += 1;
      }
      for (let attempt = 1; ; attempt += 1) {
        try {
          const result = await pushInvoice(context, { accountId: seeded.accountId, integrationId: row.id, invoiceId });
          if (result.outcome === "failed") gaveUp += 1;
          break;
        } catch (error) {
          if (!(error instanceof PushRetryLater) || attempt >= 7) {
            gaveUp += 1;
            break;
          }
          retries += 1;
        }
      }
    }
    const { duplicates, lost, counts } = await audit(app.db, standIn, row.id, seeded);
    const spends = [...standIn.refreshTokenSpends().values()];
    console.log(
      JSON.stringify(
        {
          figure: "syncs with injected failures",
          provider,
          invoices: INVOICES,
          injectedFailures: injected,
          retries,
          gaveUp,
          remote: counts,
          duplicates,
          lost,
          refreshTokensSpentTwice: spends.filter((n) => n > 1).length,
          seconds: +((Date.now() - started) / 1000).toFixed(1),
        },
        null,
        2,
      ),
    );
  } finally {
    await app.close();
    await standIn.close();
  }
}

if (mode === "rate" || mode === "all") await rateFigure();
if (mode === "failures" || mode === "all") await failuresFigure();
