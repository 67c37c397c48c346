import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  AccountingRateLimited,
  AccountingRejected,
  AccountingUnauthorized,
  AccountingUnavailable,
} from "../../../src/server/accounting/accounting-errors.js";
import type { AccountingCustomer, AccountingInvoice } from "../../../src/server/accounting/provider.js";
import { apiProviderFor } from "../../../src/server/accounting/providers/index.js";
import { contactNameFilter, xeroProvider as xero } from "../../../src/server/accounting/providers/xero/xero.js";
import {
  consentAndExchange,
  TEST_REDIRECT_URI,
  testSession,
  ORDINARY_DEADLINE_MS,
} from "../../stand-ins/accounting/test-session.js";
import { startXeroStandIn, type XeroStandIn } from "../../stand-ins/xero/index.js";
import { parseNameFilter } from "../../stand-ins/xero/organisation.js";

/**
 * The Xero provider (issue 16 §3) against the local Xero stand-in: the OAuth code flow with
 * single-use refresh tokens, the organisation from /connections, contacts found or created once,
 * sales invoices created, updated and voided (a paid one loses its payment first), payments, the
 * Idempotency-Key replay after a lost answer, and each failure mapped to the accounting failure the
 * sync engine acts on. The session is built by hand; the engine's own session has its own tests.
 */

let standIn: XeroStandIn;
beforeEach(async () => {
  standIn = await startXeroStandIn({ organisationName: "Hartley & Webb Ltd" });
});
afterEach(async () => {
  await standIn.close();
});

const endpoints = () => ({ baseUrl: standIn.url });

/** The consent journey: the stand-in consents at once and redirects to our callback with code and state. */
const connect = () => consentAndExchange(xero, standIn);

/**
 * A session as the sync engine hands one over: tokens renewed through the provider, calls recorded.
 * The accounts are the Demo chart's, as connecting proposes them (xero-accounts.test.ts covers choosing).
 */
async function session(config: Record<string, string> = {}, timeoutMs = ORDINARY_DEADLINE_MS) {
  const connection = await connect();
  const s = testSession({
    provider: xero,
    id: "xero",
    baseUrl: standIn.url,
    config: { clientId: standIn.clientId, ...connection.config, revenueAccountCode: "200", paymentAccountCode: "090", ...config },
    secrets: { clientSecret: standIn.clientSecret },
    tokens: connection.tokens,
    timeoutMs,
  });
  return { s, seen: s.seen };
}

/** What a refresh hands the provider for this stand-in's app. */
const refreshInput = (refreshToken: string, timeoutMs = ORDINARY_DEADLINE_MS) => ({
  clientId: standIn.clientId,
  clientSecret: standIn.clientSecret,
  refreshToken,
  endpoints: endpoints(),
  timeoutMs,
});

const customer = (overrides: Partial<AccountingCustomer> = {}): AccountingCustomer => ({
  localId: 7,
  name: "Acme Holdings",
  email: "billing@acme.test",
  company: "Acme Holdings Inc.",
  phone: "+1 555 0100",
  ...overrides,
});

const invoice = (customerRemoteId: string, overrides: Partial<AccountingInvoice> = {}): AccountingInvoice => ({
  localId: 31,
  number: "INV-0031",
  issueDate: "2026-10-01",
  dueDate: "2026-10-31",
  currency: "USD",
  customerRemoteId,
  lines: [
    { description: "Call with Acme (12 min)", minutes: 12, amountMinor: 5000, date: "2026-09-14" },
    { description: "Email review", minutes: 6, amountMinor: 2550, date: "2026-09-15" },
  ],
  totalMinor: 7550,
  status: "sent",
  memo: "September",
  ...overrides,
});

async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a failure");
}

