import { existsSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AccountingRateLimited,
  AccountingRejected,
  AccountingUnauthorized,
  AccountingUnavailable,
} from "../../../src/server/accounting/accounting-errors.js";
import type { AccountingCustomer, AccountingInvoice, AccountingSession } from "../../../src/server/accounting/provider.js";
import { apiProviderFor } from "../../../src/server/accounting/providers/index.js";
import { quickbooksProvider as qbo } from "../../../src/server/accounting/providers/quickbooks/quickbooks.js";
import { quickBooksUrls } from "../../../src/server/accounting/providers/quickbooks/quickbooks-endpoints.js";
import { INCOME_ITEM_NAME } from "../../../src/server/accounting/providers/quickbooks/quickbooks-income-item.js";
import {
  consentAndExchange,
  TEST_REDIRECT_URI,
  testSession,
  ORDINARY_DEADLINE_MS,
} from "../../stand-ins/accounting/test-session.js";
import { type QuickBooksStandIn, startQuickBooksStandIn } from "../../stand-ins/quickbooks/index.js";

/**
 * The QuickBooks Online provider (issue 16 §3) against the local QuickBooks stand-in: OAuth on the
 * providers' shared token request (accounting/http.ts), customers found or created once, invoices created, updated with their SyncToken and
 * voided, payments linked to their invoice, `requestid` replays, and each failure mapped to the
 * one of the four accounting failures the sync engine acts on. The session is built by hand here;
 * the engine's own session (token store, shared rate limit) has its own tests.
 */

let standIn: QuickBooksStandIn;
beforeEach(async () => {
  standIn = await startQuickBooksStandIn({ companyName: "Hartley & Webb LLP" });
});
afterEach(async () => {
  await standIn.close();
});

const endpoints = () => ({ baseUrl: standIn.url });

/** The consent journey: the stand-in consents at once and redirects to our callback with code, state and realmId. */
const connect = () => consentAndExchange(qbo, standIn);

/** A session as the sync engine would hand one over: tokens renewed through the provider, calls recorded. */
async function session(config: Record<string, string> = {}, timeoutMs = ORDINARY_DEADLINE_MS) {
  const connection = await connect();
  const s = testSession({
    provider: qbo,
    id: "quickbooks",
    baseUrl: standIn.url,
    config: { clientId: standIn.clientId, ...connection.config, ...config },
    secrets: { clientSecret: standIn.clientSecret },
    tokens: connection.tokens,
    timeoutMs,
  });
  return { s, seen: s.seen, tokens: () => s.tokens! };
}

/** INV-2026-0031's full payment, for the invoice and customer QuickBooks created. */
const paymentOf = (invoiceRemoteId: string, customerRemoteId: string) => ({
  localId: 31,
  invoiceRemoteId,
  customerRemoteId,
  amountMinor: 23750,
  currency: "usd",
  paidOn: "2026-10-20",
  reference: "INV-2026-0031",
});

const customer = (overrides: Partial<AccountingCustomer> = {}): AccountingCustomer => ({
  localId: 7,
  name: "Acme Holdings",
  email: "billing@acme.test",
  company: "Acme Holdings Inc.",
  phone: "+1 415 555 0100",
  ...overrides,
});

const invoice = (customerRemoteId: string, overrides: Partial<AccountingInvoice> = {}): AccountingInvoice => ({
  localId: 31,
  number: "INV-2026-0031",
  issueDate: "2026-10-01",
  dueDate: "2026-10-31",
  currency: "usd",
  customerRemoteId,
  lines: [
    { description: "Call with Acme counsel (60 min)", minutes: 60, amountMinor: 15000, date: "2026-09-14" },
    { description: "Email review (35 min)", minutes: 35, amountMinor: 8750, date: "2026-09-15" },
  ],
  totalMinor: 23750,
  status: "sent",
  memo: "Thank you for your business.",
  ...overrides,
});

