import { centsToDecimal } from "../../../../core/money.js";
import { AccountingRejected } from "../../accounting-errors.js";
import type { AccountingCustomer, AccountingInvoice, AccountingPayment, RemoteRef } from "../../provider.js";

/**
 * Our customers, invoices and payments in QuickBooks Online's JSON (minor version 75). Pure: no
 * requests here. Money leaves as the decimal of its minor units (15000 → 150.00, written as the JSON
 * number 150); JavaScript prints that double back as exactly the decimal, and nothing is added in
 * floating point on our side.
 */

/** A row as QuickBooks answers it: every entity carries its Id and SyncToken (its version). */
export type QuickBooksRow = { Id: string; SyncToken: string; Active?: boolean };

export function remoteRefOf(row: QuickBooksRow): RemoteRef {
  return { remoteId: row.Id, remoteVersion: row.SyncToken };
}

export function amountOf(minor: number): number {
  return Number(centsToDecimal(minor));
}

/**
 * QuickBooks' DisplayName is unique across customers, vendors and employees, at most 500
 * characters, and may not hold a colon (it separates sub-customers) or line breaks.
 */
export function displayNameOf(customer: AccountingCustomer): string {
  const cleaned = customer.name
    .replace(/[:\t\r\n]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 500);
  return cleaned || `Client ${customer.localId}`;
}

export function customerFields(customer: AccountingCustomer) {
  return {
    DisplayName: displayNameOf(customer),
    ...(customer.company ? { CompanyName: customer.company.slice(0, 100) } : {}),
    ...(customer.email ? { PrimaryEmailAddr: { Address: customer.email } } : {}),
    ...(customer.phone ? { PrimaryPhone: { FreeFormNumber: customer.phone.slice(0, 30) } } : {}),
  };
}

/** A string literal of QuickBooks' query language: backslash escapes quotes and itself. */
export function queryLiteral(value: string): string {
  return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

/** QuickBooks keeps at most 21 characters of DocNumber and PaymentRefNum. */
const DOC_NUMBER_MAX = 21;

export type InvoiceAccounts = {
  itemId: string;
  accountsReceivableId: string | null;
  /** `{CurrencyRef}` only for a company with multicurrency (quickbooks-company.ts), else nothing. */
  currency: { CurrencyRef?: { value: string } };
  /** `{TaxCodeRef}` on every line when a tax code is chosen (required in the UK, Canada, Australia). */
  taxCode: { TaxCodeRef?: { value: string } };
};

/**
 * One SalesItemLineDetail line per invoice line, each Qty 1 at its own amount: QuickBooks refuses a
 * line whose Amount is not UnitPrice × Qty, and billed minutes rarely divide into a rate exactly.
 */
export function invoiceFields(invoice: AccountingInvoice, accounts: InvoiceAccounts) {
  if (invoice.number.length > DOC_NUMBER_MAX)
    throw new AccountingRejected(
      `QuickBooks keeps invoice numbers of at most ${DOC_NUMBER_MAX} characters; ${invoice.number} has ${invoice.number.length}`,
    );
  const lines = invoice.lines.length
    ? invoice.lines
    : [{ description: `Invoice ${invoice.number}`, minutes: null, amountMinor: invoice.totalMinor, date: invoice.issueDate }];
  return {
    CustomerRef: { value: invoice.customerRemoteId },
    DocNumber: invoice.number,
    TxnDate: invoice.issueDate,
    DueDate: invoice.dueDate,
    ...accounts.currency,
    Line: lines.map((line) => ({
      DetailType: "SalesItemLineDetail",
      Amount: amountOf(line.amountMinor),
      Description: line.description.slice(0, 4000),
      SalesItemLineDetail: {
        ItemRef: { value: accounts.itemId },
        Qty: 1,
        UnitPrice: amountOf(line.amountMinor),
        ServiceDate: line.date,
        ...accounts.taxCode,
      },
    })),
    ...(accounts.accountsReceivableId ? { ARAccountRef: { value: accounts.accountsReceivableId } } : {}),
    ...(invoice.memo ? { CustomerMemo: { value: invoice.memo.slice(0, 1000) } } : {}),
  };
}

export function paymentFields(payment: AccountingPayment, currency: { CurrencyRef?: { value: string } }) {
  return {
    CustomerRef: { value: payment.customerRemoteId },
    TotalAmt: amountOf(payment.amountMinor),
    TxnDate: payment.paidOn,
    ...currency,
    PaymentRefNum: payment.reference.slice(0, DOC_NUMBER_MAX),
    Line: [
      {
        Amount: amountOf(payment.amountMinor),
        LinkedTxn: [{ TxnId: payment.invoiceRemoteId, TxnType: "Invoice" }],
      },
    ],
  };
}
