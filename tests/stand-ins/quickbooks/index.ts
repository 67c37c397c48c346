import type { QuickBooksCompany } from "./company.js";
import { centsToDecimal } from "../../../src/core/money.js";
import type { AccountingStandInControls } from "../accounting/controls.js";
import { centsOf, type Row, refValue } from "./answers.js";
import { type QuickBooksStandInOptions, QuickBooksStandInServer } from "./server.js";

/**
 * A local QuickBooks Online for tests and benches (issue 16): Intuit's OAuth endpoints and the REST
 * API v3 for one company, keeping state in memory and failing on demand. Point the app at it with
 * QUICKBOOKS_BASE_URL = `standIn.url` (config.accounting.endpoints.quickbooks.baseUrl). Besides the
 * controls every accounting stand-in has, it lists what the company holds, in plain fields with
 * money as decimal strings ("150.00"), for assertions.
 */
export type { QuickBooksStandInOptions } from "./server.js";

export type StandInCustomer = {
  id: string;
  syncToken: string;
  displayName: string;
  companyName: string | null;
  email: string | null;
  phone: string | null;
  active: boolean;
};

export type StandInInvoiceLine = {
  description: string;
  amount: string;
  qty: number | null;
  unitPrice: string | null;
  itemId: string | null;
  serviceDate: string | null;
};

export type StandInInvoice = {
  id: string;
  syncToken: string;
  docNumber: string;
  customerId: string | null;
  txnDate: string | null;
  dueDate: string | null;
  currency: string | null;
  arAccountId: string | null;
  lines: StandInInvoiceLine[];
  total: string;
  balance: string;
  voided: boolean;
  paymentIds: string[];
};

export type StandInPayment = {
  id: string;
  customerId: string | null;
  total: string;
  txnDate: string | null;
  reference: string | null;
  invoiceIds: string[];
};

export type StandInItem = { id: string; name: string; incomeAccountId: string | null; active: boolean };

export type QuickBooksStandIn = AccountingStandInControls & {
  clientId: string;
  clientSecret: string;
  realmId: string;
  companyName: string;
  customers(): StandInCustomer[];
  invoices(): StandInInvoice[];
  payments(): StandInPayment[];
  items(): StandInItem[];
  /** A customer made in QuickBooks by hand (before any sync); its Id. */
  addCustomer(fields: { displayName: string; email?: string; active?: boolean }): string;
  /** An income account (a revenue account id to configure); its Id. */
  addIncomeAccount(name: string): string;
  /** Edits a row as an accountant would in QuickBooks: its SyncToken goes up. */
  touch(entity: "Customer" | "Invoice", id: string): void;
  /** 429s answered by the rate limit (not injected ones): 0 when a sync stayed under it. */
  throttled(): number;
  /** The company itself: its country, currency and tax setup, a lapsed subscription, a user without access (issue 30). */
  company: QuickBooksCompany;
};

export async function startQuickBooksStandIn(options: QuickBooksStandInOptions = {}): Promise<QuickBooksStandIn> {
  const server = new QuickBooksStandInServer(options);
  await server.listen();
  const { company, oauth } = server;
  const rows = (entity: "Customer" | "Invoice" | "Payment" | "Item") => [...company.rows[entity].values()];
  return {
    url: server.url,
    clientId: options.clientId ?? "qbo-client-id",
    clientSecret: options.clientSecret ?? "qbo-client-secret",
    realmId: company.realmId,
    companyName: company.companyName,
    failNext: (failure) => server.failNext(failure),
    releaseHeld: () => server.failures.releaseHeld(),
    heldCount: () => server.failures.heldCount(),
    expireAccessTokens: () => oauth.expireAll(),
    counts: () => ({
      customers: company.rows.Customer.size,
      invoices: company.rows.Invoice.size,
      payments: company.rows.Payment.size,
    }),
    refreshTokenSpends: () => new Map(oauth.spends),
    requests: () => server.log.map((entry) => ({ ...entry })),
    close: () => server.close(),
    customers: () => rows("Customer").map(customerView),
    invoices: () => rows("Invoice").map(invoiceView),
    payments: () => rows("Payment").map(paymentView),
    items: () =>
      rows("Item").map((row) => ({
        id: row.Id,
        name: String(row.Name),
        incomeAccountId: refValue(row.IncomeAccountRef),
        active: row.Active !== false,
      })),
    addCustomer: ({ displayName, email, active }) =>
      company.insert("Customer", {
        DisplayName: displayName,
        FullyQualifiedName: displayName,
        Active: active ?? true,
        Balance: 0,
        ...(email ? { PrimaryEmailAddr: { Address: email } } : {}),
      }).Id,
    addIncomeAccount: (name) => company.insert("Account", { Name: name, AccountType: "Income", Active: true }).Id,
    touch: (entity, id) => {
      const row = company.rows[entity].get(id);
      if (!row) throw new Error(`No ${entity} ${id} in the stand-in`);
      company.save(entity, row);
    },
    throttled: () => server.throttledCount,
    company,
  };
}

const text = (value: unknown) => (typeof value === "string" ? value : null);
const money = (value: unknown) => centsToDecimal(centsOf(value) ?? 0);

function customerView(row: Row): StandInCustomer {
  return {
    id: row.Id,
    syncToken: row.SyncToken,
    displayName: String(row.DisplayName),
    companyName: text(row.CompanyName),
    email: text((row.PrimaryEmailAddr as { Address?: unknown } | undefined)?.Address),
    phone: text((row.PrimaryPhone as { FreeFormNumber?: unknown } | undefined)?.FreeFormNumber),
    active: row.Active !== false,
  };
}

function invoiceView(row: Row): StandInInvoice {
  const lines = (row.Line as Record<string, unknown>[]).filter((line) => line.DetailType === "SalesItemLineDetail");
  return {
    id: row.Id,
    syncToken: row.SyncToken,
    docNumber: String(row.DocNumber),
    customerId: refValue(row.CustomerRef),
    txnDate: text(row.TxnDate),
    dueDate: text(row.DueDate),
    currency: refValue(row.CurrencyRef),
    arAccountId: refValue(row.ARAccountRef),
    lines: lines.map((line) => {
      const detail = (line.SalesItemLineDetail ?? {}) as Record<string, unknown>;
      return {
        description: String(line.Description ?? ""),
        amount: money(line.Amount),
        qty: typeof detail.Qty === "number" ? detail.Qty : null,
        unitPrice: typeof detail.UnitPrice === "number" ? money(detail.UnitPrice) : null,
        itemId: refValue(detail.ItemRef),
        serviceDate: text(detail.ServiceDate),
      };
    }),
    total: money(row.TotalAmt),
    balance: money(row.Balance),
    voided: row.PrivateNote === "Voided",
    paymentIds: ((row.LinkedTxn as { TxnId: string; TxnType: string }[] | undefined) ?? [])
      .filter((txn) => txn.TxnType === "Payment")
      .map((txn) => txn.TxnId),
  };
}

function paymentView(row: Row): StandInPayment {
  const lines = row.Line as { LinkedTxn: { TxnId: string }[] }[];
  return {
    id: row.Id,
    customerId: refValue(row.CustomerRef),
    total: money(row.TotalAmt),
    txnDate: text(row.TxnDate),
    reference: text(row.PaymentRefNum),
    invoiceIds: lines.flatMap((line) => line.LinkedTxn.map((txn) => txn.TxnId)),
  };
}