async function customerId(s: AccountingSession): Promise<string> {
  return (await qbo.upsertCustomer(s, customer(), { known: null, idempotencyKey: "customer-7-create" })).remoteId;
}

describe("connecting", () => {
  it("is registered as the quickbooks provider", () => {
    expect(apiProviderFor("quickbooks")).toBe(qbo);
  });

  it("sends the user to Intuit's consent page (or the configured base) with client_id, redirect_uri, state and the accounting scope", () => {
    const input = { clientId: "app-123", redirectUri: TEST_REDIRECT_URI, state: "s.t.a.t.e" };
    const production = new URL(qbo.authorizationUrl!({ ...input, endpoints: {} }));
    expect(`${production.origin}${production.pathname}`).toBe("https://appcenter.intuit.com/connect/oauth2");
    const local = new URL(qbo.authorizationUrl!({ ...input, endpoints: endpoints() }));
    expect(`${local.origin}${local.pathname}`).toBe(`${standIn.url}/connect/oauth2`);
    for (const url of [production, local]) {
      expect(url.searchParams.get("client_id")).toBe("app-123");
      expect(url.searchParams.get("redirect_uri")).toBe(TEST_REDIRECT_URI);
      expect(url.searchParams.get("state")).toBe("s.t.a.t.e");
      expect(url.searchParams.get("scope")).toBe("com.intuit.quickbooks.accounting");
      expect(url.searchParams.get("response_type")).toBe("code");
    }
  });

  it("uses Intuit's production API host, the sandbox host when asked, or the configured base for everything", () => {
    expect(quickBooksUrls({}).api).toBe("https://quickbooks.api.intuit.com");
    expect(quickBooksUrls({ sandbox: true })).toMatchObject({
      api: "https://sandbox-quickbooks.api.intuit.com",
      token: "https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer",
    });
    expect(quickBooksUrls({ baseUrl: "http://127.0.0.1:9/" })).toEqual({
      authorize: "http://127.0.0.1:9/connect/oauth2",
      token: "http://127.0.0.1:9/oauth2/v1/tokens/bearer",
      revoke: "http://127.0.0.1:9/v2/oauth2/tokens/revoke",
      api: "http://127.0.0.1:9",
    });
  });

  it("exchanges the callback's code for tokens, the company (realmId) and its name; verify reads the name again", async () => {
    const before = Date.now();
    const connection = await connect();
    expect(connection.config.realmId).toBe(standIn.realmId);
    expect(connection.organisationName).toBe("Hartley & Webb LLP");
    expect(connection.tokens.accessToken).toMatch(/^qbo-at-/);
    expect(connection.tokens.refreshToken).toMatch(/^qbo-rt-/);
    expect(connection.tokens.accessTokenExpiresAt).toBeGreaterThanOrEqual(before + 3600_000);
    expect(connection.tokens.accessTokenExpiresAt).toBeLessThan(Date.now() + 3600_000 + 1);
    const { s } = await session();
    expect(await qbo.verify(s)).toMatchObject({ organisationName: "Hartley & Webb LLP" });
  });

  it("refuses a callback without realmId, and a code spent already", async () => {
    const consent = qbo.authorizationUrl!({
      clientId: standIn.clientId,
      redirectUri: TEST_REDIRECT_URI,
      state: "x",
      endpoints: endpoints(),
    });
    const code = new URL((await fetch(consent, { redirect: "manual" })).headers.get("location")!).searchParams.get("code")!;
    const exchange = (query: Record<string, string>) =>
      qbo.exchangeCode!({
        clientId: standIn.clientId,
        clientSecret: standIn.clientSecret,
        redirectUri: TEST_REDIRECT_URI,
        code,
        query,
        endpoints: endpoints(),
        timeoutMs: ORDINARY_DEADLINE_MS,
      });
    await expect(exchange({ code })).rejects.toThrow(
      new AccountingRejected("QuickBooks did not say which company was connected (no realmId on the callback)"),
    );
    await exchange({ code, realmId: standIn.realmId });
    await expect(exchange({ code, realmId: standIn.realmId })).rejects.toThrow(AccountingUnauthorized);
  });

  it("refuses a wrong client secret as unauthorised", async () => {
    const consent = qbo.authorizationUrl!({
      clientId: standIn.clientId,
      redirectUri: TEST_REDIRECT_URI,
      state: "x",
      endpoints: endpoints(),
    });
    const callback = new URL((await fetch(consent, { redirect: "manual" })).headers.get("location")!);
    const attempt = qbo.exchangeCode!({
      clientId: standIn.clientId,
      clientSecret: "not-the-secret",
      redirectUri: TEST_REDIRECT_URI,
      code: callback.searchParams.get("code")!,
      query: Object.fromEntries(callback.searchParams),
      endpoints: endpoints(),
      timeoutMs: ORDINARY_DEADLINE_MS,
    });
    await expect(attempt).rejects.toThrow(
      new AccountingUnauthorized("QuickBooks refused the app's Client ID or Client Secret (invalid_client)"),
    );
  });
});

