import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AccountingRejected, AccountingUnauthorized } from "../../../src/server/accounting/accounting-errors.js";
import type { AccountingInvoice } from "../../../src/server/accounting/provider.js";
import { xeroProvider as xero } from "../../../src/server/accounting/providers/xero/xero.js";
import { consentAndExchange, testSession } from "../../stand-ins/accounting/test-session.js";
import { startXeroStandIn, type XeroStandIn } from "../../stand-ins/xero/index.js";

/**
 * Issue 30 §2 and §5 for Xero, against the stand-in: the chart is read with GET /Accounts, the sales
 * and payment accounts are chosen from it by name, a bank account without a code is paid by its
 * AccountID, nothing is sent while a choice is missing, and Xero's own refusals (a code not in the
 * chart, a user who may not post) come back in Xero's words with what to do.
 */
let standIn: XeroStandIn;
beforeEach(async () => {
  standIn = await startXeroStandIn({ organisationName: "Hartley & Webb LLP", baseCurrency: "GBP", currencies: ["GBP"] });
});
afterEach(async () => {
  await standIn.close();
});

async function session(config: Record<string, string> = {}) {
  const connection = await consentAndExchange(xero, standIn);
  return testSession({
    provider: xero,
    id: "xero",
    baseUrl: standIn.url,
    config: { clientId: standIn.clientId, ...connection.config, ...config },
    secrets: { clientSecret: standIn.clientSecret },
    tokens: connection.tokens,
  });
}

const invoice = (customerRemoteId: string): AccountingInvoice => ({
  localId: 12,
  number: "HW-0012",
  issueDate: "2026-11-02",
  dueDate: "2026-12-02",
  currency: "GBP",
  customerRemoteId,
  lines: [{ description: "Advice call (30 min)", minutes: 30, amountMinor: 15000, date: "2026-10-28" }],
  totalMinor: 15000,
  status: "paid",
  memo: null,
});

const payment = (invoiceRemoteId: string, customerRemoteId: string) => ({
  localId: 12,
  invoiceRemoteId,
  customerRemoteId,
  amountMinor: 15000,
  currency: "GBP",
  paidOn: "2026-11-20",
  reference: "HW-0012",
});

async function contactOf(s: Awaited<ReturnType<typeof session>>): Promise<string> {
  const contact = await xero.upsertCustomer(
    s,
    { localId: 3, name: "Mrs Patel", email: "patel@example.test", company: null, phone: null },
    { known: null, idempotencyKey: "contact-3" },
  );
  return contact.remoteId;
}

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a failure");
}

