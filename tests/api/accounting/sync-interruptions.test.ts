import { existsSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiProviderFor } from "../../../src/server/accounting/providers/index.js";
import { type PushResult, PushRetryLater, pushInvoice } from "../../../src/server/accounting/sync/push-invoice.js";
import { findRecord, listAccountingRecords } from "../../../src/server/accounting/sync/records.js";
import { startSyncRun } from "../../../src/server/accounting/sync/sync-runs.js";
import { clients } from "../../../src/server/db/schema/index.js";
import type { IntegrationRow } from "../../../src/server/integrations/integration-store.js";
import { buildClient, newAccount, type TestAccount } from "../../helpers/factories.js";
import type { TestApp } from "../../helpers/test-app.js";
import type { InjectedFailure } from "../../stand-ins/accounting/controls.js";
import { startQuickBooksStandIn } from "../../stand-ins/quickbooks/index.js";
import {
  buildBilledInvoice,
  connectProvider,
  contextOf,
  integrationRow,
  runRow,
  type StandInKit,
  setInvoiceStatus,
  startEngineApp,
} from "./engine-setup.js";
import { until as waitUntil } from "../../helpers/until.js";

// Background work on a loaded machine (issue 22): waits and set-ups are bounded by a generous budget
// for this file, never by how fast the machine happens to be; nothing here races a clock.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });
const until = <T>(what: string, read: () => Promise<T> | T, ok: (value: T) => boolean) => waitUntil(what, read, ok, 150_000);

/**
 * Issue 16 §6: a sync interrupted at every step (customer create, invoice create, payment create,
 * void), by a time-out after the provider committed, a 429, or an expired access token, and retried
 * up to three times, leaves exactly one remote customer, invoice and payment per local one: the
 * retry carries the same idempotency key and the provider answers with what it already made.
 */
type Step = "customer" | "invoice" | "payment" | "void";
type StepMatch = Pick<InjectedFailure, "method" | "pathIncludes">;
type ProviderCase = { kit: () => Promise<StandInKit>; steps: Record<Step, StepMatch> };

const CASES: Record<string, ProviderCase> = {
  quickbooks: {
    kit: async () => ({ provider: "quickbooks", standIn: await startQuickBooksStandIn() }),
    steps: {
      customer: { method: "POST", pathIncludes: "/customer" },
      invoice: { method: "POST", pathIncludes: "/invoice" },
      payment: { method: "POST", pathIncludes: "/payment" },
      // A void is a POST to /invoice?operation=void, after the invoice exists.
      void: { method: "POST", pathIncludes: "/invoice" },
    },
  },
};

// Xero joins when its provider and stand-in are in (tests/stand-ins/xero/index.ts, providers/index.ts).
const xeroReady = existsSync(new URL("../../stand-ins/xero/index.ts", import.meta.url)) && apiProviderFor("xero") !== null;
if (xeroReady) {
  CASES.xero = {
    kit: async () => {
      const module = (await import("../../stand-ins/xero/index.js" as string)) as {
        startXeroStandIn: (options: { limits: { perMinute: number } }) => Promise<StandInKit["standIn"]>;
      };
      // The engine is told 6,000 a minute in these tests (engine-setup.ts); the stand-in agrees.
      return { provider: "xero", standIn: await module.startXeroStandIn({ limits: { perMinute: 6000 } }) };
    },
    steps: {
      customer: { pathIncludes: "/Contacts" },
      invoice: { pathIncludes: "/Invoices" },
      payment: { pathIncludes: "/Payments" },
      void: { method: "POST", pathIncludes: "/Invoices/" },
    },
  };
}

const FAILURES: { kind: InjectedFailure["kind"]; times: number; retryAfterSeconds?: number }[] = [
  { kind: "drop-after-commit", times: 2 },
  { kind: "drop-before-commit", times: 2 },
  // Retry-After: 0. What is tested here is one of each after the interruption; that the engine waits out a
  // Retry-After is sync-engine.test.ts's "a 429 holds every instance until Retry-After" (1 s, measured on the
  // limiter's record). The stand-ins' default of 1 s made these eight cases 2 s of waiting each.
  { kind: "429", times: 2, retryAfterSeconds: 0 },
  { kind: "401", times: 1 },
  { kind: "500", times: 2 },
];
const STEPS: Step[] = ["customer", "invoice", "payment", "void"];