describe("customers", () => {
  it("creates a customer once, then updates the known one with its SyncToken (no second row)", async () => {
    const { s } = await session();
    const created = await qbo.upsertCustomer(s, customer(), { known: null, idempotencyKey: "customer-7-create" });
    expect(created.remoteVersion).toBe("0");
    expect(standIn.customers()).toEqual([
      {
        id: created.remoteId,
        syncToken: "0",
        displayName: "Acme Holdings",
        companyName: "Acme Holdings Inc.",
        email: "billing@acme.test",
        phone: "+1 415 555 0100",
        active: true,
      },
    ]);
    const updated = await qbo.upsertCustomer(s, customer({ email: "accounts@acme.test" }), {
      known: created,
      idempotencyKey: "customer-7-update-1",
    });
    expect(updated).toEqual({ remoteId: created.remoteId, remoteVersion: "1" });
    expect(standIn.counts().customers).toBe(1);
    expect(standIn.customers()[0]).toMatchObject({
      email: "accounts@acme.test",
      companyName: "Acme Holdings Inc.",
      syncToken: "1",
    });
  });

  it("reuses a customer that already exists in QuickBooks under the same DisplayName (quotes escaped), and reactivates an inactive one", async () => {
    const { s } = await session();
    const existing = standIn.addCustomer({ displayName: "O'Hara & Sons" });
    const found = await qbo.upsertCustomer(s, customer({ name: "O'Hara & Sons" }), {
      known: null,
      idempotencyKey: "customer-8-create",
    });
    expect(found.remoteId).toBe(existing);
    const inactive = standIn.addCustomer({ displayName: "Dormant Client", active: false });
    const revived = await qbo.upsertCustomer(s, customer({ name: "Dormant Client" }), {
      known: null,
      idempotencyKey: "customer-9-create",
    });
    expect(revived).toEqual({ remoteId: inactive, remoteVersion: "1" });
    expect(standIn.counts().customers).toBe(2);
    expect(standIn.customers().every((row) => row.active)).toBe(true);
  });

  it("two pushes creating the same customer at once end with one customer: the loser's 6240 (name exists) finds the winner's", async () => {
    const { s } = await session();
    const [first, second] = await Promise.all([
      qbo.upsertCustomer(s, customer({ name: "Raced Client" }), { known: null, idempotencyKey: "customer-race-a" }),
      qbo.upsertCustomer(s, customer({ name: "Raced Client" }), { known: null, idempotencyKey: "customer-race-b" }),
    ]);
    expect(second.remoteId).toBe(first.remoteId);
    expect(standIn.customers().filter((row) => row.displayName === "Raced Client")).toHaveLength(1);
  });

  it("updates with the current SyncToken when the stored one went stale (the accountant edited the customer)", async () => {
    const { s } = await session();
    const created = await qbo.upsertCustomer(s, customer(), { known: null, idempotencyKey: "customer-7-create" });
    standIn.touch("Customer", created.remoteId);
    const updated = await qbo.upsertCustomer(s, customer({ phone: "+1 415 555 0199" }), {
      known: created,
      idempotencyKey: "customer-7-update-1",
    });
    expect(updated).toEqual({ remoteId: created.remoteId, remoteVersion: "2" });
    expect(standIn.customers()[0]?.phone).toBe("+1 415 555 0199");
  });
});

