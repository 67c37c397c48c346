import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AccountingRejected,
  AccountingUnauthorized,
  AccountingUnavailable,
} from "../../../src/server/accounting/accounting-errors.js";
import { freshbooksProvider } from "../../../src/server/accounting/providers/freshbooks/freshbooks.js";
import { type TestSession, testSession, ORDINARY_DEADLINE_MS } from "../../stand-ins/accounting/test-session.js";
import { type FreshBooksStandIn, startFreshBooksStandIn } from "../../stand-ins/accounting-rest/freshbooks.js";
import { sampleCustomer, sampleInvoice } from "../../stand-ins/accounting-rest/session.js";

/**
 * FreshBooks (issue 16 §4): OAuth consent and refresh against the documented token endpoint, the
 * business's account id from the identity call, and creates that look before they write, so a retry
 * after a lost answer never makes a second client, invoice or payment.
 */
let freshbooks: FreshBooksStandIn;
let s: TestSession;

const connect = async () => {
  const connection = await freshbooksProvider.exchangeCode!({
    clientId: "fb-client-id",
    clientSecret: "fb-client-secret",
    redirectUri: "https://app.example/api/financial-integrations/oauth/callback",
    code: `code-${Math.random()}`,
    query: {},
    endpoints: { baseUrl: freshbooks.url },
    timeoutMs: ORDINARY_DEADLINE_MS,
  });
  return connection;
};

const sessionWith = (tokens: TestSession["tokens"]) =>
  testSession({
    provider: freshbooksProvider,
    id: "freshbooks",
    baseUrl: freshbooks.url,
    config: { clientId: "fb-client-id", accountId: freshbooks.accountId },
    secrets: { clientSecret: "fb-client-secret" },
    tokens,
  });

beforeAll(async () => {
  freshbooks = await startFreshBooksStandIn();
  s = sessionWith((await connect()).tokens);
});
afterAll(async () => {
  await freshbooks.close();
});

