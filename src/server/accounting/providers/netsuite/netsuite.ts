import { centsToDecimal } from "../../../../core/money.js";
import { AccountingRejected } from "../../accounting-errors.js";
import { type ProviderResponse, providerRequest } from "../../http.js";
import type { AccountingInvoice } from "../../provider.js";
import { type NetSuiteSession, type NetSuiteProvider, netsuiteSettings } from "./netsuite-settings.js";
import { type NetSuiteCredentials, netSuiteAuthorization, netSuiteOrigin, netSuiteRealm } from "./netsuite-signer.js";

/**
 * Oracle NetSuite through the REST record service (/services/rest/record/v1), signed per request with
 * token-based authentication (netsuite-signer.ts). Creates are upserts by external id
 * (`PUT /{record}/eid:{externalId}`, documented "Using the Upsert Operation"), with our idempotency
 * key as the external id: a retry after a lost answer updates the row it already wrote instead of
 * writing a second. Writes answer 204 with the record's address in `Location`. The REST record
 * service has no void action, so a void transforms the invoice into a credit memo
 * (`POST /invoice/{id}/!transform/creditMemo`), which offsets it in full; the credit memo carries the
 * void's key as its external id, so it is made once.
 */
const RECORD_PATH = "/services/rest/record/v1";
/** The service item every line bills (upserted by external id; NetSuite invoice lines need an item). */
const SERVICE_ITEM_EXTERNAL_ID = "minutely-services";

export const netsuiteProvider: NetSuiteProvider = {
  id: "netsuite",
  settings: netsuiteSettings,

  async verify(session) {
    await call(session, "GET", "/customer?limit=1");
    return { organisationName: `NetSuite ${netSuiteRealm(credentials(session).accountId)}` };
  },

  async upsertCustomer(session, customer, { known, idempotencyKey }) {
    const body = {
      companyName: customer.company ?? customer.name,
      email: customer.email ?? undefined,
      phone: customer.phone ?? undefined,
      isPerson: false,
      ...subsidiary(session),
    };
    if (known) {
      await call(session, "PATCH", `/customer/${encodeURIComponent(known.remoteId)}`, body);
      return { remoteId: known.remoteId };
    }
    return { remoteId: writtenId(await call(session, "PUT", `/customer/eid:${externalId(idempotencyKey)}`, body)) };
  },

  async upsertInvoice(session, invoice, { known, idempotencyKey }) {
    const itemId = await serviceItemId(session);
    const body = invoiceBody(session, invoice, itemId);
    if (known) {
      await call(session, "PATCH", `/invoice/${encodeURIComponent(known.remoteId)}?replace=item`, body);
      return { remoteId: known.remoteId };
    }
    return { remoteId: writtenId(await call(session, "PUT", `/invoice/eid:${externalId(idempotencyKey)}`, body)) };
  },

  async voidInvoice(session, known, { idempotencyKey }) {
    const creditMemoKey = externalId(idempotencyKey);
    try {
      await call(session, "POST", `/invoice/${encodeURIComponent(known.remoteId)}/!transform/creditMemo`, {
        externalId: creditMemoKey,
        memo: "Voided in Minutely",
      });
    } catch (error) {
      // A retry after a lost answer: the credit memo with this external id already exists.
      if (!(error instanceof AccountingRejected) || !(await exists(session, `/creditMemo/eid:${creditMemoKey}`))) throw error;
    }
    return { remoteId: known.remoteId, remoteVersion: known.remoteVersion ?? null };
  },

  async createPayment(session, payment, { idempotencyKey }) {
    const amount = Number(centsToDecimal(payment.amountMinor));
    const response = await call(session, "PUT", `/customerPayment/eid:${externalId(idempotencyKey)}`, {
      customer: { id: payment.customerRemoteId },
      tranDate: payment.paidOn,
      payment: amount,
      memo: payment.reference,
      ...subsidiary(session),
      apply: { items: [{ doc: { id: payment.invoiceRemoteId }, apply: true, amount }] },
    });
    return { remoteId: writtenId(response) };
  },
};

