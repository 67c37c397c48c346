import { centsToDecimal } from "../../../../core/money.js";
import { AccountingRejected, AccountingUnavailable } from "../../accounting-errors.js";
import {
  authorizationCodeGrant,
  consentSession,
  type OAuthTokenEndpoint,
  providerRequest,
  refreshTokenGrant,
} from "../../http.js";
import type { AccountingInvoice, ProviderEndpoints } from "../../provider.js";
import { type FreshBooksProvider, type FreshBooksSession, freshbooksSettings } from "./freshbooks-settings.js";

/**
 * FreshBooks over its REST API (https://www.freshbooks.com/api): OAuth 2.0 authorisation code with
 * client credentials in the body; the identity call (GET /auth/api/v1/users/me) names the business
 * and its `account_id`, which every accounting path carries (/accounting/account/{accountId}/…).
 * FreshBooks takes no idempotency key, so a create first looks for what an earlier attempt may have
 * written (a client by email or organisation, an invoice by its number, a payment on the invoice with
 * the same amount and date) and creates only when nothing is there. FreshBooks has no "void": the
 * documented way to take an invoice off the books is `vis_state: 1` (deleted), which is what a void
 * does here.
 */
const API_ORIGIN = "https://api.freshbooks.com";
const AUTH_ORIGIN = "https://auth.freshbooks.com";

export const freshbooksProvider: FreshBooksProvider = {
  id: "freshbooks",
  settings: freshbooksSettings,

  authorizationUrl({ clientId, redirectUri, state, endpoints }) {
    const query = new URLSearchParams({ client_id: clientId, response_type: "code", redirect_uri: redirectUri, state });
    return `${endpoints.baseUrl ?? AUTH_ORIGIN}/oauth/authorize?${query}`;
  },

  async exchangeCode({ clientId, clientSecret, redirectUri, code, endpoints, timeoutMs }) {
    const tokens = await authorizationCodeGrant(tokenEndpoint(clientId, clientSecret, endpoints, timeoutMs), code, redirectUri);
    const identity = await identityOf(endpoints, tokens.accessToken, timeoutMs);
    return {
      tokens,
      config: { accountId: identity.accountId, businessId: identity.businessId },
      organisationName: identity.name,
    };
  },

  refreshTokens({ clientId, clientSecret, refreshToken, endpoints, timeoutMs }) {
    return refreshTokenGrant(tokenEndpoint(clientId, clientSecret, endpoints, timeoutMs), refreshToken);
  },

  async verify(session) {
    const response = await call(session, "GET", "/auth/api/v1/users/me");
    const business = membershipOf(response.body, session.config.accountId);
    return { organisationName: business?.name ?? null };
  },

  async upsertCustomer(session, customer, { known }) {
    const client = {
      organization: customer.company ?? customer.name,
      fname: customer.name,
      email: customer.email ?? "",
      bus_phone: customer.phone ?? "",
    };
    if (known) {
      await call(session, "PUT", `${accounting(session)}/users/clients/${encodeURIComponent(known.remoteId)}`, { client });
      return { remoteId: known.remoteId };
    }
    const search = customer.email
      ? `search[email]=${encodeURIComponent(customer.email)}`
      : `search[organization_like]=${encodeURIComponent(client.organization)}`;
    const found = result<{ clients?: { id: number; organization?: string; email?: string }[] }>(
      await call(session, "GET", `${accounting(session)}/users/clients?${search}`),
    ).clients?.find((row) => (customer.email ? row.email === customer.email : row.organization === client.organization));
    if (found) return { remoteId: String(found.id) };
    const created = result<{ client?: { id: number } }>(
      await call(session, "POST", `${accounting(session)}/users/clients`, { client }),
    );
    return { remoteId: idOf(created.client) };
  },

  async upsertInvoice(session, invoice, { known }) {
    const body = { invoice: invoicePayload(invoice) };
    if (known) {
      await call(session, "PUT", `${accounting(session)}/invoices/invoices/${encodeURIComponent(known.remoteId)}`, body);
      return { remoteId: known.remoteId };
    }
    const existing = await findInvoice(session, invoice.number);
    if (existing) return { remoteId: existing };
    const created = result<{ invoice?: { id: number } }>(
      await call(session, "POST", `${accounting(session)}/invoices/invoices`, body),
    );
    return { remoteId: idOf(created.invoice) };
  },

  async voidInvoice(session, known) {
    await call(session, "PUT", `${accounting(session)}/invoices/invoices/${encodeURIComponent(known.remoteId)}`, {
      invoice: { vis_state: 1 },
    });
    return { remoteId: known.remoteId, remoteVersion: known.remoteVersion ?? null };
  },

  async createPayment(session, payment) {
    const amount = centsToDecimal(payment.amountMinor);
    const listed = result<{ payments?: { id: number; amount?: { amount?: string }; date?: string }[] }>(
      await call(
        session,
        "GET",
        `${accounting(session)}/payments/payments?search[invoiceid]=${encodeURIComponent(payment.invoiceRemoteId)}`,
      ),
    );
    const earlier = listed.payments?.find((row) => row.amount?.amount === amount && row.date === payment.paidOn);
    if (earlier) return { remoteId: String(earlier.id) };
    const created = result<{ payment?: { id: number } }>(
      await call(session, "POST", `${accounting(session)}/payments/payments`, {
        payment: {
          invoiceid: Number(payment.invoiceRemoteId),
          amount: { amount, code: payment.currency.toUpperCase() },
          date: payment.paidOn,
          type: "Other",
          note: payment.reference,
        },
      }),
    );
    return { remoteId: idOf(created.payment) };
  },

  async disconnect(session) {
    const token = await session.accessToken();
    await providerRequest(session, {
      method: "POST",
      url: `${session.endpoints.baseUrl ?? API_ORIGIN}/auth/oauth/revoke`,
      json: { client_id: session.config.clientId, client_secret: session.secrets.clientSecret, token },
      authorization: "none",
      describeError: freshBooksError,
    });
  },
};