describe("Xero OAuth", () => {
  it("is registered and asks for Xero's granular accounting scopes on the consent page", () => {
    expect(apiProviderFor("xero")).toBe(xero);
    const consent = new URL(
      xero.authorizationUrl!({ clientId: "abc", redirectUri: TEST_REDIRECT_URI, state: "s1", endpoints: {} }),
    );
    expect(consent.origin + consent.pathname).toBe("https://login.xero.com/identity/connect/authorize");
    expect(consent.searchParams.get("response_type")).toBe("code");
    expect(consent.searchParams.get("client_id")).toBe("abc");
    expect(consent.searchParams.get("redirect_uri")).toBe(TEST_REDIRECT_URI);
    expect(consent.searchParams.get("state")).toBe("s1");
    const scopes = consent.searchParams.get("scope")!.split(" ");
    expect(scopes).toEqual(
      expect.arrayContaining(["offline_access", "accounting.contacts", "accounting.invoices", "accounting.payments"]),
    );
  });

  it("exchanges the code for tokens, the organisation's tenant id and its name", async () => {
    const before = Date.now();
    const connection = await connect();
    expect(connection.config).toEqual({ tenantId: standIn.tenantId });
    expect(connection.organisationName).toBe("Hartley & Webb Ltd");
    expect(connection.tokens.accessToken).toMatch(/^xero-at-/);
    expect(connection.tokens.refreshToken).toMatch(/^xero-rt-/);
    // Xero access tokens live 30 minutes.
    expect(connection.tokens.accessTokenExpiresAt).toBeGreaterThanOrEqual(before + 1800_000);
    expect(connection.tokens.accessTokenExpiresAt).toBeLessThan(Date.now() + 1800_000 + 1000);
  });

  it("refuses a used code as an unauthorised connection", async () => {
    const consent = xero.authorizationUrl!({
      clientId: standIn.clientId,
      redirectUri: TEST_REDIRECT_URI,
      state: "x",
      endpoints: endpoints(),
    });
    const code = new URL((await fetch(consent, { redirect: "manual" })).headers.get("location")!).searchParams.get("code")!;
    const input = {
      clientId: standIn.clientId,
      clientSecret: standIn.clientSecret,
      redirectUri: TEST_REDIRECT_URI,
      code,
      query: {},
      endpoints: endpoints(),
      timeoutMs: ORDINARY_DEADLINE_MS,
    };
    await xero.exchangeCode!(input);
    expect(await rejectionOf(xero.exchangeCode!(input))).toBeInstanceOf(AccountingUnauthorized);
  });

  it("spends a refresh token once: the second use is refused as unauthorised", async () => {
    const { tokens } = await connect();
    const input = refreshInput(tokens.refreshToken);
    const renewed = await xero.refreshTokens!(input);
    expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    const second = await rejectionOf(xero.refreshTokens!(input));
    expect(second).toBeInstanceOf(AccountingUnauthorized);
    expect(second.message).toContain("invalid_grant");
    expect(standIn.refreshTokenSpends().get(tokens.refreshToken)).toBe(2);
    // The new refresh token works (and is itself single use).
    await xero.refreshTokens!({ ...input, refreshToken: renewed.refreshToken });
    expect(standIn.refreshTokenSpends().get(renewed.refreshToken)).toBe(1);
  });

  it("a refresh whose answer is lost is Unavailable; within Xero's grace period the same token works again", async () => {
    await standIn.close();
    standIn = await startXeroStandIn({ refreshGraceSeconds: 1800 });
    const { tokens } = await connect();
    const input = refreshInput(tokens.refreshToken);
    standIn.failNext({ kind: "drop-after-commit", pathIncludes: "/connect/token" });
    expect(await rejectionOf(xero.refreshTokens!(input))).toBeInstanceOf(AccountingUnavailable);
    const renewed = await xero.refreshTokens!(input);
    expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
    expect(standIn.refreshTokenSpends().get(tokens.refreshToken)).toBe(2);
  });

  it("a token endpoint error is Unavailable and spends nothing", async () => {
    const { tokens } = await connect();
    const input = refreshInput(tokens.refreshToken);
    standIn.failNext({ kind: "500", pathIncludes: "/connect/token" });
    expect(await rejectionOf(xero.refreshTokens!(input))).toBeInstanceOf(AccountingUnavailable);
    await xero.refreshTokens!(input);
    expect(standIn.refreshTokenSpends().get(tokens.refreshToken)).toBe(1);
  });

  it("a wrong client secret is refused as unauthorised", async () => {
    const { tokens } = await connect();
    const error = await rejectionOf(
      xero.refreshTokens!({
        clientId: standIn.clientId,
        clientSecret: "wrong",
        refreshToken: tokens.refreshToken,
        endpoints: endpoints(),
        timeoutMs: ORDINARY_DEADLINE_MS,
      }),
    );
    expect(error).toBeInstanceOf(AccountingUnauthorized);
    expect(error.message).toContain("invalid_client");
  });

  it("verifies the connection with a call that names the organisation, then reads the chart, with the tenant header", async () => {
    const { s, seen } = await session();
    expect(await xero.verify(s)).toEqual({ organisationName: "Hartley & Webb Ltd", learned: {} });
    expect(seen.slots).toBe(2);
    expect(standIn.requests().slice(-2)).toMatchObject([
      { method: "GET", path: "/api.xro/2.0/Organisation" },
      { method: "GET", path: "/api.xro/2.0/Accounts" },
    ]);
  });

  it("disconnect removes the organisation's connection", async () => {
    const { s } = await session();
    await xero.disconnect!(s);
    const listed = await fetch(`${standIn.url}/connections`, { headers: { authorization: `Bearer ${await s.accessToken()}` } });
    expect(await listed.json()).toEqual([]);
    // The API now refuses the organisation: the connection must be made again.
    expect(await rejectionOf(xero.verify(s))).toBeInstanceOf(AccountingUnauthorized);
  });
});