function credentials(session: NetSuiteSession): NetSuiteCredentials {
  const found = {
    accountId: session.config.accountId,
    consumerKey: session.config.consumerKey,
    consumerSecret: session.secrets.consumerSecret,
    tokenId: session.config.tokenId,
    tokenSecret: session.secrets.tokenSecret,
  };
  const missing = Object.entries(found)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0) throw new AccountingRejected(`NetSuite needs ${missing.join(", ")} to sign requests.`);
  return found as NetSuiteCredentials;
}

function call(session: NetSuiteSession, method: "GET" | "POST" | "PUT" | "PATCH", path: string, json?: unknown) {
  const signing = credentials(session);
  // The operator's endpoint config (a stand-in in tests) is trusted; the account's own host is the
  // user's choice, so it goes through the outbound rule (docs/security.md).
  const configured = session.endpoints.baseUrl;
  return providerRequest(session, {
    method,
    url: `${configured ?? netSuiteOrigin(signing.accountId)}${RECORD_PATH}${path}`,
    json,
    sign: (request) => ({ authorization: netSuiteAuthorization(signing, request) }),
    describeError: netSuiteError,
    hostFromUser: configured === undefined,
  });
}

async function exists(session: NetSuiteSession, path: string): Promise<boolean> {
  try {
    await call(session, "GET", path);
    return true;
  } catch (error) {
    if (error instanceof AccountingRejected && error.status === 404) return false;
    throw error;
  }
}

async function serviceItemId(session: NetSuiteSession): Promise<string> {
  const response = await call(session, "PUT", `/serviceSaleItem/eid:${SERVICE_ITEM_EXTERNAL_ID}`, {
    itemId: "Minutely services",
    displayName: "Minutely services",
    ...(session.config.subsidiaryId ? { subsidiary: { items: [{ id: session.config.subsidiaryId }] } } : {}),
  });
  return writtenId(response);
}

function invoiceBody(session: NetSuiteSession, invoice: AccountingInvoice, itemId: string) {
  return {
    entity: { id: invoice.customerRemoteId },
    tranId: invoice.number,
    tranDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    memo: invoice.memo ?? undefined,
    ...subsidiary(session),
    item: {
      items: invoice.lines.map((line) => ({
        item: { id: itemId },
        description: line.description,
        quantity: 1,
        rate: Number(centsToDecimal(line.amountMinor)),
        amount: Number(centsToDecimal(line.amountMinor)),
      })),
    },
  };
}

function subsidiary(session: NetSuiteSession): { subsidiary?: { id: string } } {
  return session.config.subsidiaryId ? { subsidiary: { id: session.config.subsidiaryId } } : {};
}

/** NetSuite external ids allow letters, digits, `_` and `-` only. */
function externalId(key: string): string {
  return key.replace(/[^A-Za-z0-9_-]/g, "-");
}

/** 204 with `Location: …/record/v1/{type}/{internalId}`. */
function writtenId(response: ProviderResponse): string {
  const location = response.headers.get("location");
  const id = location?.split("/").pop();
  if (!id) throw new AccountingRejected("NetSuite did not say which record it wrote (no Location header).");
  return decodeURIComponent(id);
}

/** NetSuite's error body: { title, status, "o:errorDetails": [{ detail, "o:errorCode" }] }. */
function netSuiteError(status: number, body: unknown): string {
  const record = (body ?? {}) as { title?: unknown; "o:errorDetails"?: { detail?: unknown; "o:errorCode"?: unknown }[] };
  const detail = record["o:errorDetails"]?.[0];
  if (detail && typeof detail.detail === "string")
    return typeof detail["o:errorCode"] === "string" ? `${detail.detail} (${detail["o:errorCode"]})` : detail.detail;
  return typeof record.title === "string" ? record.title : `NetSuite answered ${status}.`;
}
