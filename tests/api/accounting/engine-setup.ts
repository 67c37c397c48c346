import { and, eq, sql } from "drizzle-orm";
import type { AccountingProviderId } from "../../../src/core/accounting/providers.js";
import { apiProviderFor } from "../../../src/server/accounting/providers/index.js";
import type { AccountingContext } from "../../../src/server/accounting/sync/accounting-context.js";
import { verifyAccountingConnection } from "../../../src/server/accounting/sync/verify-connection.js";
import type { Config } from "../../../src/server/config.js";
import {
  accountingRecords,
  accountingSyncRuns,
  calls,
  integrations,
  invoiceItems,
  invoices,
} from "../../../src/server/db/schema/index.js";
import { type IntegrationRow, saveIntegration } from "../../../src/server/integrations/integration-store.js";
import { secretBoxFor } from "../../../src/server/http/secrets.js";
import { type AccountRef, buildCall, buildClient, buildInvoice, type InvoiceRow } from "../../helpers/factories.js";
import { startTestApp, type TestApp } from "../../helpers/test-app.js";
import type { AccountingStandInControls } from "../../stand-ins/accounting/controls.js";
import { ORDINARY_DEADLINE_MS } from "../../stand-ins/accounting/test-session.js";

/**
 * What the sync engine's API tests share: an app with the job queue pointed at accounting stand-ins,
 * a connection made through the provider's real consent and code exchange, and a month of invoices
 * with real lines (calls logged through the API, then billed).
 */
export type StandInKit = {
  provider: AccountingProviderId;
  standIn: AccountingStandInControls & { clientId: string; clientSecret: string };
};

const REDIRECT_URI = "http://127.0.0.1:5000/api/financial-integrations/oauth/callback";

export async function startEngineApp(kits: StandInKit[], overrides: Partial<Config> = {}): Promise<TestApp> {
  const endpoints = Object.fromEntries(kits.map((kit) => [kit.provider, { baseUrl: kit.standIn.url }]));
  return startTestApp({
    jobs: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 3000 },
    accounting: {
      endpoints,
      // Generous: a busy machine never turns a slow answer into a failure. Lost answers are injected
      // (dropped connections, tests/stand-ins/accounting/controls.ts), not raced against this deadline.
      timeoutMs: ORDINARY_DEADLINE_MS,
      rateLimits: { quickbooks: { perMinute: 6000, perSecond: 100 }, xero: { perMinute: 6000 } },
    },
    ...overrides,
  });
}

export function contextOf(t: TestApp): AccountingContext {
  return { db: t.app.db, box: secretBoxFor(t.app.config), config: t.app.config, now: t.app.now };
}

/** Consent at the stand-in, the code exchanged by the provider, the row saved as the routes do, then verified. */
export async function connectProvider(
  t: TestApp,
  who: { accountId: number; userId: number },
  kit: StandInKit,
): Promise<IntegrationRow> {
  const provider = apiProviderFor(kit.provider)!;
  const endpoints = { baseUrl: kit.standIn.url };
  const consent = provider.authorizationUrl!({
    clientId: kit.standIn.clientId,
    redirectUri: REDIRECT_URI,
    state: "s",
    endpoints,
  });
  const redirect = await fetch(consent, { redirect: "manual" });
  const callback = new URL(redirect.headers.get("location")!);
  const connection = await provider.exchangeCode!({
    clientId: kit.standIn.clientId,
    clientSecret: kit.standIn.clientSecret,
    redirectUri: REDIRECT_URI,
    code: callback.searchParams.get("code")!,
    query: Object.fromEntries(callback.searchParams),
    endpoints,
    timeoutMs: ORDINARY_DEADLINE_MS,
  });
  const ctx = contextOf(t);
  const row = await saveIntegration(
    t.app.db,
    ctx.box,
    { accountId: who.accountId, userId: null, kind: "accounting", provider: kit.provider },
    {
      enabled: true,
      status: "not_connected",
      config: { clientId: kit.standIn.clientId, redirectUri: REDIRECT_URI, ...connection.config },
      secret: { clientSecret: kit.standIn.clientSecret, tokens: connection.tokens },
    },
    t.app.now(),
  );
  const verified = await verifyAccountingConnection(ctx, row);
  if (!verified.ok) throw new Error(`verify failed: ${verified.message}`);
  return (await integrationRow(t, row.id))!;
}

export async function integrationRow(t: TestApp, id: number): Promise<IntegrationRow | undefined> {
  const [row] = await t.app.db.select().from(integrations).where(eq(integrations.id, id));
  return row;
}

