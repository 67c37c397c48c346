import { AccountingRejected, AccountingUnauthorized } from "../../accounting-errors.js";
import type { ProviderEndpoints, RemoteRef } from "../../provider.js";
import { type QuickBooksSession, type QuickBooksProvider, quickbooksSettings } from "./quickbooks-settings.js";
import { callQuickBooks, QuickBooksRejected, quickBooksRequestId, STALE_OBJECT_FAULT } from "./quickbooks-api.js";
import { currencyRefFor, learnedFromSetup, readCompanySetup, taxCodeChoices, taxCodeRefFor } from "./quickbooks-company.js";
import { forgetIncomeItem, incomeItemFor } from "./quickbooks-income-item.js";
import {
  exchangeQuickBooksCode,
  quickBooksAuthorizationUrl,
  refreshQuickBooksTokens,
  revokeQuickBooksToken,
} from "./quickbooks-oauth.js";
import {
  customerFields,
  invoiceFields,
  paymentFields,
  type QuickBooksRow,
  queryLiteral,
  remoteRefOf,
} from "./quickbooks-payloads.js";

/**
 * QuickBooks Online (docs/accounting.md): OAuth on the providers' shared token request (quickbooks-oauth.ts),
 * the REST API v3 through fetch (quickbooks-api.ts says why). Duplicates are kept out three ways: the sync engine's stored
 * mapping (a known row is updated, never created again), a customer is looked up by DisplayName
 * before one is created, and every create, update and void carries the engine's idempotency key as
 * QuickBooks' `requestid`, so a retry after a lost answer gets the first answer back. Updates and
 * voids need the row's SyncToken: the one stored in `remoteVersion` is sent, and when QuickBooks
 * calls it stale (someone edited the row there) the current one is read and the change sent again.
 */

type Entity = "customer" | "invoice";
type Customer = QuickBooksRow & { DisplayName: string };
type Invoice = QuickBooksRow & { Balance?: number; LinkedTxn?: { TxnId: string; TxnType: string }[] };

export const quickbooksProvider: QuickBooksProvider = {
  id: "quickbooks",
  settings: quickbooksSettings,

  authorizationUrl: (input) => quickBooksAuthorizationUrl(input),

  async exchangeCode(input) {
    const realmId = input.query.realmId;
    if (!realmId) throw new AccountingRejected("QuickBooks did not say which company was connected (no realmId on the callback)");
    const tokens = await exchangeQuickBooksCode({ ...input, realmId });
    const session = firstCallSession(tokens.accessToken, realmId, input.endpoints, input.timeoutMs);
    const organisationName = await companyName(session);
    return { tokens, config: { realmId, ...(organisationName ? { organisationName } : {}) }, organisationName };
  },

  refreshTokens: (input) => refreshQuickBooksTokens({ ...input, redirectUri: "" }),

  async verify(session) {
    // The company's country, home currency and tax setup, read at connect (docs/accounting.md).
    const setup = await readCompanySetup(session);
    return { organisationName: setup.companyName, learned: learnedFromSetup(setup, session.config) };
  },

  async readChoices(session) {
    return taxCodeChoices(await readCompanySetup(session), session.config);
  },

  refuseInvoice(session, invoice) {
    // Refused before anything is sent (not even the customer): the currency and the tax code.
    currencyRefFor(session, invoice);
    taxCodeRefFor(session);
  },

  async upsertCustomer(session, customer, { known, idempotencyKey }) {
    const fields = customerFields(customer);
    if (known) return remoteRefOf(await sparseUpdate(session, "customer", known, fields, idempotencyKey));
    const existing = await findCustomer(session, fields.DisplayName);
    if (existing?.Active === false)
      return remoteRefOf(await sparseUpdate(session, "customer", remoteRefOf(existing), { Active: true }, idempotencyKey));
    if (existing) return remoteRefOf(existing);
    try {
      const created = await callQuickBooks<{ Customer: Customer }>(session, {
        method: "POST",
        resource: "customer",
        body: fields,
        requestId: quickBooksRequestId(idempotencyKey),
      });
      return remoteRefOf(created.Customer);
    } catch (error) {
      // 6240 "Duplicate Name Exists": someone (another instance's push, an accountant) created it
      // between our look-up and our create; that customer is the one to use.
      const raced =
        error instanceof QuickBooksRejected && error.faultCode === "6240"
          ? await findCustomer(session, fields.DisplayName)
          : null;
      if (raced) return remoteRefOf(raced);
      throw error;
    }
  },

  async upsertInvoice(session, invoice, { known, idempotencyKey }) {
    const currency = currencyRefFor(session, invoice);
    const taxCode = taxCodeRefFor(session);
    const fields = invoiceFields(invoice, {
      itemId: await incomeItemFor(session, idempotencyKey),
      accountsReceivableId: session.config.accountsReceivableId ?? null,
      currency,
      taxCode,
    });
    try {
      if (known) return remoteRefOf(await sparseUpdate(session, "invoice", known, fields, idempotencyKey));
      const created = await callQuickBooks<{ Invoice: Invoice }>(session, {
        method: "POST",
        resource: "invoice",
        body: fields,
        requestId: quickBooksRequestId(idempotencyKey),
      });
      return remoteRefOf(created.Invoice);
    } catch (error) {
      if (error instanceof AccountingRejected) forgetIncomeItem(session);
      throw error;
    }
  },

  async voidInvoice(session, known, { idempotencyKey }) {
    return remoteRefOf(await sparseUpdate(session, "invoice", known, {}, idempotencyKey, "void"));
  },

  async createPayment(session, payment, { idempotencyKey }) {
    // A fully paid invoice already linked to a payment was paid there (by an earlier attempt whose
    // answer was lost, or by hand): record that payment instead of paying twice.
    const invoice = await readRow<Invoice>(session, "invoice", payment.invoiceRemoteId);
    const linked = invoice.LinkedTxn?.find((txn) => txn.TxnType === "Payment");
    if (linked && invoice.Balance === 0) return { remoteId: linked.TxnId };
    const created = await callQuickBooks<{ Payment: QuickBooksRow }>(session, {
      method: "POST",
      resource: "payment",
      body: paymentFields(payment, currencyRefFor(session, { currency: payment.currency, number: payment.reference })),
      requestId: quickBooksRequestId(idempotencyKey),
    });
    return remoteRefOf(created.Payment);
  },

  async disconnect(session) {
    // Intuit ends the whole grant for either token; the session hands out the access token. A failure
    // is thrown (mapped) so the caller can tell the user the access could not be revoked.
    const token = await session.accessToken();
    await revokeQuickBooksToken({
      clientId: session.config.clientId ?? "",
      clientSecret: session.secrets.clientSecret ?? "",
      redirectUri: "",
      endpoints: session.endpoints,
      timeoutMs: session.timeoutMs,
      token,
    });
  },
};

