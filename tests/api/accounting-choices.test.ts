import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountingChoicesJson, SaveAccountingChoicesResponse } from "../../src/core/contracts/accounting-choices.js";
import type { FinancialIntegrationJson } from "../../src/core/contracts/financial-integrations.js";
import { integrations } from "../../src/server/db/schema/index.js";
import { DATA_TABLES, dataChecksum } from "../helpers/data-checksum.js";
import { buildClient, newAccount, type TestAccount } from "../helpers/factories.js";
import { startTestApp, type TestApp } from "../helpers/test-app.js";
import { type SageStandIn, startSageStandIn } from "../stand-ins/accounting-rest/sage.js";
import { type QuickBooksStandIn, startQuickBooksStandIn } from "../stand-ins/quickbooks/index.js";
import { startXeroStandIn, type XeroStandIn } from "../stand-ins/xero/index.js";
import { buildBilledInvoice } from "./accounting/engine-setup.js";

/**
 * Issue 30 over HTTP: after connecting, GET /api/financial-integrations/{id}/choices reads the
 * provider's own lists (a real Xero chart, a UK QuickBooks company's tax codes, a Sage login's
 * businesses) and PUT keeps a pick from them; syncs refuse, before sending anything, while a needed
 * choice is missing or the books cannot take the invoice; and a provider's refusal of the company
 * itself (a lapsed QuickBooks subscription) turns the card to "error" in the provider's words with
 * what to do. Other accounts' ids are 404s; bad picks are 400s that change nothing.
 */
const BASE = "/api/financial-integrations";
const USER_DATA = DATA_TABLES.filter((table) => table !== "outbound_rate_limits");
let t: TestApp;
let xero: XeroStandIn;
let qbo: QuickBooksStandIn;
let sage: SageStandIn;
let a: TestAccount;
let b: TestAccount;
let chart: ReturnType<XeroStandIn["organisation"]["useRealChart"]>;

beforeAll(async () => {
  xero = await startXeroStandIn({ organisationName: "Hartley & Webb LLP" });
  chart = xero.organisation.useRealChart();
  qbo = await startQuickBooksStandIn({ companyName: "Hartley & Webb Ltd" });
  qbo.company.setCountry("GB");
  sage = await startSageStandIn();
  sage.businesses.push({ id: "c7d2e1f0267a11e797950a57719b2edb", name: "Webb Family Law" });
  t = await startTestApp({
    accounting: {
      endpoints: { xero: { baseUrl: xero.url }, quickbooks: { baseUrl: qbo.url }, sage: { baseUrl: sage.url } },
      timeoutMs: 30_000,
    },
    jobs: { pollingIntervalSeconds: 0.5, stopTimeoutMs: 3000 },
  });
  a = await newAccount(t);
  b = await newAccount(t);
});
afterAll(async () => {
  await t?.close();
  await xero?.close();
  await qbo?.close();
  await sage?.close();
});

/** Save, consent at the stand-in, and the callback: the card is connected. */
async function connectOAuth(who: TestAccount, provider: "xero" | "quickbooks", standIn: { clientId: string; clientSecret: string }) {
  const saved = await who.c.post(BASE, { integrationId: provider, config: { clientId: standIn.clientId, clientSecret: standIn.clientSecret } });
  expect(saved.status).toBeLessThan(300);
  const consent = await fetch(saved.body.authorizationUrl as string, { redirect: "manual" });
  const answer = new URL(consent.headers.get("location")!);
  const callback = await who.c.get(`${BASE}/oauth/callback?${answer.searchParams.toString()}`);
  expect(new URL(callback.headers.get("location")!, t.baseUrl).searchParams.get("connected")).toBe(provider);
  return recordOf(who, provider);
}

async function recordOf(who: TestAccount, provider: string): Promise<FinancialIntegrationJson> {
  const list = await who.c.get<FinancialIntegrationJson[]>(BASE);
  return list.body.find((record) => record.integrationId === provider)!;
}

async function runOf(who: TestAccount, provider: string) {
  await expect
    .poll(async () => (await recordOf(who, provider)).latestRun?.state, { timeout: 30_000 })
    .toMatch(/succeeded|failed/);
  return (await recordOf(who, provider)).latestRun!;
}