/**
 * An invoice of `status` for the client with `minutes.length` lines, each a call logged through the
 * API and billed by this invoice (as generating an invoice does).
 */
export async function buildBilledInvoice(
  who: AccountRef,
  options: { clientId: number; status: "draft" | "sent" | "paid" | "void"; issuedOn: string; minutes: number[] },
): Promise<InvoiceRow> {
  const lines = [];
  for (const [index, minutes] of options.minutes.entries()) {
    const day = `${options.issuedOn.slice(0, 8)}${String(1 + index).padStart(2, "0")}`;
    lines.push(
      await buildCall(who, { clientId: options.clientId, startedAt: `${day}T10:00:00Z`, durationSeconds: minutes * 60 }),
    );
  }
  const total = lines.reduce((sum, call) => sum + call.amountCents, 0);
  const at = new Date(`${options.issuedOn}T12:00:00Z`);
  const invoice = await buildInvoice(who, {
    clientId: options.clientId,
    status: options.status,
    issuedOn: options.issuedOn,
    dateFrom: `${options.issuedOn.slice(0, 8)}01`,
    dateTo: options.issuedOn,
    subtotalCents: total,
    totalCents: total,
    totalCalls: lines.length,
    sentAt: options.status === "draft" ? null : at,
    paidAt: options.status === "paid" ? at : null,
    voidedAt: options.status === "void" ? at : null,
    callIds: lines.map((call) => call.id),
  });
  if (lines.length > 0)
    await who.db.insert(invoiceItems).values(
      lines.map((call, position) => ({
        accountId: who.accountId,
        invoiceId: invoice.id,
        position,
        kind: "call",
        callId: options.status === "void" ? null : call.id,
        releasedAt: options.status === "void" ? at : null,
        sourceId: call.id,
        workDate: call.startedAt.toISOString().slice(0, 10),
        description: `Consultation call (${Math.round(call.billedSeconds / 60)} min)`,
        durationSeconds: call.durationSeconds,
        billedSeconds: call.billedSeconds,
        rateCents: call.rateCents,
        billingType: call.billingType,
        amountCents: call.amountCents,
      })),
    );
  if (options.status === "void") await who.db.update(calls).set({ invoiceId: null }).where(eq(calls.invoiceId, invoice.id));
  return invoice;
}

/** A month of work: three clients; invoices sent, paid, void and draft (the draft never leaves). */
export async function buildMonth(who: AccountRef): Promise<{ clientIds: number[]; byStatus: Record<string, InvoiceRow[]> }> {
  const names = ["Acme Holdings", "Birch & Co", "Cobalt Partners"];
  const clientIds: number[] = [];
  for (const name of names)
    clientIds.push((await buildClient(who.c, { name, email: `${name.split(" ")[0]!.toLowerCase()}@example.test` })).id);
  const plan: { client: number; status: "draft" | "sent" | "paid" | "void"; issuedOn: string; minutes: number[] }[] = [
    { client: 0, status: "sent", issuedOn: "2026-10-05", minutes: [30, 45] },
    { client: 0, status: "paid", issuedOn: "2026-10-12", minutes: [60] },
    { client: 1, status: "void", issuedOn: "2026-10-15", minutes: [20, 25] },
    { client: 1, status: "sent", issuedOn: "2026-10-20", minutes: [90] },
    { client: 2, status: "paid", issuedOn: "2026-10-28", minutes: [15] },
    { client: 2, status: "draft", issuedOn: "2026-10-30", minutes: [40] },
  ];
  const byStatus: Record<string, InvoiceRow[]> = { sent: [], paid: [], void: [], draft: [] };
  for (const item of plan)
    byStatus[item.status]!.push(
      await buildBilledInvoice(who, {
        clientId: clientIds[item.client]!,
        status: item.status,
        issuedOn: item.issuedOn,
        minutes: item.minutes,
      }),
    );
  return { clientIds, byStatus };
}

export async function runRow(t: TestApp, runId: number) {
  const [row] = await t.app.db.select().from(accountingSyncRuns).where(eq(accountingSyncRuns.id, runId));
  return row!;
}

export async function recordsOf(t: TestApp, integrationId: number) {
  return t.app.db.select().from(accountingRecords).where(eq(accountingRecords.integrationId, integrationId));
}

/** Sets an invoice's status in the database (the paths that need mail are not under test here). */
export async function setInvoiceStatus(t: TestApp, accountId: number, invoiceId: number, status: string) {
  await t.app.db
    .update(invoices)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(invoices.accountId, accountId), eq(invoices.id, invoiceId)));
}