async function companyName(session: QuickBooksSession): Promise<string | null> {
  const realmId = session.config.realmId ?? "";
  const answer = await callQuickBooks<{ CompanyInfo?: { CompanyName?: string } }>(session, {
    method: "GET",
    resource: `companyinfo/${encodeURIComponent(realmId)}`,
  });
  return answer.CompanyInfo?.CompanyName ?? null;
}

/** Customers of that DisplayName, inactive ones included (a new one of the same name would be refused). */
async function findCustomer(session: QuickBooksSession, displayName: string): Promise<Customer | null> {
  const answer = await callQuickBooks<{ QueryResponse?: { Customer?: Customer[] } }>(session, {
    method: "GET",
    resource: "query",
    query: { query: `select * from Customer where DisplayName = ${queryLiteral(displayName)} and Active in (true, false)` },
  });
  return answer.QueryResponse?.Customer?.[0] ?? null;
}

async function readRow<T extends QuickBooksRow>(session: QuickBooksSession, entity: Entity, id: string): Promise<T> {
  const key = entity === "customer" ? "Customer" : "Invoice";
  const answer = await callQuickBooks<Record<string, T>>(session, {
    method: "GET",
    resource: `${entity}/${encodeURIComponent(id)}`,
  });
  const row = answer[key];
  if (!row) throw new AccountingRejected(`QuickBooks has no ${entity} ${id}`);
  return row;
}

/**
 * A sparse update (or a void) of a known row with its SyncToken: the stored one if any, else the
 * current one read first. A stale stored token is read again and the change sent once more under a
 * second request id (the first one's refusal may be what QuickBooks replays for it).
 */
async function sparseUpdate(
  session: QuickBooksSession,
  entity: Entity,
  known: RemoteRef,
  fields: Record<string, unknown>,
  idempotencyKey: string,
  operation?: "void",
): Promise<QuickBooksRow> {
  const key = entity === "customer" ? "Customer" : "Invoice";
  const send = async (syncToken: string, requestId: string) => {
    const body = operation
      ? { Id: known.remoteId, SyncToken: syncToken }
      : { ...fields, Id: known.remoteId, SyncToken: syncToken, sparse: true };
    const answer = await callQuickBooks<Record<string, QuickBooksRow>>(session, {
      method: "POST",
      resource: entity,
      query: operation ? { operation } : {},
      body,
      requestId,
    });
    const row = answer[key];
    if (!row) throw new AccountingRejected(`QuickBooks answered the ${entity} ${operation ?? "update"} without the ${entity}`);
    return row;
  };
  if (!known.remoteVersion) {
    const current = await readRow(session, entity, known.remoteId);
    return send(current.SyncToken, quickBooksRequestId(idempotencyKey));
  }
  try {
    return await send(known.remoteVersion, quickBooksRequestId(idempotencyKey));
  } catch (error) {
    if (!(error instanceof QuickBooksRejected && error.faultCode === STALE_OBJECT_FAULT)) throw error;
    const current = await readRow(session, entity, known.remoteId);
    return send(current.SyncToken, quickBooksRequestId(idempotencyKey, "current"));
  }
}

/** exchangeCode's one call (the company's name) with the tokens just granted, before any stored session exists. */
function firstCallSession(
  accessToken: string,
  realmId: string,
  endpoints: ProviderEndpoints,
  timeoutMs: number,
): QuickBooksSession {
  return {
    integrationId: 0,
    provider: "quickbooks",
    config: { realmId },
    secrets: {},
    endpoints,
    timeoutMs,
    accessToken: async () => accessToken,
    renewAccessToken: async () => {
      throw new AccountingUnauthorized("QuickBooks refused the access token it had just granted");
    },
    beforeRequest: async () => {},
    rateLimited: async () => {},
  };
}