describe("Xero contacts", () => {
  it("creates a contact once, finds it by name when unmapped, and updates a known one", async () => {
    const { s } = await session();
    const created = await xero.upsertCustomer(s, customer(), { known: null, idempotencyKey: "acct1:client:7" });
    expect(standIn.contacts()).toHaveLength(1);
    expect(standIn.contacts()[0]).toMatchObject({
      ContactID: created.remoteId,
      Name: "Acme Holdings",
      EmailAddress: "billing@acme.test",
      Phones: [{ PhoneType: "DEFAULT", PhoneNumber: "+1 555 0100" }],
    });

    // Unmapped (e.g. the mapping was lost): found by name, nothing new created.
    const found = await xero.upsertCustomer(s, customer(), { known: null, idempotencyKey: "acct1:client:7:again" });
    expect(found.remoteId).toBe(created.remoteId);
    expect(standIn.counts().customers).toBe(1);

    const updated = await xero.upsertCustomer(s, customer({ email: "ap@acme.test" }), {
      known: created,
      idempotencyKey: "acct1:client:7:u1",
    });
    expect(updated.remoteId).toBe(created.remoteId);
    expect(standIn.contacts()[0]).toMatchObject({ EmailAddress: "ap@acme.test" });
    expect(standIn.counts().customers).toBe(1);
  });

  it("finds names holding quotes and backslashes (the where filter escapes them)", async () => {
    const name = 'O"Brien \\ Sons';
    expect(parseNameFilter(contactNameFilter(name))).toBe(name);
    const { s } = await session();
    const created = await xero.upsertCustomer(s, customer({ name }), { known: null, idempotencyKey: "k1" });
    const again = await xero.upsertCustomer(s, customer({ name }), { known: null, idempotencyKey: "k2" });
    expect(again.remoteId).toBe(created.remoteId);
    expect(standIn.counts().customers).toBe(1);
  });

  it("sends an Idempotency-Key on every create and update", async () => {
    const { s } = await session();
    const created = await xero.upsertCustomer(s, customer(), { known: null, idempotencyKey: "acct1:client:7" });
    await xero.upsertCustomer(s, customer({ phone: null }), { known: created, idempotencyKey: "acct1:client:7:u2" });
    expect(standIn.idempotencyKeys()).toEqual(["acct1:client:7", "acct1:client:7:u2"]);
  });
});