describe("Xero's chart of accounts", () => {
  it("on the Demo chart, connecting proposes 200 Sales and 090 Business Bank Account, with their ids", async () => {
    const s = await session();
    const [sales, bank] = standIn.organisation.accounts;
    const verified = await xero.verify(s);
    expect(verified.learned).toEqual({
      revenueAccountRemoteId: sales!.AccountID,
      revenueAccountCode: "200",
      revenueAccountName: "Sales",
      paymentAccountRemoteId: bank!.AccountID,
      paymentAccountCode: "090",
      paymentAccountName: "Business Bank Account",
    });
  });

  it("on a real chart, connecting proposes nothing; the lists offer income accounts and bank accounts by name", async () => {
    const chart = standIn.organisation.useRealChart();
    const s = await session();
    expect((await xero.verify(s)).learned).toEqual({});

    const { choices } = await xero.readChoices!(s);
    const [revenue, paymentChoice] = choices;
    expect(revenue).toMatchObject({ name: "revenueAccount", label: "Sales account", required: true, selected: null });
    expect(revenue!.options.map((o) => o.label)).toEqual(["4000 · Legal Fees", "4100 · Consulting Income"]);
    expect(paymentChoice).toMatchObject({ name: "paymentAccount", label: "Payment account", selected: null });
    expect(paymentChoice!.options).toEqual([
      {
        value: chart.bank.AccountID,
        label: "Barclays Client Account",
        detail: "No code in Xero: Minutely books to it by its AccountID",
        config: {
          paymentAccountRemoteId: chart.bank.AccountID,
          paymentAccountCode: "",
          paymentAccountName: "Barclays Client Account",
        },
      },
    ]);
    const read = standIn.requests().at(-1)!;
    expect(read).toMatchObject({ method: "GET", path: "/api.xro/2.0/Accounts" });
  });

  it("books lines to the chosen income account's code and pays into a bank account that has no code by its AccountID", async () => {
    const chart = standIn.organisation.useRealChart();
    const s = await session({
      revenueAccountRemoteId: String(chart.fees.AccountID),
      revenueAccountCode: "4000",
      paymentAccountRemoteId: String(chart.bank.AccountID),
    });
    const contact = await contactOf(s);
    const created = await xero.upsertInvoice(s, invoice(contact), { known: null, idempotencyKey: "inv-12" });
    expect(standIn.invoices()[0]!.LineItems).toMatchObject([{ AccountCode: "4000", LineAmount: 150 }]);
    await xero.createPayment(s, payment(created.remoteId, contact), { idempotencyKey: "pay-12" });
    expect(standIn.payments()).toEqual([
      expect.objectContaining({ Amount: 150, Account: { AccountID: chart.bank.AccountID, Code: undefined } }),
    ]);
    expect(standIn.invoices()[0]).toMatchObject({ Status: "PAID", AmountDue: 0 });
  });

  it("an income account without a code is booked by its AccountID on the line", async () => {
    const chart = standIn.organisation.useRealChart();
    delete chart.consulting.Code;
    const s = await session({
      revenueAccountRemoteId: String(chart.consulting.AccountID),
      paymentAccountRemoteId: String(chart.bank.AccountID),
    });
    const contact = await contactOf(s);
    await xero.upsertInvoice(s, invoice(contact), { known: null, idempotencyKey: "inv-12" });
    expect(standIn.invoices()[0]!.LineItems).toMatchObject([{ AccountID: chart.consulting.AccountID }]);
  });

  it("sends nothing while an account is not chosen, and says what to do", async () => {
    standIn.organisation.useRealChart();
    const s = await session();
    const before = standIn.requests().length;
    const error = await failureOf(xero.upsertInvoice(s, invoice("any-contact"), { known: null, idempotencyKey: "inv-12" }));
    expect(error).toBeInstanceOf(AccountingRejected);
    expect(error.message).toBe(
      'Choose the sales and the payment accounts in your Xero chart: use "Choose accounts" on the Xero card.',
    );
    expect(standIn.requests().length).toBe(before);
  });
});

describe("Xero's refusals, in Xero's words", () => {
  it("the Demo codes against a real chart: the line's code and the payment's account are refused as Xero says", async () => {
    const chart = standIn.organisation.useRealChart();
    const s = await session({ revenueAccountCode: "200", paymentAccountCode: "090" });
    const contact = await contactOf(s);
    const refusedLine = await failureOf(xero.upsertInvoice(s, invoice(contact), { known: null, idempotencyKey: "inv-12" }));
    expect(refusedLine).toBeInstanceOf(AccountingRejected);
    expect(refusedLine.message).toBe("Account code '200' is not a valid code for this document.");

    const s2 = await session({ revenueAccountCode: "4000", paymentAccountCode: "090" });
    const created = await xero.upsertInvoice(s2, invoice(contact), { known: null, idempotencyKey: "inv-12b" });
    const refusedPayment = await failureOf(xero.createPayment(s2, payment(created.remoteId, contact), { idempotencyKey: "pay" }));
    expect(refusedPayment).toBeInstanceOf(AccountingRejected);
    expect(refusedPayment.message).toBe("Account could not be found");
    expect(chart.bank.Code).toBeUndefined();
    expect(standIn.counts().payments).toBe(0);
  });

  it("a user whose role may not post: Xero's 403 in its words, with the role to ask for, not a plain reconnect", async () => {
    const s = await session({ revenueAccountCode: "200", paymentAccountCode: "090" });
    standIn.organisation.readOnlyUser = true;
    const error = await failureOf(contactOf(s));
    expect(error).toBeInstanceOf(AccountingUnauthorized);
    expect((error as AccountingUnauthorized).saysWhatToDo).toBe(true);
    expect(error.message).toContain('"User doesn\'t have permission to access the resource."');
    expect(error.message).toContain("Ask for the Standard or Adviser role in Xero (Settings → Users)");
    expect(standIn.counts().customers).toBe(0);
  });
});
