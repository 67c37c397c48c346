import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AccountingRejected, AccountingUnauthorized } from "../../../src/server/accounting/accounting-errors.js";
import type { AccountingInvoice } from "../../../src/server/accounting/provider.js";
import { quickbooksProvider as qbo } from "../../../src/server/accounting/providers/quickbooks/quickbooks.js";
import { consentAndExchange, testSession } from "../../stand-ins/accounting/test-session.js";
import { type QuickBooksStandIn, startQuickBooksStandIn } from "../../stand-ins/quickbooks/index.js";

/**
 * Issue 30 §3 and §5 for QuickBooks, against the stand-in: the company's country, home currency and
 * tax codes read at connect (CompanyInfo, Preferences, TaxCode); CurrencyRef only with multicurrency;
 * an invoice in a currency the company cannot book refused before anything is sent; the tax code on
 * every line (non-taxable proposed by default) where the company requires one; and QuickBooks'
 * documented refusals (6000 without a tax code, 6190 for a lapsed subscription, 120 for a user
 * without access) in its words, with what to do.
 */
let standIn: QuickBooksStandIn;
beforeEach(async () => {
  standIn = await startQuickBooksStandIn({ companyName: "Hartley & Webb Ltd" });
});
afterEach(async () => {
  await standIn.close();
});

/** Connected and verified, as the app does it: what verify learned becomes the session's settings. */
async function connectedSession(extra: Record<string, string> = {}) {
  const connection = await consentAndExchange(qbo, standIn);
  const base = { clientId: standIn.clientId, ...connection.config };
  const probe = testSession({
    provider: qbo,
    id: "quickbooks",
    baseUrl: standIn.url,
    config: base,
    tokens: connection.tokens,
    secrets: { clientSecret: standIn.clientSecret },
  });
  const verified = await qbo.verify(probe);
  return testSession({
    provider: qbo,
    id: "quickbooks",
    baseUrl: standIn.url,
    config: { ...base, ...verified.learned, organisationName: verified.organisationName ?? "", ...extra },
    secrets: { clientSecret: standIn.clientSecret },
    tokens: probe.tokens,
  });
}

const invoice = (customerRemoteId: string, currency: string): AccountingInvoice => ({
  localId: 5,
  number: "HW-0005",
  issueDate: "2026-11-02",
  dueDate: "2026-12-02",
  currency,
  customerRemoteId,
  lines: [
    { description: "Advice call (30 min)", minutes: 30, amountMinor: 15000, date: "2026-10-28" },
    { description: "Letter review (12 min)", minutes: 12, amountMinor: 6000, date: "2026-10-29" },
  ],
  totalMinor: 21000,
  status: "sent",
  memo: null,
});

async function customerOf(s: ReturnType<typeof testSession>): Promise<string> {
  const created = await qbo.upsertCustomer(
    s,
    { localId: 5, name: "Mrs Patel", email: "patel@example.test", company: null, phone: null },
    { known: null, idempotencyKey: "customer-5" },
  );
  return created.remoteId;
}

const storedInvoices = () => [...standIn.company.rows.Invoice.values()];
const linesOf = (row: Record<string, unknown>) =>
  (row.Line as { DetailType: string; SalesItemLineDetail?: { TaxCodeRef?: { value: string } } }[]).filter(
    (line) => line.DetailType === "SalesItemLineDetail",
  );

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a failure");
}

