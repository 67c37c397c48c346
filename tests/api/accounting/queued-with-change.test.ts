import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PUSH_INVOICE_JOB, SYNC_RUN_JOB } from "../../../src/server/accounting/sync/sync-runs.js";
import { accountingSyncRuns, invoices } from "../../../src/server/db/schema/index.js";
import type { IntegrationRow } from "../../../src/server/integrations/integration-store.js";
import { newAccount, type TestAccount } from "../../helpers/factories.js";
import { installJobRefusals, type JobRefusals } from "../../helpers/job-refusals.js";
import type { TestApp } from "../../helpers/test-app.js";
import { until as waitUntil } from "../../helpers/until.js";
import { type QuickBooksStandIn, startQuickBooksStandIn } from "../../stand-ins/quickbooks/index.js";
import { buildMonth, connectProvider, runRow, startEngineApp } from "./engine-setup.js";

// Background work on a loaded machine (issue 22): generous budgets, nothing races a clock.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });
const until = <T>(what: string, read: () => Promise<T> | T, ok: (value: T) => boolean) => waitUntil(what, read, ok, 150_000);

/**
 * "Write a row and queue its work" in one transaction (issue 24 §2, jobs/send-in-transaction.ts): an
 * invoice marked paid or voided here and its push to the books, a sync run and its job, commit together
 * or not at all. The queue's failure is made real in the test database (tests/helpers/job-refusals.ts): a
 * trigger refuses the job's insert into pg-boss's table for one queue, so the change's transaction fails as
 * it would on a real fault.
 */
async function statusOf(t: TestApp, accountId: number, invoiceId: number): Promise<string> {
  const [row] = await t.app.db
    .select({ status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.accountId, accountId), eq(invoices.id, invoiceId)));
  return row!.status;
}

describe("a change and the job that carries it to the books commit together", () => {
  let standIn: QuickBooksStandIn;
  let t: TestApp;
  let who: TestAccount;
  let row: IntegrationRow;
  let month: Awaited<ReturnType<typeof buildMonth>>;
  let queue: JobRefusals;

  beforeAll(async () => {
    standIn = await startQuickBooksStandIn({ companyName: "Hartley & Webb LLP" });
    t = await startEngineApp([{ provider: "quickbooks", standIn }]);
    who = await newAccount(t);
    row = await connectProvider(t, who, { provider: "quickbooks", standIn });
    month = await buildMonth(who);
    queue = await installJobRefusals(t.app.db);
    const sync = await who.c.post<{ run: { id: number } }>(`/api/financial-integrations/${row.id}/sync`, {});
    expect(sync.status).toBe(200);
    await until(
      "the first sync to finish",
      () => runRow(t, sync.body.run.id),
      (run) => run.state === "succeeded",
    );
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it("a payment or void whose push cannot be queued is not recorded here either, and goes through once the queue is back", async () => {
    const [toPay, toVoid] = month.byStatus.sent!;
    const paymentsBefore = standIn.counts().payments;
    await queue.refuse(PUSH_INVOICE_JOB);

    const paid = await who.c.post<{ message: string }>(`/api/invoices/${toPay!.id}/mark-paid`);
    expect(paid.status).toBe(500);
    expect(paid.body.message).toMatch(/^Something went wrong on our side\. Please try again/);
    expect(await statusOf(t, who.accountId, toPay!.id)).toBe("sent");
    const voided = await who.c.post(`/api/invoices/${toVoid!.id}/void`);
    expect(voided.status).toBe(500);
    expect(await statusOf(t, who.accountId, toVoid!.id)).toBe("sent");

    await queue.allow();
    const paidAgain = await who.c.post<{ message: string }>(`/api/invoices/${toPay!.id}/mark-paid`);
    expect(paidAgain.status).toBe(200);
    expect(paidAgain.body.message).toBe(`Invoice ${toPay!.invoiceNumber} marked as paid`);
    expect((await who.c.post(`/api/invoices/${toVoid!.id}/void`)).status).toBe(200);
    const remote = () => new Map(standIn.invoices().map((invoice) => [invoice.docNumber, invoice]));
    await until("the payment and the void to reach QuickBooks", remote, (there) => {
      return there.get(toVoid!.invoiceNumber)?.voided === true && there.get(toPay!.invoiceNumber)?.paymentIds.length === 1;
    });
    expect(standIn.counts().payments).toBe(paymentsBefore + 1);
  });

  it("a sync whose job cannot be queued leaves no run behind, so the next Sync Now starts one", async () => {
    const runsOf = () =>
      t.app.db.select({ id: accountingSyncRuns.id }).from(accountingSyncRuns).where(eq(accountingSyncRuns.integrationId, row.id));
    const before = (await runsOf()).length;
    await queue.refuse(SYNC_RUN_JOB);
    const refused = await who.c.post(`/api/financial-integrations/${row.id}/sync`, {});
    expect(refused.status).toBe(500);
    expect((await runsOf()).length).toBe(before);

    await queue.allow();
    const started = await who.c.post<{ message: string; run: { id: number } }>(`/api/financial-integrations/${row.id}/sync`, {});
    expect(started.status).toBe(200);
    expect(started.body.message).toBe("Sync to QuickBooks started.");
    const finished = await until(
      "the run to finish",
      () => runRow(t, started.body.run.id),
      (run) => run.state === "succeeded" || run.state === "failed",
    );
    expect(finished.state).toBe("succeeded");
  });
});