describe("invoices and payments", () => {
  it("creates the invoice with its lines as decimals, number, dates, currency and receivable account", async () => {
    const { s } = await session({ accountsReceivableId: "84" });
    const customerRef = await customerId(s);
    const created = await qbo.upsertInvoice(s, invoice(customerRef), { known: null, idempotencyKey: "invoice-31-create" });
    expect(created.remoteVersion).toBe("0");
    expect(standIn.invoices()).toEqual([
      {
        id: created.remoteId,
        syncToken: "0",
        docNumber: "INV-2026-0031",
        customerId: customerRef,
        txnDate: "2026-10-01",
        dueDate: "2026-10-31",
        currency: "USD",
        arAccountId: "84",
        lines: [
          {
            description: "Call with Acme counsel (60 min)",
            amount: "150.00",
            qty: 1,
            unitPrice: "150.00",
            itemId: "1",
            serviceDate: "2026-09-14",
          },
          {
            description: "Email review (35 min)",
            amount: "87.50",
            qty: 1,
            unitPrice: "87.50",
            itemId: "1",
            serviceDate: "2026-09-15",
          },
        ],
        total: "237.50",
        balance: "237.50",
        voided: false,
        paymentIds: [],
      },
    ]);
  });

  it("updates the known invoice with its SyncToken (lines replaced, no second invoice), then voids it", async () => {
    const { s } = await session();
    const customerRef = await customerId(s);
    const created = await qbo.upsertInvoice(s, invoice(customerRef), { known: null, idempotencyKey: "invoice-31-create" });
    const changed = invoice(customerRef, {
      lines: [{ description: "Call with Acme counsel (90 min)", minutes: 90, amountMinor: 22500, date: "2026-09-14" }],
      totalMinor: 22500,
    });
    const updated = await qbo.upsertInvoice(s, changed, { known: created, idempotencyKey: "invoice-31-update-1" });
    expect(updated).toEqual({ remoteId: created.remoteId, remoteVersion: "1" });
    expect(standIn.counts().invoices).toBe(1);
    expect(standIn.invoices()[0]).toMatchObject({
      total: "225.00",
      lines: [{ amount: "225.00", description: "Call with Acme counsel (90 min)" }],
    });

    const voided = await qbo.voidInvoice(s, updated, { idempotencyKey: "invoice-31-void" });
    expect(voided).toEqual({ remoteId: created.remoteId, remoteVersion: "2" });
    expect(standIn.invoices()[0]).toMatchObject({ voided: true, total: "0.00", balance: "0.00" });
  });

  it("records a payment linked to its invoice once: a second call finds the invoice paid and returns the same payment", async () => {
    const { s } = await session();
    const customerRef = await customerId(s);
    const created = await qbo.upsertInvoice(s, invoice(customerRef), { known: null, idempotencyKey: "invoice-31-create" });
    const payment = paymentOf(created.remoteId, customerRef);
    const paid = await qbo.createPayment(s, payment, { idempotencyKey: "payment-31" });
    expect(standIn.payments()).toEqual([
      {
        id: paid.remoteId,
        customerId: customerRef,
        total: "237.50",
        txnDate: "2026-10-20",
        reference: "INV-2026-0031",
        invoiceIds: [created.remoteId],
      },
    ]);
    expect(standIn.invoices()[0]).toMatchObject({ balance: "0.00", paymentIds: [paid.remoteId] });
    const again = await qbo.createPayment(s, payment, { idempotencyKey: "payment-31-second-attempt" });
    expect(again.remoteId).toBe(paid.remoteId);
    expect(standIn.counts().payments).toBe(1);
    // The payment moved the invoice's SyncToken: a void with the stored (now stale) one still goes through.
    await qbo.voidInvoice(s, created, { idempotencyKey: "invoice-31-void" });
    expect(standIn.invoices()[0]?.voided).toBe(true);
  });

  it("books the configured revenue account through one 'Minutely Services' item whose income account it is", async () => {
    const consulting = standIn.addIncomeAccount("Consulting revenue");
    const { s } = await session({ revenueAccountId: consulting });
    const customerRef = await customerId(s);
    await qbo.upsertInvoice(s, invoice(customerRef), { known: null, idempotencyKey: "invoice-31-create" });
    await qbo.upsertInvoice(s, invoice(customerRef, { localId: 32, number: "INV-2026-0032" }), {
      known: null,
      idempotencyKey: "invoice-32-create",
    });
    const item = standIn.items().find((row) => row.name === INCOME_ITEM_NAME);
    expect(item).toMatchObject({ incomeAccountId: consulting, active: true });
    expect(standIn.items().filter((row) => row.name === INCOME_ITEM_NAME)).toHaveLength(1);
    expect(standIn.invoices().flatMap((row) => row.lines.map((line) => line.itemId))).toEqual([
      item!.id,
      item!.id,
      item!.id,
      item!.id,
    ]);
  });

  it("names the Revenue Account ID setting when QuickBooks refuses it", async () => {
    const { s } = await session({ revenueAccountId: "9999" });
    const customerRef = await customerId(s);
    const failure = await qbo
      .upsertInvoice(s, invoice(customerRef), { known: null, idempotencyKey: "invoice-31-create" })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AccountingRejected);
    expect((failure as Error).message).toBe(
      'QuickBooks refused the Revenue Account ID 9999 (the income account of the "Minutely Services" item): Invalid Reference Id : Income account assigned to this transaction has been deleted or made inactive.',
    );
    expect(standIn.counts().invoices).toBe(0);
  });

  it("turns idempotency keys longer than QuickBooks' 50 characters into one stable requestid each", async () => {
    const { s } = await session();
    const customerRef = await customerId(s);
    const longKey = `invoice-31-${"x".repeat(60)}`;
    standIn.failNext({ kind: "drop-after-commit", method: "POST", pathIncludes: "/invoice" });
    await expect(qbo.upsertInvoice(s, invoice(customerRef), { known: null, idempotencyKey: longKey })).rejects.toThrow(
      AccountingUnavailable,
    );
    const created = await qbo.upsertInvoice(s, invoice(customerRef), { known: null, idempotencyKey: longKey });
    expect(standIn.counts().invoices).toBe(1);
    expect(created.remoteId).toBe(standIn.invoices()[0]!.id);
    const ids = standIn
      .requests()
      .filter((request) => request.method === "POST" && request.path.includes("/invoice"))
      .map((request) => new URL(request.path, standIn.url).searchParams.get("requestid")!);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[0]!.length).toBeLessThanOrEqual(50);
  });

  it("sends minorversion=75 on every API call and the idempotency key as requestid on every create, update and void", async () => {
    const { s } = await session();
    const customerRef = await customerId(s);
    const created = await qbo.upsertInvoice(s, invoice(customerRef), { known: null, idempotencyKey: "invoice-31-create" });
    await qbo.voidInvoice(s, created, { idempotencyKey: "invoice-31-void" });
    const api = standIn.requests().filter((request) => request.path.startsWith("/v3/"));
    expect(api.length).toBeGreaterThan(0);
    for (const request of api) expect(new URL(request.path, standIn.url).searchParams.get("minorversion")).toBe("75");
    const posts = api
      .filter((request) => request.method === "POST")
      .map((request) => new URL(request.path, standIn.url).searchParams.get("requestid"));
    expect(posts).toEqual(["customer-7-create", "invoice-31-create", "invoice-31-void"]);
  });

  it("refuses an invoice number longer than QuickBooks keeps, before sending anything", async () => {
    const { s } = await session();
    const before = standIn.requests().length;
    await expect(
      qbo.upsertInvoice(s, invoice("1", { number: "INV-2026-0000000000031" }), { known: null, idempotencyKey: "k" }),
    ).rejects.toThrow(/at most 21 characters/);
    expect(standIn.requests().length).toBe(before);
  });
});