describe("Xero invoices and payments", () => {
  it("creates an AUTHORISED sales invoice with decimal amounts, the account code and no tax", async () => {
    const { s } = await session();
    const contact = await xero.upsertCustomer(s, customer(), { known: null, idempotencyKey: "c" });
    const created = await xero.upsertInvoice(s, invoice(contact.remoteId), { known: null, idempotencyKey: "acct1:invoice:31" });
    const [remote] = standIn.invoices();
    expect(remote).toMatchObject({
      InvoiceID: created.remoteId,
      Type: "ACCREC",
      Status: "AUTHORISED",
      InvoiceNumber: "INV-0031",
      Reference: "September",
      CurrencyCode: "USD",
      LineAmountTypes: "NoTax",
      Date: "2026-10-01",
      DueDate: "2026-10-31",
      Contact: { ContactID: contact.remoteId },
      Total: 75.5,
      AmountDue: 75.5,
    });
    expect(remote!.LineItems).toMatchObject([
      { Description: "Call with Acme (12 min)", Quantity: 1, UnitAmount: 50, AccountCode: "200", LineAmount: 50 },
      { Description: "Email review", Quantity: 1, UnitAmount: 25.5, AccountCode: "200", LineAmount: 25.5 },
    ]);
  });

  it("books lines to the configured revenue account code", async () => {
    const { s } = await session({ revenueAccountCode: "610" });
    const contact = await xero.upsertCustomer(s, customer(), { known: null, idempotencyKey: "c" });
    await xero.upsertInvoice(s, invoice(contact.remoteId), { known: null, idempotencyKey: "i" });
    expect((standIn.invoices()[0]!.LineItems as { AccountCode: string }[]).map((line) => line.AccountCode)).toEqual([
      "610",
      "610",
    ]);
  });

  it("updates a known invoice by its InvoiceID instead of creating another", async () => {
    const { s } = await session();
    const contact = await xero.upsertCustomer(s, customer(), { known: null, idempotencyKey: "c" });
    const created = await xero.upsertInvoice(s, invoice(contact.remoteId), { known: null, idempotencyKey: "i" });
    const updated = await xero.upsertInvoice(
      s,
      invoice(contact.remoteId, {
        lines: [{ description: "Call", minutes: 30, amountMinor: 12000, date: "2026-09-14" }],
        totalMinor: 12000,
      }),
      { known: created, idempotencyKey: "i:u1" },
    );
    expect(updated.remoteId).toBe(created.remoteId);
    expect(standIn.counts().invoices).toBe(1);
    expect(standIn.invoices()[0]).toMatchObject({ Total: 120, AmountDue: 120 });
    expect(standIn.requests().some((r) => r.method === "POST" && r.path === `/api.xro/2.0/Invoices/${created.remoteId}`)).toBe(
      true,
    );
  });

  it("records a payment to the bank account and the invoice turns PAID", async () => {
    const { s } = await session();
    const contact = await xero.upsertCustomer(s, customer(), { known: null, idempotencyKey: "c" });
    const inv = await xero.upsertInvoice(s, invoice(contact.remoteId), { known: null, idempotencyKey: "i" });
    const payment = await xero.createPayment(
      s,
      {
        localId: 31,
        invoiceRemoteId: inv.remoteId,
        customerRemoteId: contact.remoteId,
        amountMinor: 7550,
        currency: "USD",
        paidOn: "2026-10-12",
        reference: "INV-0031",
      },
      { idempotencyKey: "acct1:payment:31" },
    );
    expect(standIn.payments()).toEqual([
      expect.objectContaining({
        PaymentID: payment.remoteId,
        Amount: 75.5,
        Date: "2026-10-12",
        Reference: "INV-0031",
        Status: "AUTHORISED",
        Account: expect.objectContaining({ Code: "090" }),
        Invoice: { InvoiceID: inv.remoteId },
      }),
    ]);
    expect(standIn.invoices()[0]).toMatchObject({ Status: "PAID", AmountDue: 0, AmountPaid: 75.5 });
  });

  it("voids an invoice, and a paid one loses its payment first", async () => {
    const { s } = await session();
    const contact = await xero.upsertCustomer(s, customer(), { known: null, idempotencyKey: "c" });
    const unpaid = await xero.upsertInvoice(s, invoice(contact.remoteId), { known: null, idempotencyKey: "i1" });
    await xero.voidInvoice(s, unpaid, { idempotencyKey: "i1:void" });
    expect(standIn.invoices()[0]).toMatchObject({ InvoiceID: unpaid.remoteId, Status: "VOIDED" });
    // Voiding again (a retry) changes nothing and succeeds.
    await xero.voidInvoice(s, unpaid, { idempotencyKey: "i1:void" });

    const paid = await xero.upsertInvoice(s, invoice(contact.remoteId, { localId: 32, number: "INV-0032" }), {
      known: null,
      idempotencyKey: "i2",
    });
    await xero.createPayment(
      s,
      {
        localId: 32,
        invoiceRemoteId: paid.remoteId,
        customerRemoteId: contact.remoteId,
        amountMinor: 7550,
        currency: "USD",
        paidOn: "2026-10-12",
        reference: "INV-0032",
      },
      { idempotencyKey: "p2" },
    );
    await xero.voidInvoice(s, paid, { idempotencyKey: "i2:void" });
    expect(standIn.invoices().find((row) => row.InvoiceID === paid.remoteId)).toMatchObject({ Status: "VOIDED", Payments: [] });
    expect(standIn.payments()[0]).toMatchObject({ Status: "DELETED" });
    expect(standIn.counts().payments).toBe(0);
  });

  it("replays the first answer after a lost one: one invoice, the same id", async () => {
    const { s } = await session();
    const contact = await xero.upsertCustomer(s, customer(), { known: null, idempotencyKey: "c" });
    standIn.failNext({ kind: "drop-after-commit", method: "PUT", pathIncludes: "/Invoices" });
    const lost = await rejectionOf(
      xero.upsertInvoice(s, invoice(contact.remoteId), { known: null, idempotencyKey: "acct1:invoice:31" }),
    );
    expect(lost).toBeInstanceOf(AccountingUnavailable);
    expect(standIn.counts().invoices).toBe(1);
    const retried = await xero.upsertInvoice(s, invoice(contact.remoteId), { known: null, idempotencyKey: "acct1:invoice:31" });
    expect(retried.remoteId).toBe(standIn.invoices()[0]!.InvoiceID);
    expect(standIn.counts().invoices).toBe(1);
    expect(standIn.idempotentReplays()).toBe(1);
  });

  it("hashes an idempotency key longer than Xero's 128 characters", async () => {
    const { s } = await session();
    const long = `acct1:client:${"x".repeat(200)}`;
    await xero.upsertCustomer(s, customer(), { known: null, idempotencyKey: long });
    const [sent] = standIn.idempotencyKeys();
    expect(sent!.length).toBeLessThanOrEqual(128);
  });
});