/** The token endpoint: client credentials as form fields, an access token for 12 hours when the answer does not say. */
function tokenEndpoint(
  clientId: string,
  clientSecret: string,
  endpoints: ProviderEndpoints,
  timeoutMs: number,
): OAuthTokenEndpoint {
  return {
    url: `${endpoints.baseUrl ?? API_ORIGIN}/auth/oauth/token`,
    clientId,
    clientSecret,
    clientAuthentication: "body",
    timeoutMs,
    defaultLifetimeSeconds: 12 * 3600,
  };
}

function accounting(session: FreshBooksSession): string {
  const accountId = session.config.accountId;
  if (!accountId)
    throw new AccountingRejected("FreshBooks is not connected to a business yet (no account id). Connect it again.");
  return `/accounting/account/${encodeURIComponent(accountId)}`;
}

function call(session: FreshBooksSession, method: "GET" | "POST" | "PUT", path: string, json?: unknown) {
  return providerRequest(session, {
    method,
    url: `${session.endpoints.baseUrl ?? API_ORIGIN}${path}`,
    json,
    describeError: freshBooksError,
  });
}

async function findInvoice(session: FreshBooksSession, number: string): Promise<string | null> {
  const listed = result<{ invoices?: { id: number; invoice_number?: string }[] }>(
    await call(session, "GET", `${accounting(session)}/invoices/invoices?search[invoice_number]=${encodeURIComponent(number)}`),
  );
  const found = listed.invoices?.find((row) => row.invoice_number === number);
  return found ? String(found.id) : null;
}

function invoicePayload(invoice: AccountingInvoice) {
  const dueOffsetDays = Math.max(0, Math.round((Date.parse(invoice.dueDate) - Date.parse(invoice.issueDate)) / 86_400_000));
  return {
    customerid: Number(invoice.customerRemoteId),
    invoice_number: invoice.number,
    create_date: invoice.issueDate,
    due_offset_days: dueOffsetDays,
    currency_code: invoice.currency.toUpperCase(),
    notes: invoice.memo ?? "",
    lines: invoice.lines.map((line) => ({
      type: 0,
      name: line.description.slice(0, 100),
      description: line.description,
      qty: 1,
      unit_cost: { amount: centsToDecimal(line.amountMinor), code: invoice.currency.toUpperCase() },
    })),
  };
}

/** The identity's first business membership with an accounting account. */
async function identityOf(endpoints: ProviderEndpoints, accessToken: string, timeoutMs: number) {
  const session = consentSession("freshbooks", endpoints, accessToken, timeoutMs);
  const business = membershipOf((await call(session, "GET", "/auth/api/v1/users/me")).body, undefined);
  if (!business)
    throw new AccountingRejected(
      "This FreshBooks login has no business with accounting. Connect with the business owner's login.",
    );
  return business;
}

type Membership = { business?: { id?: number; name?: string; account_id?: string | null } };

function membershipOf(
  body: unknown,
  accountId: string | undefined,
): { accountId: string; businessId: string; name: string | null } | null {
  const memberships = ((body as { response?: { business_memberships?: Membership[] } })?.response?.business_memberships ?? [])
    .map((membership) => membership.business)
    .filter((business) => business?.account_id);
  const business = memberships.find((row) => !accountId || row?.account_id === accountId) ?? null;
  if (!business?.account_id) return null;
  return { accountId: business.account_id, businessId: String(business.id ?? ""), name: business.name ?? null };
}

/** Accounting answers wrap the payload: { response: { result: {...} } }. */
function result<T>(response: { body: unknown }): T {
  return ((response.body as { response?: { result?: T } })?.response?.result ?? {}) as T;
}

function idOf(row: { id: number } | undefined): string {
  if (!row) throw new AccountingUnavailable("FreshBooks answered without the row it wrote.");
  return String(row.id);
}

/** FreshBooks errors: { response: { errors: [{ message, field }] } } or { error, error_description, message }. */
function freshBooksError(status: number, body: unknown): string {
  const record = (body ?? {}) as { response?: { errors?: { message?: string }[] }; error_description?: string; message?: string };
  const messages = record.response?.errors?.map((error) => error.message).filter(Boolean) ?? [];
  if (messages.length > 0) return messages.join(" ");
  return record.error_description ?? record.message ?? `FreshBooks answered ${status}.`;
}
