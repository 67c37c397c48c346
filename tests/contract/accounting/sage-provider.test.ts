import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AccountingRejected,
  AccountingUnauthorized,
  AccountingUnavailable,
} from "../../../src/server/accounting/accounting-errors.js";
import { sageProvider } from "../../../src/server/accounting/providers/sage/sage.js";
import { testSession } from "../../stand-ins/accounting/test-session.js";
import { type SageStandIn, startSageStandIn } from "../../stand-ins/accounting-rest/sage.js";
import { sampleCustomer, sampleInvoice } from "../../stand-ins/accounting-rest/session.js";

/**
 * Sage Business Cloud Accounting v3 behind Sage's API gateway (issue 16 §4): the API key and the
 * gateway's subscription key on every request; contacts, sales invoices and customer receipts found
 * before they are created, so a retry after a lost answer writes nothing twice; a void is Sage's
 * DELETE with a reason, and a retried void finds the invoice void already.
 */
let sage: SageStandIn;

beforeAll(async () => {
  sage = await startSageStandIn();
});
afterAll(async () => {
  await sage.close();
});

const session = (overrides: { apiKey?: string; subscriptionKey?: string; revenueAccountId?: string | undefined } = {}) =>
  testSession({
    provider: sageProvider,
    id: "sage",
    baseUrl: sage.url,
    config: { revenueAccountId: "revenueAccountId" in overrides ? overrides.revenueAccountId : sage.revenueAccountId },
    secrets: { apiKey: overrides.apiKey ?? sage.apiKey, subscriptionKey: overrides.subscriptionKey ?? sage.subscriptionKey },
  });