describe("FreshBooks provider", () => {
  it("sends the user to FreshBooks' consent page with our state", () => {
    const url = new URL(
      freshbooksProvider.authorizationUrl!({
        clientId: "fb-client-id",
        redirectUri: "https://app.example/cb",
        state: "signed-state",
        endpoints: {},
      }),
    );
    expect(url.origin + url.pathname).toBe("https://auth.freshbooks.com/oauth/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "fb-client-id",
      response_type: "code",
      redirect_uri: "https://app.example/cb",
      state: "signed-state",
    });
  });

  it("exchanges the code for tokens and learns the business's account id", async () => {
    const connection = await connect();
    expect(connection.config).toEqual({ accountId: freshbooks.accountId, businessId: "77" });
    expect(connection.organisationName).toBe("Ada's Practice");
    expect(connection.tokens.accessToken).toMatch(/^at-/);
    await expect(freshbooksProvider.verify(sessionWith(connection.tokens))).resolves.toEqual({
      organisationName: "Ada's Practice",
    });
  });

  it("refuses a spent code and a wrong client secret as needing reconnection", async () => {
    const input = {
      clientId: "fb-client-id",
      clientSecret: "fb-client-secret",
      redirectUri: "https://app.example/cb",
      code: "bad-code",
      query: {},
      endpoints: { baseUrl: freshbooks.url },
      timeoutMs: ORDINARY_DEADLINE_MS,
    };
    await expect(freshbooksProvider.exchangeCode!(input)).rejects.toBeInstanceOf(AccountingUnauthorized);
    await expect(freshbooksProvider.exchangeCode!({ ...input, code: "fresh", clientSecret: "wrong" })).rejects.toBeInstanceOf(
      AccountingUnauthorized,
    );
  });

  it("finds or creates the client once, and updates the known one", async () => {
    const before = freshbooks.counts().customers;
    freshbooks.failNext({ kind: "drop-after-commit", method: "POST", pathIncludes: "/users/clients" });
    await expect(
      freshbooksProvider.upsertCustomer(sessionWith(s.tokens), sampleCustomer(), { known: null, idempotencyKey: "mn-c1" }),
    ).rejects.toBeInstanceOf(AccountingUnavailable);
    const ref = await freshbooksProvider.upsertCustomer(s, sampleCustomer(), { known: null, idempotencyKey: "mn-c1" });
    const again = await freshbooksProvider.upsertCustomer(s, sampleCustomer(), { known: null, idempotencyKey: "mn-c1" });
    expect(again.remoteId).toBe(ref.remoteId);
    expect(freshbooks.counts().customers).toBe(before + 1);
    expect(freshbooks.clients.get(ref.remoteId)).toMatchObject({
      organization: "Analytical Engines Ltd",
      email: "ada@example.com",
    });

    await freshbooksProvider.upsertCustomer(
      s,
      { ...sampleCustomer(), company: "Engines & Co" },
      { known: ref, idempotencyKey: "mn-c1:x" },
    );
    expect(freshbooks.clients.get(ref.remoteId)?.organization).toBe("Engines & Co");
    expect(freshbooks.counts().customers).toBe(before + 1);
  });

  it("creates the invoice once, updates it, records one payment and voids it", async () => {
    const customer = await freshbooksProvider.upsertCustomer(
      s,
      { ...sampleCustomer(3), email: "grace@example.com" },
      { known: null, idempotencyKey: "mn-c3" },
    );
    const before = freshbooks.counts();
    freshbooks.failNext({ kind: "drop-after-commit", method: "POST", pathIncludes: "/invoices/invoices" });
    await expect(
      freshbooksProvider.upsertInvoice(sessionWith(s.tokens), sampleInvoice(customer.remoteId, { number: "INV-0300" }), {
        known: null,
        idempotencyKey: "mn-i3",
      }),
    ).rejects.toBeInstanceOf(AccountingUnavailable);
    const invoice = await freshbooksProvider.upsertInvoice(s, sampleInvoice(customer.remoteId, { number: "INV-0300" }), {
      known: null,
      idempotencyKey: "mn-i3",
    });
    expect(freshbooks.counts().invoices).toBe(before.invoices + 1);
    expect(freshbooks.invoices.get(invoice.remoteId)).toMatchObject({
      customerid: Number(customer.remoteId),
      invoice_number: "INV-0300",
      create_date: "2026-03-31",
      due_offset_days: 30,
      currency_code: "USD",
      lines: [{ unit_cost: { amount: "112.50", code: "USD" } }, { unit_cost: { amount: "37.50", code: "USD" } }],
    });

    await freshbooksProvider.upsertInvoice(
      s,
      sampleInvoice(customer.remoteId, { number: "INV-0300", lines: [{ description: "Call (60 min)", amountMinor: 15_000 }] }),
      { known: invoice, idempotencyKey: "mn-i3:y" },
    );
    expect(freshbooks.invoices.get(invoice.remoteId)?.lines).toMatchObject([
      { description: "Call (60 min)", unit_cost: { amount: "150.00" } },
    ]);

    const payment = {
      localId: 7,
      invoiceRemoteId: invoice.remoteId,
      customerRemoteId: customer.remoteId,
      amountMinor: 15_000,
      currency: "USD",
      paidOn: "2026-04-05",
      reference: "INV-0300",
    };
    freshbooks.failNext({ kind: "drop-after-commit", method: "POST", pathIncludes: "/payments/payments" });
    await expect(
      freshbooksProvider.createPayment(sessionWith(s.tokens), payment, { idempotencyKey: "mn-p3" }),
    ).rejects.toBeInstanceOf(AccountingUnavailable);
    const paid = await freshbooksProvider.createPayment(s, payment, { idempotencyKey: "mn-p3" });
    expect(freshbooks.counts().payments).toBe(before.payments + 1);
    expect(freshbooks.payments.get(paid.remoteId)).toMatchObject({
      invoiceid: Number(invoice.remoteId),
      amount: { amount: "150.00" },
      date: "2026-04-05",
    });

    await freshbooksProvider.voidInvoice(s, invoice, { idempotencyKey: "mn-i3:void" });
    expect(freshbooks.invoices.get(invoice.remoteId)?.vis_state).toBe(1);
  });

  it("shows FreshBooks' own words when it refuses", async () => {
    const refused = freshbooksProvider.upsertInvoice(s, sampleInvoice("424242", { number: "INV-BAD" }), {
      known: null,
      idempotencyKey: "mn-bad",
    });
    await expect(refused).rejects.toBeInstanceOf(AccountingRejected);
    await expect(refused).rejects.toThrow("Client not found.");
  });

  it("revokes the token on disconnect", async () => {
    const own = sessionWith((await connect()).tokens);
    await freshbooksProvider.disconnect!(own);
    expect(freshbooks.oauth.isLive(own.tokens!.accessToken)).toBe(false);
  });
});
