import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AccountingRejected,
  AccountingUnauthorized,
  AccountingUnavailable,
} from "../../../src/server/accounting/accounting-errors.js";
import { netsuiteProvider } from "../../../src/server/accounting/providers/netsuite/netsuite.js";
import { testSession } from "../../stand-ins/accounting/test-session.js";
import { type NetSuiteStandIn, startNetSuiteStandIn } from "../../stand-ins/accounting-rest/netsuite.js";
import { sampleCustomer, sampleInvoice } from "../../stand-ins/accounting-rest/session.js";

/**
 * NetSuite (issue 16 §4): token-based authentication signs every request with OAuth 1.0a
 * HMAC-SHA256, which the stand-in recomputes; creates are upserts by external id, so a retry after
 * a lost answer never writes a second row; a void is a credit memo made once.
 */
let netsuite: NetSuiteStandIn;

beforeAll(async () => {
  netsuite = await startNetSuiteStandIn();
});
afterAll(async () => {
  await netsuite.close();
});

const session = (overrides: { tokenSecret?: string } = {}) =>
  testSession({
    provider: netsuiteProvider,
    id: "netsuite",
    baseUrl: netsuite.url,
    config: {
      accountId: "1234567_SB1",
      consumerKey: netsuite.secrets.consumerKey,
      tokenId: netsuite.secrets.tokenId,
      subsidiaryId: "1",
    },
    secrets: {
      consumerSecret: netsuite.secrets.consumerSecret,
      tokenSecret: overrides.tokenSecret ?? netsuite.secrets.tokenSecret,
    },
  });