describe("Xero failures", () => {
  it("429: tells the session how long to hold and throws AccountingRateLimited naming Xero's limit", async () => {
    const { s, seen } = await session();
    standIn.failNext({ kind: "429", retryAfterSeconds: 7 });
    const error = await rejectionOf(xero.verify(s));
    expect(error).toBeInstanceOf(AccountingRateLimited);
    expect((error as AccountingRateLimited).retryAfterSeconds).toBe(7);
    expect(error.message).toContain("minute");
    expect(seen.rateLimited).toEqual([7]);
  });

  it("429 from the organisation's own minute limit, with the remaining quota on every answer", async () => {
    standIn.setLimits({ perMinute: 2 });
    const { s, seen } = await session();
    await xero.verify(s);
    const second = await fetch(`${standIn.url}/api.xro/2.0/Organisation`, {
      headers: { authorization: `Bearer ${await s.accessToken()}`, "xero-tenant-id": standIn.tenantId },
    });
    expect(second.headers.get("x-minlimit-remaining")).toBe("0");
    expect(second.headers.get("x-daylimit-remaining")).toBe("4998");
    const error = await rejectionOf(xero.verify(s));
    expect(error).toBeInstanceOf(AccountingRateLimited);
    expect(error.message).toContain("minute limit");
    expect(seen.rateLimited[0]).toBeGreaterThan(0);
    expect(seen.rateLimited[0]).toBeLessThanOrEqual(60);
  });

  it("429 from the daily limit names it, and a retry after the hold creates the invoice once", async () => {
    const { s, seen } = await session();
    const contact = await xero.upsertCustomer(s, customer(), { known: null, idempotencyKey: "c" });
    // Two requests made, two for verify (organisation and chart): the invoice is the fifth.
    standIn.setLimits({ perDay: 4 });
    await xero.verify(s);
    const error = await rejectionOf(xero.upsertInvoice(s, invoice(contact.remoteId), { known: null, idempotencyKey: "i" }));
    expect(error).toBeInstanceOf(AccountingRateLimited);
    expect(error.message).toContain("day limit");
    expect(seen.rateLimited).toHaveLength(1);
    expect(standIn.counts().invoices).toBe(0);
    standIn.setLimits({ perDay: 5000 });
    await xero.upsertInvoice(s, invoice(contact.remoteId), { known: null, idempotencyKey: "i" });
    expect(standIn.counts().invoices).toBe(1);
  });

  it("a duplicate invoice number: AccountingRejected in Xero's words, nothing created", async () => {
    const { s } = await session();
    const contact = await xero.upsertCustomer(s, customer(), { known: null, idempotencyKey: "c" });
    await xero.upsertInvoice(s, invoice(contact.remoteId), { known: null, idempotencyKey: "i1" });
    const error = await rejectionOf(
      xero.upsertInvoice(s, invoice(contact.remoteId, { localId: 99 }), { known: null, idempotencyKey: "i2" }),
    );
    expect(error).toBeInstanceOf(AccountingRejected);
    expect(error.message).toBe("Invoice # must be unique.");
    expect(standIn.counts().invoices).toBe(1);
  });

  it("401: renews the access token once and carries on", async () => {
    const { s, seen } = await session();
    const before = await s.accessToken();
    standIn.expireAccessTokens();
    expect(await xero.verify(s)).toMatchObject({ organisationName: "Hartley & Webb Ltd" });
    expect(seen.renewals).toEqual([before]);
    expect(seen.slots).toBe(3);
  });

  it("401 again after renewing: AccountingUnauthorized", async () => {
    const { s, seen } = await session();
    standIn.failNext({ kind: "401", times: 2 });
    expect(await rejectionOf(xero.verify(s))).toBeInstanceOf(AccountingUnauthorized);
    expect(seen.renewals).toHaveLength(1);
  });

  it("a ValidationException: AccountingRejected with Xero's own message", async () => {
    const { s } = await session({ revenueAccountCode: "999" });
    const contact = await xero.upsertCustomer(s, customer(), { known: null, idempotencyKey: "c" });
    const error = await rejectionOf(xero.upsertInvoice(s, invoice(contact.remoteId), { known: null, idempotencyKey: "i" }));
    expect(error).toBeInstanceOf(AccountingRejected);
    expect(error.message).toBe("Account code '999' is not a valid code for this document.");
    expect(standIn.counts().invoices).toBe(0);
  });

  it("a connection dropped before the answer and a 500: AccountingUnavailable", async () => {
    const { s } = await session();
    standIn.failNext({ kind: "drop-before-commit" });
    const dropped = await rejectionOf(xero.verify(s));
    expect(dropped).toBeInstanceOf(AccountingUnavailable);
    expect(dropped.message).toBe("Xero did not answer (reading the organisation): the connection closed before the answer");
    standIn.failNext({ kind: "500" });
    expect(await rejectionOf(xero.verify(s))).toBeInstanceOf(AccountingUnavailable);
    expect(await xero.verify(s)).toMatchObject({ organisationName: "Hartley & Webb Ltd" });
  });

  // The deadline itself, for the xero-node (axios) transport: the stand-in holds the request and
  // answers only after the assertion, so only the deadline can end the call; how soon is not asserted.
  it("a request held past the deadline: AccountingUnavailable naming the deadline", async () => {
    const { s } = await session({}, 300);
    standIn.failNext({ kind: "hold" });
    const timedOut = await rejectionOf(xero.verify(s));
    expect(timedOut).toBeInstanceOf(AccountingUnavailable);
    expect(timedOut.message).toBe("Xero did not answer within 300 ms (reading the organisation)");
    standIn.releaseHeld();
  });

  it("an unreachable Xero: AccountingUnavailable", async () => {
    const { s } = await session();
    await standIn.close();
    expect(await rejectionOf(xero.verify(s))).toBeInstanceOf(AccountingUnavailable);
    standIn = await startXeroStandIn();
  });
});