describe("idempotency", () => {
  it("the same key twice creates one invoice: QuickBooks replays the first answer", async () => {
    const { s } = await session();
    const customerRef = await customerId(s);
    const first = await qbo.upsertInvoice(s, invoice(customerRef), { known: null, idempotencyKey: "invoice-31-create" });
    const second = await qbo.upsertInvoice(s, invoice(customerRef), { known: null, idempotencyKey: "invoice-31-create" });
    expect(second).toEqual(first);
    expect(standIn.counts().invoices).toBe(1);
  });

  it("an answer lost after the commit (connection dropped) and a retry with the same key leave one invoice, customer and payment", async () => {
    const { s } = await session();
    standIn.failNext({ kind: "drop-after-commit", method: "POST", pathIncludes: "/customer" });
    await expect(qbo.upsertCustomer(s, customer(), { known: null, idempotencyKey: "customer-7-create" })).rejects.toThrow(
      AccountingUnavailable,
    );
    const customerRef = (await qbo.upsertCustomer(s, customer(), { known: null, idempotencyKey: "customer-7-create" })).remoteId;

    standIn.failNext({ kind: "drop-after-commit", method: "POST", pathIncludes: "/invoice" });
    await expect(
      qbo.upsertInvoice(s, invoice(customerRef), { known: null, idempotencyKey: "invoice-31-create" }),
    ).rejects.toThrow(new AccountingUnavailable("QuickBooks did not answer: the connection closed before the answer"));
    const created = await qbo.upsertInvoice(s, invoice(customerRef), { known: null, idempotencyKey: "invoice-31-create" });

    const payment = paymentOf(created.remoteId, customerRef);
    standIn.failNext({ kind: "drop-after-commit", method: "POST", pathIncludes: "/payment" });
    await expect(qbo.createPayment(s, payment, { idempotencyKey: "payment-31" })).rejects.toThrow(AccountingUnavailable);
    await qbo.createPayment(s, payment, { idempotencyKey: "payment-31" });

    expect(standIn.counts()).toEqual({ customers: 1, invoices: 1, payments: 1 });
    expect(standIn.invoices()[0]).toMatchObject({ total: "237.50", balance: "0.00" });
  });

  it("an update whose answer was lost is not applied twice: the retry gets the first answer (and its SyncToken)", async () => {
    const { s } = await session();
    const customerRef = await customerId(s);
    const created = await qbo.upsertInvoice(s, invoice(customerRef), { known: null, idempotencyKey: "invoice-31-create" });
    standIn.failNext({ kind: "drop-after-commit", method: "POST", pathIncludes: "/invoice" });
    const changed = invoice(customerRef, { memo: "Revised" });
    await expect(qbo.upsertInvoice(s, changed, { known: created, idempotencyKey: "invoice-31-update-1" })).rejects.toThrow(
      AccountingUnavailable,
    );
    const retried = await qbo.upsertInvoice(s, changed, { known: created, idempotencyKey: "invoice-31-update-1" });
    expect(retried).toEqual({ remoteId: created.remoteId, remoteVersion: "1" });
    expect(standIn.invoices()[0]?.syncToken).toBe("1");
  });
});