describe("Sage provider", () => {
  it("verifies the connection with the API key and the subscription key", async () => {
    // One business on this login: it is taken as it is, and named (issue 30 §4; sage-businesses.test.ts has several).
    await expect(sageProvider.verify(session())).resolves.toMatchObject({ organisationName: "Hartley & Webb" });
    expect(sage.requests().slice(-2)).toMatchObject([
      { method: "GET", path: "/uki/sageone/core/v3/business_relationships" },
      { method: "GET", path: "/uki/sageone/accounts/v3/contacts?items_per_page=1" },
    ]);
  });

  it("is refused with the gateway's words when the subscription key is wrong, and Sage's when the API key is", async () => {
    const gateway = sageProvider.verify(session({ subscriptionKey: "wrong" }));
    await expect(gateway).rejects.toBeInstanceOf(AccountingUnauthorized);
    await expect(gateway).rejects.toThrow(/invalid subscription key/);
    await expect(sageProvider.verify(session({ apiKey: "wrong" }))).rejects.toBeInstanceOf(AccountingUnauthorized);
  });

  it("finds or creates the contact once, and updates the known one", async () => {
    const before = sage.counts().customers;
    sage.failNext({ kind: "drop-after-commit", method: "POST", pathIncludes: "/contacts" });
    await expect(
      sageProvider.upsertCustomer(session(), sampleCustomer(), { known: null, idempotencyKey: "mn-c1" }),
    ).rejects.toBeInstanceOf(AccountingUnavailable);
    const ref = await sageProvider.upsertCustomer(session(), sampleCustomer(), { known: null, idempotencyKey: "mn-c1" });
    expect(sage.counts().customers).toBe(before + 1);
    expect(sage.contacts.get(ref.remoteId)).toMatchObject({
      name: "Analytical Engines Ltd",
      contact_type_ids: ["CUSTOMER"],
      email: "ada@example.com",
    });
    await sageProvider.upsertCustomer(
      session(),
      { ...sampleCustomer(), company: "Engines & Co" },
      { known: ref, idempotencyKey: "mn-c1:x" },
    );
    expect(sage.contacts.get(ref.remoteId)?.name).toBe("Engines & Co");
    expect(sage.counts().customers).toBe(before + 1);
  });

  it("creates the sales invoice once, updates it, records one receipt and voids it once", async () => {
    const s = session();
    const customer = await sageProvider.upsertCustomer(
      s,
      { ...sampleCustomer(2), email: "grace@example.com" },
      { known: null, idempotencyKey: "mn-c2" },
    );
    const before = sage.counts();
    sage.failNext({ kind: "drop-after-commit", method: "POST", pathIncludes: "/sales_invoices" });
    await expect(
      sageProvider.upsertInvoice(session(), sampleInvoice(customer.remoteId, { number: "INV-0400" }), {
        known: null,
        idempotencyKey: "mn-i4",
      }),
    ).rejects.toBeInstanceOf(AccountingUnavailable);
    const invoice = await sageProvider.upsertInvoice(s, sampleInvoice(customer.remoteId, { number: "INV-0400" }), {
      known: null,
      idempotencyKey: "mn-i4",
    });
    expect(sage.counts().invoices).toBe(before.invoices + 1);
    expect(sage.invoices.get(invoice.remoteId)).toMatchObject({
      contact_id: customer.remoteId,
      date: "2026-03-31",
      due_date: "2026-04-30",
      reference: "INV-0400",
      invoice_lines: [
        { unit_price: "112.50", quantity: 1, ledger_account_id: sage.revenueAccountId },
        { unit_price: "37.50", quantity: 1, ledger_account_id: sage.revenueAccountId },
      ],
    });

    await sageProvider.upsertInvoice(
      s,
      sampleInvoice(customer.remoteId, { number: "INV-0400", lines: [{ description: "Call (60 min)", amountMinor: 15_000 }] }),
      { known: invoice, idempotencyKey: "mn-i4:y" },
    );
    expect(sage.invoices.get(invoice.remoteId)?.invoice_lines).toMatchObject([
      { description: "Call (60 min)", unit_price: "150.00" },
    ]);

    const payment = {
      localId: 4,
      invoiceRemoteId: invoice.remoteId,
      customerRemoteId: customer.remoteId,
      amountMinor: 15_000,
      currency: "GBP",
      paidOn: "2026-04-05",
      reference: "INV-0400",
    };
    sage.failNext({ kind: "drop-after-commit", method: "POST", pathIncludes: "/contact_payments" });
    await expect(sageProvider.createPayment(session(), payment, { idempotencyKey: "mn-p4" })).rejects.toBeInstanceOf(
      AccountingUnavailable,
    );
    const paid = await sageProvider.createPayment(s, payment, { idempotencyKey: "mn-p4" });
    expect(sage.counts().payments).toBe(before.payments + 1);
    expect(sage.payments.get(paid.remoteId)).toMatchObject({
      transaction_type_id: "CUSTOMER_RECEIPT",
      total_amount: "150.00",
      allocated_artefacts: [{ artefact_id: invoice.remoteId, amount: "150.00" }],
    });

    sage.failNext({ kind: "drop-after-commit", method: "DELETE" });
    await expect(sageProvider.voidInvoice(session(), invoice, { idempotencyKey: "mn-i4:void" })).rejects.toBeInstanceOf(
      AccountingUnavailable,
    );
    await expect(sageProvider.voidInvoice(s, invoice, { idempotencyKey: "mn-i4:void" })).resolves.toMatchObject({
      remoteId: invoice.remoteId,
    });
    expect(sage.invoices.get(invoice.remoteId)).toMatchObject({ status: { id: "VOID" }, void_reason: "Voided in Minutely" });
  });

  it("says what is missing, and passes Sage's refusals on in Sage's words", async () => {
    const customer = await sageProvider.upsertCustomer(session(), sampleCustomer(5), { known: null, idempotencyKey: "mn-c5" });
    const requests = sage.requests().length;
    await expect(
      sageProvider.upsertInvoice(session({ revenueAccountId: undefined }), sampleInvoice(customer.remoteId), {
        known: null,
        idempotencyKey: "mn-x",
      }),
    ).rejects.toThrow("Sage needs the Revenue Account ID");
    expect(sage.requests().length).toBe(requests);
    const refused = sageProvider.upsertInvoice(
      session({ revenueAccountId: "nope" }),
      sampleInvoice(customer.remoteId, { number: "INV-0401" }),
      { known: null, idempotencyKey: "mn-y" },
    );
    await expect(refused).rejects.toBeInstanceOf(AccountingRejected);
    await expect(refused).rejects.toThrow("Ledger account is invalid");
  });

  // 429, 5xx, dropped connections and a 401 are provider-contract.test.ts's, as for every provider.
  it("a revoked key is refused as unauthorised", async () => {
    // Last: the key is revoked for the rest of this file.
    sage.expireAccessTokens();
    await expect(sageProvider.verify(session())).rejects.toBeInstanceOf(AccountingUnauthorized);
  });
});