describe.each(Object.keys(CASES))("%s: interrupted at every step, retried three times", (name) => {
  const providerCase = CASES[name]!;
  let kit: StandInKit;
  let t: TestApp;
  let who: TestAccount;
  let row: IntegrationRow;
  let day = 0;

  // An app and a connection: room beyond the project's 60 s on a loaded machine (issue 22).
  beforeAll(async () => {
    kit = await providerCase.kit();
    t = await startEngineApp([kit]);
    who = await newAccount(t);
    row = await connectProvider(t, who, kit);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await kit?.standIn.close();
  });

  /** Up to three pushes, as the job's retries would make them; the result of the last. */
  async function pushWithRetries(invoiceId: number): Promise<{ result: PushResult; attempts: number }> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const result = await pushInvoice(contextOf(t), { accountId: who.accountId, integrationId: row.id, invoiceId });
        return { result, attempts: attempt };
      } catch (error) {
        if (!(error instanceof PushRetryLater) || attempt >= 3) throw error;
      }
    }
  }

  for (const step of STEPS) {
    for (const failure of FAILURES) {
      it(`${step} step, ${failure.kind}${failure.times > 1 ? ` ×${failure.times}` : ""}: exactly one of each there`, async () => {
        day += 1;
        const issuedOn = `2026-07-${String(day).padStart(2, "0")}`;
        const client = await buildClient(who.c, { name: `Client ${step} ${failure.kind} ${name}` });
        const status = step === "payment" ? "paid" : "sent";
        const invoice = await buildBilledInvoice(who, { clientId: client.id, status, issuedOn, minutes: [30, 15] });
        if (step === "void") {
          // The invoice is there first; then voided here, and the void is what gets interrupted.
          expect((await pushWithRetries(invoice.id)).result).toEqual({ outcome: "synced" });
          await setInvoiceStatus(t, who.accountId, invoice.id, "void");
        }
        const before = kit.standIn.counts();
        kit.standIn.failNext({ ...failure, ...providerCase.steps[step] });
        const { result } = await pushWithRetries(invoice.id);
        expect(result).toEqual({ outcome: "synced" });
        if (step === "void") {
          const [record] = await listAccountingRecords(t.app.db, {
            accountId: who.accountId,
            integrationId: row.id,
            entity: "invoice",
          });
          expect(record).toBeDefined();
        }
        expect(kit.standIn.counts()).toEqual({
          customers: before.customers + (step === "void" ? 0 : 1),
          invoices: before.invoices + (step === "void" ? 0 : 1),
          payments: before.payments + (step === "payment" ? 1 : 0),
        });
        // Pushed again: nothing changes there.
        expect(await pushWithRetries(invoice.id)).toMatchObject({ result: { outcome: "unchanged" }, attempts: 1 });
        expect((await integrationRow(t, row.id))!.status).toBe("connected");
      });
    }
  }

  it("every refresh token was spent once, and a full sync afterwards still creates nothing", async () => {
    for (const [token, spends] of kit.standIn.refreshTokenSpends()) expect({ token, spends }).toEqual({ token, spends: 1 });
    const before = kit.standIn.counts();
    const run = await startSyncRun(t.app.db, t.app.jobs, {
      accountId: who.accountId,
      integrationId: row.id,
      userId: who.userId,
      now: t.app.now(),
    });
    const done = await until(
      "the run to finish",
      () => runRow(t, run.id),
      (r) => r.state !== "queued" && r.state !== "running",
    );
    expect(done).toMatchObject({ state: "succeeded", failed: 0, total: STEPS.length * FAILURES.length });
    expect(kit.standIn.counts()).toEqual(before);
  });

  it("a refusal fails the record with the provider's words and a fresh key; the run says which", async () => {
    // Two clients synced, then one renamed here to the other's name: the customer update is refused there.
    const first = await buildClient(who.c, { name: `Refused ${name} A` });
    const second = await buildClient(who.c, { name: `Refused ${name} B` });
    for (const client of [first, second])
      await buildBilledInvoice(who, { clientId: client.id, status: "sent", issuedOn: "2026-06-01", minutes: [10] });
    const runJune = async () => {
      const run = await startSyncRun(t.app.db, t.app.jobs, {
        accountId: who.accountId,
        integrationId: row.id,
        userId: who.userId,
        from: "2026-06-01",
        to: "2026-06-30",
        now: t.app.now(),
      });
      return until(
        "the run to finish",
        () => runRow(t, run.id),
        (r) => r.state !== "queued" && r.state !== "running",
      );
    };
    expect(await runJune()).toMatchObject({ state: "succeeded", total: 2 });
    await t.app.db.update(clients).set({ name: first.name }).where(eq(clients.id, second.id));
    const customerRecord = async () =>
      (await findRecord(t.app.db, { accountId: who.accountId, integrationId: row.id, entity: "customer", localId: second.id }))!;
    const keyBefore = (await customerRecord()).idempotencyKey;

    const done = await runJune();
    const record = await customerRecord();
    expect(record.state).toBe("failed");
    expect(record.lastError).toMatch(/refused it: .+/);
    expect(record.idempotencyKey).not.toBe(keyBefore);
    expect(done).toMatchObject({ state: "failed", total: 2, synced: 1, failed: 1 });
    expect(done.message).toBe(`1 of 2 invoices failed: The customer: ${record.lastError}`);
    const listed = await listAccountingRecords(t.app.db, { accountId: who.accountId, integrationId: row.id, entity: "customer" });
    expect(listed.find((item) => item.localId === second.id)).toMatchObject({ label: first.name, state: "failed" });
    expect((await integrationRow(t, row.id))!.status).toBe("connected");
  });
});