describe("NetSuite provider", () => {
  it("verifies the connection with one signed request", async () => {
    const s = session();
    await expect(netsuiteProvider.verify(s)).resolves.toEqual({ organisationName: "NetSuite 1234567_SB1" });
    expect(netsuite.requests().at(-1)).toMatchObject({ method: "GET", path: "/services/rest/record/v1/customer?limit=1" });
  });

  it("is refused by the signature check when the token secret is wrong", async () => {
    const before = netsuite.counts();
    const s = session({ tokenSecret: "not-the-secret" });
    const verifying = netsuiteProvider.verify(s);
    await expect(verifying).rejects.toBeInstanceOf(AccountingUnauthorized);
    await expect(verifying).rejects.toThrow(/Invalid login attempt/);
    await expect(
      netsuiteProvider.upsertCustomer(s, sampleCustomer(), { known: null, idempotencyKey: "mn-wrongsecret" }),
    ).rejects.toBeInstanceOf(AccountingUnauthorized);
    expect(netsuite.counts()).toEqual(before);
  });

  it("refuses a replayed signature and a signature made for another URL", async () => {
    const { netSuiteAuthorization } = await import("../../../src/server/accounting/providers/netsuite/netsuite-signer.js");
    const credentials = { accountId: "1234567_SB1", ...netsuite.secrets };
    const url = `${netsuite.url}/services/rest/record/v1/customer?limit=1`;
    const authorization = netSuiteAuthorization(credentials, { method: "GET", url });
    expect(authorization).toMatch(/^OAuth realm="1234567_SB1",.*oauth_signature_method="HMAC-SHA256"/);
    expect((await fetch(url, { headers: { authorization } })).status).toBe(200);
    expect((await fetch(url, { headers: { authorization } })).status).toBe(401);
    const other = netSuiteAuthorization(credentials, { method: "GET", url });
    expect(
      (await fetch(`${netsuite.url}/services/rest/record/v1/customer?limit=2`, { headers: { authorization: other } })).status,
    ).toBe(401);
  });

  it("upserts a customer by external id: a retry after a lost answer writes no second customer", async () => {
    const s = session();
    const before = netsuite.counts().customers;
    netsuite.failNext({ kind: "drop-after-commit", method: "PUT", pathIncludes: "/customer/" });
    await expect(
      netsuiteProvider.upsertCustomer(session(), sampleCustomer(), {
        known: null,
        idempotencyKey: "mn-cust-1",
      }),
    ).rejects.toBeInstanceOf(AccountingUnavailable);
    const ref = await netsuiteProvider.upsertCustomer(s, sampleCustomer(), { known: null, idempotencyKey: "mn-cust-1" });
    expect(netsuite.counts().customers).toBe(before + 1);
    const stored = netsuite.records("customer").find((row) => row.id === ref.remoteId);
    expect(stored).toMatchObject({
      externalId: "mn-cust-1",
      companyName: "Analytical Engines Ltd",
      email: "ada@example.com",
      subsidiary: { id: "1" },
    });

    const renamed = await netsuiteProvider.upsertCustomer(
      s,
      { ...sampleCustomer(), company: "Engines & Co" },
      { known: ref, idempotencyKey: "mn-cust-1:abc" },
    );
    expect(renamed.remoteId).toBe(ref.remoteId);
    expect(netsuite.records("customer").find((row) => row.id === ref.remoteId)?.companyName).toBe("Engines & Co");
    expect(netsuite.counts().customers).toBe(before + 1);
  });

  it("creates, updates, pays and voids an invoice, each once", async () => {
    const s = session();
    const customer = await netsuiteProvider.upsertCustomer(s, sampleCustomer(2), { known: null, idempotencyKey: "mn-cust-2" });
    const before = netsuite.counts();
    const invoice = await netsuiteProvider.upsertInvoice(s, sampleInvoice(customer.remoteId), {
      known: null,
      idempotencyKey: "mn-inv-2",
    });
    const again = await netsuiteProvider.upsertInvoice(s, sampleInvoice(customer.remoteId), {
      known: null,
      idempotencyKey: "mn-inv-2",
    });
    expect(again.remoteId).toBe(invoice.remoteId);
    expect(netsuite.counts().invoices).toBe(before.invoices + 1);
    const stored = netsuite.records("invoice").find((row) => row.id === invoice.remoteId)!;
    expect(stored).toMatchObject({
      tranId: "INV-0007",
      tranDate: "2026-03-31",
      dueDate: "2026-04-30",
      entity: { id: customer.remoteId },
    });
    expect((stored.item as { items: { amount: number }[] }).items.map((line) => line.amount)).toEqual([112.5, 37.5]);

    await netsuiteProvider.upsertInvoice(
      s,
      sampleInvoice(customer.remoteId, { lines: [{ description: "Call (60 min)", amountMinor: 15_000 }] }),
      { known: invoice, idempotencyKey: "mn-inv-2:def" },
    );
    const updated = netsuite.records("invoice").find((row) => row.id === invoice.remoteId)!;
    expect((updated.item as { items: { amount: number; description: string }[] }).items).toMatchObject([
      { amount: 150, description: "Call (60 min)" },
    ]);
    expect(netsuite.counts().invoices).toBe(before.invoices + 1);

    const payment = {
      localId: 7,
      invoiceRemoteId: invoice.remoteId,
      customerRemoteId: customer.remoteId,
      amountMinor: 15_000,
      currency: "USD",
      paidOn: "2026-04-05",
      reference: "INV-0007",
    };
    netsuite.failNext({ kind: "drop-after-commit", pathIncludes: "/customerPayment/" });
    await expect(netsuiteProvider.createPayment(session(), payment, { idempotencyKey: "mn-pay-2" })).rejects.toBeInstanceOf(
      AccountingUnavailable,
    );
    const paid = await netsuiteProvider.createPayment(s, payment, { idempotencyKey: "mn-pay-2" });
    expect(netsuite.counts().payments).toBe(before.payments + 1);
    expect(netsuite.records("customerPayment").find((row) => row.id === paid.remoteId)).toMatchObject({
      payment: 150,
      apply: { items: [{ doc: { id: invoice.remoteId }, apply: true, amount: 150 }] },
    });

    netsuite.failNext({ kind: "drop-after-commit", pathIncludes: "!transform" });
    await expect(netsuiteProvider.voidInvoice(session(), invoice, { idempotencyKey: "mn-inv-2:void" })).rejects.toBeInstanceOf(
      AccountingUnavailable,
    );
    await expect(netsuiteProvider.voidInvoice(s, invoice, { idempotencyKey: "mn-inv-2:void" })).resolves.toMatchObject({
      remoteId: invoice.remoteId,
    });
    const memos = netsuite.records("creditMemo").filter((row) => (row.createdFrom as { id: string }).id === invoice.remoteId);
    expect(memos).toHaveLength(1);
    expect(memos[0]?.externalId).toBe("mn-inv-2-void");
  });

  it("names NetSuite's refusal in its own words", async () => {
    const s = session();
    const refused = netsuiteProvider.upsertInvoice(s, sampleInvoice("999999"), { known: null, idempotencyKey: "mn-inv-bad" });
    await expect(refused).rejects.toBeInstanceOf(AccountingRejected);
    await expect(refused).rejects.toThrow("Invalid value for the entity reference key. (USER_ERROR)");
  });

  it("sends every request to the account's own host when no base URL is set", async () => {
    const { netSuiteOrigin, netSuiteRealm } = await import(
      "../../../src/server/accounting/providers/netsuite/netsuite-signer.js"
    );
    expect(netSuiteOrigin("1234567_SB1")).toBe("https://1234567-sb1.suitetalk.api.netsuite.com");
    expect(netSuiteRealm("1234567-sb1")).toBe("1234567_SB1");
  });
});