describe("Xero: a real chart, chosen by name", () => {
  let xeroId: number;

  it("connects without guessing: no account proposed, the card and Sync Now say what to choose", async () => {
    const record = await connectOAuth(a, "xero", xero);
    xeroId = record.id;
    expect(record.status).toBe("connected");
    expect(record.config.revenueAccountCode).toBeUndefined();
    const sync = await a.c.post(`${BASE}/${xeroId}/sync`, {});
    expect(sync.status).toBe(409);
    expect(sync.body.message).toBe('Choose the sales and the payment accounts in your Xero chart: use "Choose accounts" on the Xero card.');
  });

  it("lists the organisation's accounts by name; another account's id is a 404", async () => {
    const choices = await a.c.get<AccountingChoicesJson>(`${BASE}/${xeroId}/choices`);
    expect(choices.status).toBe(200);
    expect(choices.body.missing).toMatch(/^Choose the sales and the payment accounts/);
    expect(choices.body.choices.map((choice) => [choice.name, choice.options.map((o) => o.label)])).toEqual([
      ["revenueAccount", ["4000 · Legal Fees", "4100 · Consulting Income"]],
      ["paymentAccount", ["Barclays Client Account"]],
    ]);
    expect((await b.c.get(`${BASE}/${xeroId}/choices`)).status).toBe(404);
    expect((await b.c.put(`${BASE}/${xeroId}/choices`, { choices: { revenueAccount: chart.fees.AccountID } })).status).toBe(404);
  });

  it("refuses picks that are not in Xero's list, and bad bodies, changing nothing", async () => {
    for (const [body, message] of [
      [{ choices: { revenueAccount: "not-an-account" } }, "That sales account is not in Xero's list: reload the list and choose again."],
      [{ choices: { paymentAccount: chart.fees.AccountID } }, "That payment account is not in Xero's list: reload the list and choose again."],
      [{ choices: { business: "x" } }, 'Xero has no "business" to choose.'],
      [{ choices: {} }, "Choose at least one option"],
      [{ choices: { revenueAccount: "" } }, "Choose one of the list"],
      [{ choices: { colour: "red" } }, null],
      [{ choices: { revenueAccount: chart.fees.AccountID }, extra: 1 }, null],
    ] as const) {
      // Checking a pick reads Xero's list, which takes one of the organisation's rate-limit slots (as every
      // call to Xero does); nothing else may change.
      const before = await dataChecksum(t.app.db, USER_DATA);
      const refused = await a.c.put(`${BASE}/${xeroId}/choices`, body);
      expect(await dataChecksum(t.app.db, USER_DATA)).toBe(before);
      expect(refused.status).toBe(400);
      if (message) expect(refused.body.message).toContain(message);
    }
  });

  it("keeps the picks: the card shows them by name, nothing is missing any more", async () => {
    const saved = await a.c.put<SaveAccountingChoicesResponse>(`${BASE}/${xeroId}/choices`, {
      choices: { revenueAccount: chart.fees.AccountID, paymentAccount: chart.bank.AccountID },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(
      "Xero settings saved: Sales account: 4000 · Legal Fees; Payment account: Barclays Client Account.",
    );
    expect(saved.body.integration.config).toMatchObject({
      revenueAccountCode: "4000",
      revenueAccountName: "Legal Fees",
      paymentAccountRemoteId: chart.bank.AccountID,
      paymentAccountName: "Barclays Client Account",
    });
    expect(saved.body.choices.missing).toBeNull();
    expect(saved.body.choices.choices.map((choice) => choice.selected)).toEqual([chart.fees.AccountID, chart.bank.AccountID]);
    const again = await a.c.get<AccountingChoicesJson>(`${BASE}/${xeroId}/choices`);
    expect(again.body.choices.map((choice) => choice.selected)).toEqual([chart.fees.AccountID, chart.bank.AccountID]);
  });

  it("a paid invoice syncs: booked to 4000, its payment to the bank account that has no code", async () => {
    const client = await buildClient(a.c, { name: "Mrs Patel", email: "patel@example.test" });
    await buildBilledInvoice(a, { clientId: client.id, status: "paid", issuedOn: "2026-11-02", minutes: [30] });
    const sync = await a.c.post(`${BASE}/${xeroId}/sync`, { dateRange: { from: "2026-11-01", to: "2026-11-30" } });
    expect(sync.status).toBe(200);
    expect((await runOf(a, "xero")).state).toBe("succeeded");
    expect(xero.invoices()[0]!.LineItems).toMatchObject([{ AccountCode: "4000" }]);
    expect(xero.payments()).toEqual([expect.objectContaining({ Account: { AccountID: chart.bank.AccountID, Code: undefined } })]);
  });
});

describe("QuickBooks: a UK company", () => {
  let qboId: number;

  it("reads the country, currency and tax codes at connect, and proposes the non-taxable code", async () => {
    const record = await connectOAuth(a, "quickbooks", qbo);
    qboId = record.id;
    expect(record.config).toMatchObject({
      companyCountry: "GB",
      homeCurrency: "GBP",
      multiCurrencyEnabled: "false",
      taxCodeRequired: "true",
      taxCodeId: "4",
      taxCodeName: "Exempt",
    });
    const choices = await a.c.get<AccountingChoicesJson>(`${BASE}/${qboId}/choices`);
    expect(choices.body.facts).toEqual([
      { label: "Country", value: "GB" },
      { label: "Home currency", value: "GBP" },
      { label: "Multicurrency", value: "Off" },
    ]);
    const chosen = await a.c.put<SaveAccountingChoicesResponse>(`${BASE}/${qboId}/choices`, { choices: { taxCode: "6" } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.integration.config).toMatchObject({ taxCodeId: "6", taxCodeName: "No VAT" });
  });

  it("an invoice in USD is refused with a sentence before anything reaches QuickBooks", async () => {
    const before = qbo.requests().filter((r) => !r.path.includes("/query") && !r.path.includes("/companyinfo")).length;
    const sync = await a.c.post(`${BASE}/${qboId}/sync`, { dateRange: { from: "2026-11-01", to: "2026-11-30" } });
    expect(sync.status).toBe(200);
    const run = await runOf(a, "quickbooks");
    expect(run.state).toBe("failed");
    expect(run.message).toContain(
      "Hartley & Webb Ltd keeps its books in GBP and multicurrency is off in QuickBooks, so invoice",
    );
    expect(qbo.counts()).toEqual({ customers: 0, invoices: 0, payments: 0 });
    expect(qbo.requests().filter((r) => !r.path.includes("/query") && !r.path.includes("/companyinfo")).length).toBe(before);
  });

  it("a lapsed subscription turns the card to error in QuickBooks' words, with what to do", async () => {
    // The accountant turned multicurrency on (what a reconnect would read), then the subscription lapsed.
    qbo.company.multiCurrencyEnabled = true;
    await t.app.db
      .update(integrations)
      .set({ config: sql`${integrations.config} || '{"multiCurrencyEnabled":"true"}'::jsonb` })
      .where(eq(integrations.id, qboId));
    qbo.company.subscriptionLapsed = true;
    await a.c.post(`${BASE}/${qboId}/sync`, { dateRange: { from: "2026-11-01", to: "2026-11-30" } });
    await runOf(a, "quickbooks");
    const record = await recordOf(a, "quickbooks");
    expect(record.status).toBe("error");
    expect(record.lastError).toContain("Invalid Company Status: Subscription period has ended or canceled");
    expect(record.lastError).toContain("Renew or reactivate the QuickBooks subscription");
    expect(record.lastError?.startsWith("Reconnect ")).toBe(false);
    qbo.company.subscriptionLapsed = false;
  });

  it("choices of a connection that is not connected: 409 saying so", async () => {
    const answer = await a.c.get(`${BASE}/${qboId}/choices`);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe("Connect QuickBooks first: its lists are read from QuickBooks once it is connected.");
  });
});

describe("Sage: a login with two businesses", () => {
  it("the key is checked, the card asks which business, and the choice names the company", async () => {
    const saved = await b.c.post(BASE, {
      integrationId: "sage",
      config: { apiKey: sage.apiKey, subscriptionKey: sage.subscriptionKey, revenueAccountId: sage.revenueAccountId },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.message).toBe("Sage settings saved and checked: connected.");
    const record = saved.body.integration as FinancialIntegrationJson;
    expect(record.config.sageBusinessCount).toBe("2");
    const sync = await b.c.post(`${BASE}/${record.id}/sync`, {});
    expect(sync.status).toBe(409);
    expect(sync.body.message).toBe('Your Sage login has 2 businesses: use "Choose business" on the Sage card to say which one Minutely books to.');

    const choices = await b.c.get<AccountingChoicesJson>(`${BASE}/${record.id}/choices`);
    expect(choices.body.choices[0]!.options.map((o) => o.label)).toEqual(["Hartley & Webb", "Webb Family Law"]);
    const chosen = await b.c.put<SaveAccountingChoicesResponse>(`${BASE}/${record.id}/choices`, {
      choices: { business: "c7d2e1f0267a11e797950a57719b2edb" },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.integration.organisationName).toBe("Webb Family Law");
    expect(chosen.body.choices.missing).toBeNull();
    expect((await a.c.get(`${BASE}/${record.id}/choices`)).status).toBe(404);
  });
});