describe("a UK company", () => {
  beforeEach(() => standIn.company.setCountry("GB"));

  it("connect reads CompanyInfo, Preferences and TaxCode, and proposes the first non-taxable code", async () => {
    const s = await connectedSession();
    expect(s.config).toMatchObject({
      companyCountry: "GB",
      homeCurrency: "GBP",
      multiCurrencyEnabled: "false",
      taxCodeRequired: "true",
      taxCodeId: "4",
      taxCodeName: "Exempt",
    });
    const paths = standIn.requests().map((r) => r.path.split("?")[0]);
    expect(paths).toEqual(
      expect.arrayContaining([expect.stringMatching(/\/companyinfo\//), expect.stringMatching(/\/preferences$/)]),
    );
    const queries = standIn.requests().map((r) => new URL(r.path, "http://x").searchParams.get("query"));
    expect(queries).toContain("select * from TaxCode where Active = true");

    const { choices, facts } = await qbo.readChoices!(s);
    expect(facts).toEqual([
      { label: "Country", value: "GB" },
      { label: "Home currency", value: "GBP" },
      { label: "Multicurrency", value: "Off" },
    ]);
    expect(choices[0]).toMatchObject({ name: "taxCode", label: "Tax code", required: true, selected: "4" });
    expect(choices[0]!.options.map((o) => `${o.label} (${o.detail})`)).toEqual([
      "20.0% S (Taxable)",
      "Exempt (Not taxable)",
      "No VAT (Not taxable)",
      "0.0% Z (Taxable)",
    ]);
  });

  it("puts the chosen tax code on every line and leaves CurrencyRef out (no multicurrency)", async () => {
    const s = await connectedSession({ taxCodeId: "6", taxCodeName: "No VAT" });
    await qbo.upsertInvoice(s, invoice(await customerOf(s), "gbp"), { known: null, idempotencyKey: "invoice-5" });
    const [stored] = storedInvoices();
    expect(linesOf(stored!).map((line) => line.SalesItemLineDetail?.TaxCodeRef)).toEqual([{ value: "6" }, { value: "6" }]);
    expect(stored!.CurrencyRef).toBeUndefined();
  });

  it("without a tax code QuickBooks answers its 6000 in its words (the stand-in learned the documented body)", async () => {
    const s = await connectedSession();
    // A provider that left the tax code out (the old behaviour): what QuickBooks says.
    const withoutTax = { ...s, config: { ...s.config, taxCodeId: undefined, taxCodeRequired: "false" } };
    const error = await failureOf(
      qbo.upsertInvoice(withoutTax, invoice(await customerOf(s), "gbp"), { known: null, idempotencyKey: "i" }),
    );
    expect(error).toBeInstanceOf(AccountingRejected);
    expect(error.message).toBe(
      "A business validation error has occurred while processing your request: Business Validation Error: Make sure all your transactions have a VAT rate before you save.",
    );
  });

  it("with no tax code chosen, nothing is sent and the sentence says what to do", async () => {
    const s = await connectedSession({ taxCodeId: "" });
    const before = standIn.requests().length;
    const error = await failureOf(Promise.resolve().then(() => qbo.refuseInvoice!(s, { currency: "gbp", number: "HW-0005" })));
    expect(error).toBeInstanceOf(AccountingRejected);
    expect(error.message).toBe(
      'QuickBooks needs a tax code on every invoice line for a company in GB: use "Choose tax code" on the QuickBooks card.',
    );
    expect(standIn.requests().length).toBe(before);
  });

  it("an invoice in USD is refused before anything is sent, with a sentence", async () => {
    const s = await connectedSession();
    const before = standIn.requests().length;
    const error = await failureOf(Promise.resolve().then(() => qbo.refuseInvoice!(s, { currency: "usd", number: "HW-0005" })));
    expect(error).toBeInstanceOf(AccountingRejected);
    expect(error.message).toBe(
      "Hartley & Webb Ltd keeps its books in GBP and multicurrency is off in QuickBooks, so invoice HW-0005 in USD cannot be booked there. Invoice this client in GBP, or turn on multicurrency in QuickBooks (Settings → Account and settings → Advanced → Currency) and reconnect QuickBooks here.",
    );
    await expect(qbo.upsertInvoice(s, invoice("1", "usd"), { known: null, idempotencyKey: "i" })).rejects.toThrow(
      AccountingRejected,
    );
    expect(standIn.requests().length).toBe(before);
    expect(storedInvoices()).toHaveLength(0);
  });
});

describe("currencies", () => {
  it("with multicurrency on, an invoice in another currency carries its CurrencyRef", async () => {
    standIn.company.setCountry("CA", { multiCurrency: true });
    const s = await connectedSession({ taxCodeId: "5", taxCodeName: "Exempt" });
    expect(s.config.multiCurrencyEnabled).toBe("true");
    await qbo.upsertInvoice(s, invoice(await customerOf(s), "usd"), { known: null, idempotencyKey: "invoice-5" });
    expect(storedInvoices()[0]!.CurrencyRef).toEqual({ value: "USD" });
  });

  it("a US company: no tax code is required or proposed, and a USD invoice goes without CurrencyRef as before", async () => {
    const s = await connectedSession();
    expect(s.config).toMatchObject({ companyCountry: "US", taxCodeRequired: "false" });
    expect(s.config.taxCodeId).toBeUndefined();
    await qbo.upsertInvoice(s, invoice(await customerOf(s), "usd"), { known: null, idempotencyKey: "invoice-5" });
    const [stored] = storedInvoices();
    expect(stored!.CurrencyRef).toBeUndefined();
    expect(linesOf(stored!).every((line) => line.SalesItemLineDetail?.TaxCodeRef === undefined)).toBe(true);
  });

  it("an Australian company without multicurrency refuses a CAD invoice; a GST-free line goes through", async () => {
    standIn.company.setCountry("AU");
    const s = await connectedSession();
    expect(s.config).toMatchObject({ homeCurrency: "AUD", taxCodeId: "11", taxCodeName: "FRE" });
    expect(() => qbo.refuseInvoice!(s, { currency: "cad", number: "HW-0005" })).toThrow(/keeps its books in AUD/);
    await qbo.upsertInvoice(s, invoice(await customerOf(s), "aud"), { known: null, idempotencyKey: "invoice-5" });
    expect(linesOf(storedInvoices()[0]!).map((line) => line.SalesItemLineDetail?.TaxCodeRef)).toEqual([
      { value: "11" },
      { value: "11" },
    ]);
  });
});

describe("QuickBooks' refusals of the company itself", () => {
  it("a lapsed subscription: 6190 in QuickBooks' words, with what to do, as a refused connection", async () => {
    const s = await connectedSession();
    standIn.company.subscriptionLapsed = true;
    const error = await failureOf(customerOf(s));
    expect(error).toBeInstanceOf(AccountingUnauthorized);
    expect((error as AccountingUnauthorized).saysWhatToDo).toBe(true);
    expect(error.message).toContain(
      "Invalid Company Status: Subscription period has ended or canceled or there was a billing problem",
    );
    expect(error.message).toContain("Renew or reactivate the QuickBooks subscription");
    expect(standIn.counts().customers).toBe(0);
  });

  it("a user who lost access: 120 Authorization Failure after one renewal, in QuickBooks' words", async () => {
    const s = await connectedSession();
    standIn.company.userLostAccess = true;
    const error = await failureOf(customerOf(s));
    expect(error).toBeInstanceOf(AccountingUnauthorized);
    expect((error as AccountingUnauthorized).saysWhatToDo).toBe(true);
    expect(error.message).toContain("AuthorizationFailure: -11014-You do not have access to use QuickBooks Online Plus.");
    expect(error.message).toContain("Ask a company admin to reconnect QuickBooks here.");
    expect(s.seen.renewals).toHaveLength(1);
  });
});
