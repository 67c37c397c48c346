import type { Contact, CurrencyCode, Invoice, LineItem } from "xero-node";
import { missingChoiceMessage } from "../../../../core/accounting/choices.js";
import { centsToDecimal } from "../../../../core/money.js";
import { AccountingRejected, AccountingUnavailable } from "../../accounting-errors.js";
import type { AccountingCustomer, AccountingInvoice, AccountingPayment, RemoteRef } from "../../provider.js";
import { type XeroSession, type XeroProvider, xeroSettings } from "./xero-settings.js";
import { proposedXeroAccounts, readXeroAccounts, xeroAccountChoices } from "./xero-accounts.js";
import { callXero, xeroIdempotencyKey, xeroSdk } from "./xero-api.js";
import { disconnectXeroTenant, exchangeXeroCode, refreshXeroTokens, xeroAuthorizationUrl } from "./xero-oauth.js";

/**
 * Xero (docs/accounting.md): contacts, sales invoices (ACCREC), payments and voids, through xero-node's
 * AccountingApi (xero-api.ts) and Xero's OAuth 2.0 code flow (xero-oauth.ts). Every create and update
 * carries an Idempotency-Key, so a retry after a lost answer returns Xero's first answer instead of a
 * second row.
 *
 * Accounts: the user picks the sales and payment accounts from the organisation's own
 * chart (xero-accounts.ts); lines and payments name an account by its Code when it has one and by its
 * AccountID when it has none. Nothing is sent while a choice is missing.
 */

/** Xero's Contact Name is unique among active contacts and at most 255 characters. */
export function contactNameOf(customer: AccountingCustomer): string {
  const cleaned = customer.name.replace(/\s+/g, " ").trim().slice(0, 255);
  return cleaned || `Client ${customer.localId}`;
}

/** A `where` filter matching the contact's exact name (Xero's filter is a C#-like expression). */
export function contactNameFilter(name: string): string {
  return `Name=="${name.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

function contactOf(customer: AccountingCustomer): Contact {
  return {
    name: contactNameOf(customer),
    ...(customer.email ? { emailAddress: customer.email } : {}),
    ...(customer.phone
      ? { phones: [{ phoneType: xeroSdk().Phone.PhoneTypeEnum.DEFAULT, phoneNumber: customer.phone.slice(0, 50) }] }
      : {}),
  } as Contact;
}

/**
 * The account chosen for sales or payments: its Code when it has one, else its AccountID. Missing:
 * refused before anything is sent, with what to do (core/accounting/choices.ts says it the same way).
 */
function chosenAccount(session: XeroSession, prefix: "revenueAccount" | "paymentAccount"): { code?: string; accountID?: string } {
  const code = session.config[`${prefix}Code`];
  const accountID = session.config[`${prefix}RemoteId`];
  if (code) return { code };
  if (accountID) return { accountID };
  throw new AccountingRejected(
    missingChoiceMessage("xero", session.config) ?? `Choose the ${prefix === "revenueAccount" ? "sales" : "payment"} account`,
  );
}

function amountOf(minor: number): number {
  return Number(centsToDecimal(minor));
}

/**
 * The invoice in Xero's shape. Each line is Quantity 1 at its own total: the total was priced by our
 * billing rules (minimums, rounding), and Xero would otherwise recompute Quantity × UnitAmount and
 * round again. LineAmountTypes NoTax: Minutely computes no tax, so the total booked is exactly ours
 * (Exclusive would add the account's default tax rate on top). AUTHORISED: the invoice was sent, so
 * it is owed (a draft would be left out of receivables).
 */
export function invoiceOf(invoice: AccountingInvoice, session: XeroSession): Invoice {
  const account = chosenAccount(session, "revenueAccount");
  const lineItems: LineItem[] = invoice.lines.map((line) => ({
    description: (line.description.trim() || "Services").slice(0, 4000),
    quantity: 1,
    unitAmount: amountOf(line.amountMinor),
    ...(account.code ? { accountCode: account.code } : { accountID: account.accountID }),
  }));
  return {
    type: xeroSdk().Invoice.TypeEnum.ACCREC,
    contact: { contactID: invoice.customerRemoteId },
    lineItems,
    date: invoice.issueDate,
    dueDate: invoice.dueDate,
    invoiceNumber: invoice.number.slice(0, 255),
    ...(invoice.memo ? { reference: invoice.memo.slice(0, 255) } : {}),
    currencyCode: invoice.currency.toUpperCase() as unknown as CurrencyCode,
    status: xeroSdk().Invoice.StatusEnum.AUTHORISED,
    lineAmountTypes: xeroSdk().LineAmountTypes.NoTax,
  } as Invoice;
}

function firstId<T>(rows: T[] | undefined, id: (row: T) => string | undefined, what: string): string {
  const value = rows?.[0] ? id(rows[0]) : undefined;
  if (!value) throw new AccountingUnavailable(`Xero answered without the ${what}'s id`);
  return value;
}

async function upsertCustomer(
  session: XeroSession,
  customer: AccountingCustomer,
  options: { known: RemoteRef | null; idempotencyKey: string },
): Promise<RemoteRef> {
  const contact = contactOf(customer);
  if (options.known) {
    const contactID = options.known.remoteId;
    const key = xeroIdempotencyKey(options.idempotencyKey);
    const body = await callXero(session, "updating a contact", (api, tenant) =>
      api.updateContact(tenant, contactID, { contacts: [{ ...contact, contactID }] }, key),
    );
    return { remoteId: firstId(body.contacts, (c) => c.contactID, "contact") };
  }
  // Not mapped yet: a contact of that name may already be there (typed in by hand, or mapped before a reset).
  const name = contact.name as string;
  const found = await callXero(session, "finding a contact", (api, tenant) =>
    api.getContacts(tenant, undefined, contactNameFilter(name)),
  );
  const same = found.contacts?.find((c) => c.name?.toLowerCase() === name.toLowerCase() && c.contactID);
  if (same?.contactID) return { remoteId: same.contactID };
  const key = xeroIdempotencyKey(options.idempotencyKey);
  const body = await callXero(session, "creating a contact", (api, tenant) =>
    api.createContacts(tenant, { contacts: [contact] }, true, key),
  );
  return { remoteId: firstId(body.contacts, (c) => c.contactID, "contact") };
}