describe("failures", () => {
  it("the stand-in's own rate limit answers 429 past the company's requests a minute, and the provider holds for the minute", async () => {
    await standIn.close();
    standIn = await startQuickBooksStandIn({ perMinute: 3 });
    const { s, seen } = await session();
    // Connecting read the company's name: one of the three. Verify reads the company, its preferences
    // and its tax codes: the last of those is one request too many.
    await expect(qbo.verify(s)).rejects.toThrow(AccountingRateLimited);
    expect(standIn.throttled()).toBe(1);
    expect(seen.rateLimited).toHaveLength(1);
    expect(seen.rateLimited[0]).toBeGreaterThan(50);
    expect(seen.rateLimited[0]).toBeLessThanOrEqual(60);
    expect(seen.slots).toBe(3);
  });

  it("401 (expired token): renews the access token once through the session, spending the refresh token once, and succeeds", async () => {
    const { s, seen, tokens } = await session();
    const first = tokens();
    standIn.expireAccessTokens();
    expect(await qbo.verify(s)).toMatchObject({ organisationName: "Hartley & Webb LLP" });
    expect(seen.renewals).toEqual([first.accessToken]);
    expect(tokens().accessToken).not.toBe(first.accessToken);
    expect(standIn.refreshTokenSpends().get(first.refreshToken)).toBe(1);

    standIn.failNext({ kind: "401" });
    await qbo.verify(s);
    expect(seen.renewals).toHaveLength(2);
  });

  it("401 after the renewal: AccountingUnauthorized", async () => {
    const { s } = await session();
    standIn.failNext({ kind: "401", times: 2 });
    await expect(qbo.verify(s)).rejects.toThrow(
      new AccountingUnauthorized("QuickBooks refused this connection's access token: reconnect QuickBooks"),
    );
  });

  it("a spent or unknown refresh token is refused as unauthorised, and no token is in the message", async () => {
    const { tokens } = await connect();
    const refresh = (refreshToken: string) =>
      qbo.refreshTokens!({
        clientId: standIn.clientId,
        clientSecret: standIn.clientSecret,
        refreshToken,
        endpoints: endpoints(),
        timeoutMs: ORDINARY_DEADLINE_MS,
      });
    const next = await refresh(tokens.refreshToken);
    expect(next.refreshToken).not.toBe(tokens.refreshToken);
    for (const spent of [tokens.refreshToken, "qbo-rt-never-issued"]) {
      const failure = await refresh(spent).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AccountingUnauthorized);
      expect((failure as Error).message).toBe(
        "QuickBooks no longer accepts this connection's refresh token (invalid_grant): reconnect QuickBooks",
      );
    }
    expect(standIn.refreshTokenSpends().get(tokens.refreshToken)).toBe(2);
  });

  it("with Intuit's grace period modelled, a refresh token spent once still works again within it", async () => {
    await standIn.close();
    standIn = await startQuickBooksStandIn({ refreshTokenGraceMs: 60_000 });
    const { tokens } = await connect();
    const refresh = () =>
      qbo.refreshTokens!({
        clientId: standIn.clientId,
        clientSecret: standIn.clientSecret,
        refreshToken: tokens.refreshToken,
        endpoints: endpoints(),
        timeoutMs: ORDINARY_DEADLINE_MS,
      });
    const first = await refresh();
    const second = await refresh();
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(standIn.refreshTokenSpends().get(tokens.refreshToken)).toBe(2);
  });

  it("400 Fault: AccountingRejected with QuickBooks' own words", async () => {
    const { s } = await session();
    const failure = await qbo
      .upsertInvoice(s, invoice("999"), { known: null, idempotencyKey: "invoice-31-create" })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AccountingRejected);
    expect((failure as AccountingRejected).message).toBe(
      "Invalid Reference Id : Customer assigned to this transaction has been deleted or made inactive.",
    );
    expect((failure as AccountingRejected).status).toBe(400);
    expect(standIn.counts().invoices).toBe(0);
  });

  it("a connection dropped before the answer, or a 5xx: AccountingUnavailable; nothing is held", async () => {
    const { s } = await session();
    standIn.failNext({ kind: "drop-before-commit" });
    await expect(qbo.verify(s)).rejects.toThrow(
      new AccountingUnavailable("QuickBooks did not answer: the connection closed before the answer"),
    );
    standIn.failNext({ kind: "500" });
    await expect(qbo.verify(s)).rejects.toThrow(new AccountingUnavailable("QuickBooks answered 500"));
    const { tokens } = await connect();
    standIn.failNext({ kind: "drop-before-commit", pathIncludes: "/oauth2/v1/tokens/bearer" });
    const refresh = qbo.refreshTokens!({
      clientId: standIn.clientId,
      clientSecret: standIn.clientSecret,
      refreshToken: tokens.refreshToken,
      endpoints: endpoints(),
      timeoutMs: ORDINARY_DEADLINE_MS,
    });
    await expect(refresh).rejects.toThrow(
      new AccountingUnavailable("QuickBooks' token endpoint did not answer: the connection closed before the answer"),
    );
  });

  // The deadline itself, once per transport (the API through fetchWithDeadline, the token endpoint
  // through accounting/http.ts's oauthTokenRequest): the stand-in holds the request and answers only after the
  // assertion, so only the deadline can end the call; how soon is not asserted.
  it("a request held past the deadline: AccountingUnavailable naming the deadline", async () => {
    // Both connections made first: a hold the client gave up on before it arrived cannot catch them.
    const { s } = await session({}, 300);
    const { tokens } = await connect();
    standIn.failNext({ kind: "hold" });
    await expect(qbo.verify(s)).rejects.toThrow(new AccountingUnavailable("QuickBooks did not answer within 300 ms"));
    standIn.releaseHeld();
    standIn.failNext({ kind: "hold", pathIncludes: "/oauth2/v1/tokens/bearer" });
    const refresh = qbo.refreshTokens!({
      clientId: standIn.clientId,
      clientSecret: standIn.clientSecret,
      refreshToken: tokens.refreshToken,
      endpoints: endpoints(),
      timeoutMs: 300,
    });
    await expect(refresh).rejects.toThrow(new AccountingUnavailable("QuickBooks' token endpoint did not answer within 300 ms"));
    standIn.releaseHeld();
  });

  it("disconnect revokes the grant: the company refuses the connection afterwards", async () => {
    const { s } = await session();
    await qbo.disconnect!(s);
    await expect(qbo.verify(s)).rejects.toThrow(AccountingUnauthorized);
  });

  it("disconnect says so when Intuit could not be asked to revoke (the caller tells the user)", async () => {
    const { s } = await session();
    standIn.failNext({ kind: "500", pathIncludes: "/v2/oauth2/tokens/revoke" });
    await expect(qbo.disconnect!(s)).rejects.toThrow(new AccountingUnavailable("QuickBooks' revoke endpoint answered 500"));
    expect(await qbo.verify(s)).toMatchObject({ organisationName: "Hartley & Webb LLP" });
  });

  it("logs nothing: no intuit-oauth log file, nothing on the console, and no token in any failure's message", async () => {
    const printed: string[] = [];
    for (const method of ["log", "info", "warn", "error", "debug"] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        printed.push(args.map(String).join(" "));
      });
    try {
      const { s, tokens } = await session();
      const issued = tokens();
      standIn.expireAccessTokens();
      await qbo.verify(s);
      const messages: string[] = [];
      for (const attempt of [
        () => qbo.upsertInvoice(s, invoice("999"), { known: null, idempotencyKey: "x" }),
        () =>
          qbo.refreshTokens!({
            clientId: standIn.clientId,
            clientSecret: standIn.clientSecret,
            refreshToken: issued.refreshToken,
            endpoints: endpoints(),
            timeoutMs: ORDINARY_DEADLINE_MS,
          }),
      ])
        messages.push(
          await attempt().then(
            () => "",
            (error: Error) => `${error.message} ${JSON.stringify(error)} ${error.stack}`,
          ),
        );
      const everything = [...printed, ...messages].join("\n");
      for (const secret of [
        issued.accessToken,
        issued.refreshToken,
        tokens().accessToken,
        tokens().refreshToken,
        standIn.clientSecret,
      ])
        expect(everything).not.toContain(secret);
      expect(printed).toEqual([]);
      expect(existsSync("logs/oAuthClient-log.log")).toBe(false);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