async function upsertInvoice(
  session: XeroSession,
  invoice: AccountingInvoice,
  options: { known: RemoteRef | null; idempotencyKey: string },
): Promise<RemoteRef> {
  const payload = invoiceOf(invoice, session);
  const key = xeroIdempotencyKey(options.idempotencyKey);
  if (options.known) {
    const invoiceID = options.known.remoteId;
    const body = await callXero(session, "updating an invoice", (api, tenant) =>
      api.updateInvoice(tenant, invoiceID, { invoices: [{ ...payload, invoiceID }] }, undefined, key),
    );
    return { remoteId: firstId(body.invoices, (i) => i.invoiceID, "invoice") };
  }
  const body = await callXero(session, "creating an invoice", (api, tenant) =>
    api.createInvoices(tenant, { invoices: [payload] }, true, undefined, key),
  );
  return { remoteId: firstId(body.invoices, (i) => i.invoiceID, "invoice") };
}

/**
 * Voids the invoice. Xero voids only an invoice without payments, so a paid one has its payments
 * deleted first (Xero's only way; the bank entry of that payment goes with it). One read first tells
 * us its payments and whether an earlier attempt already voided it.
 */
async function voidInvoice(session: XeroSession, known: RemoteRef, options: { idempotencyKey: string }): Promise<RemoteRef> {
  const invoiceID = known.remoteId;
  const read = await callXero(session, "reading an invoice", (api, tenant) => api.getInvoice(tenant, invoiceID));
  const current = read.invoices?.[0];
  if (!current) throw new AccountingRejected("Xero has no such invoice; it may have been deleted there", 404);
  if (current.status === xeroSdk().Invoice.StatusEnum.VOIDED) return { remoteId: invoiceID };
  if (current.status === xeroSdk().Invoice.StatusEnum.DELETED)
    throw new AccountingRejected("The invoice was deleted in Xero, so it cannot be voided there");
  for (const payment of current.payments ?? []) {
    const paymentID = payment.paymentID;
    if (!paymentID || String(payment.status ?? "AUTHORISED") === "DELETED") continue;
    const key = xeroIdempotencyKey(options.idempotencyKey, `payment-${paymentID}`);
    await callXero(session, "removing an invoice's payment", (api, tenant) =>
      api.deletePayment(tenant, paymentID, { status: "DELETED" }, key),
    );
  }
  const key = xeroIdempotencyKey(options.idempotencyKey);
  const body = await callXero(session, "voiding an invoice", (api, tenant) =>
    api.updateInvoice(
      tenant,
      invoiceID,
      { invoices: [{ invoiceID, status: xeroSdk().Invoice.StatusEnum.VOIDED }] },
      undefined,
      key,
    ),
  );
  return { remoteId: firstId(body.invoices, (i) => i.invoiceID, "invoice") };
}

async function createPayment(
  session: XeroSession,
  payment: AccountingPayment,
  options: { idempotencyKey: string },
): Promise<RemoteRef> {
  // Pay by AccountID when the account has no Code (a bank account in a real chart often has none).
  const account = chosenAccount(session, "paymentAccount");
  const key = xeroIdempotencyKey(options.idempotencyKey);
  const body = await callXero(session, "recording a payment", (api, tenant) =>
    api.createPayment(
      tenant,
      {
        invoice: { invoiceID: payment.invoiceRemoteId },
        account: account.code ? { code: account.code } : { accountID: account.accountID },
        date: payment.paidOn,
        amount: amountOf(payment.amountMinor),
        reference: payment.reference.slice(0, 255),
      },
      key,
    ),
  );
  return { remoteId: firstId(body.payments, (p) => p.paymentID, "payment") };
}

export const xeroProvider: XeroProvider = {
  id: "xero",
  settings: xeroSettings,
  authorizationUrl: xeroAuthorizationUrl,
  exchangeCode: (input) => exchangeXeroCode(input),
  refreshTokens: (input) => refreshXeroTokens(input),

  async verify(session) {
    const body = await callXero(session, "reading the organisation", (api, tenant) => api.getOrganisations(tenant));
    // The chart is read at connect: a standard chart is proposed as it is; any other waits for the user's choice.
    const accounts = await readXeroAccounts(session);
    return { organisationName: body.organisations?.[0]?.name ?? null, learned: proposedXeroAccounts(accounts, session.config) };
  },

  async readChoices(session) {
    return xeroAccountChoices(await readXeroAccounts(session), session.config);
  },

  upsertCustomer,
  upsertInvoice,
  voidInvoice,
  createPayment,

  async disconnect(session) {
    // Best effort: the row forgets its tokens whatever Xero answers.
    const tenantId = session.config.tenantId;
    if (!tenantId) return;
    try {
      await session.beforeRequest();
      const accessToken = await session.accessToken();
      await disconnectXeroTenant({ accessToken, tenantId, endpoints: session.endpoints, timeoutMs: session.timeoutMs });
    } catch {
      // Nothing to undo: a connection left behind is listed under the organisation's Connected apps in Xero.
    }
  },
};
