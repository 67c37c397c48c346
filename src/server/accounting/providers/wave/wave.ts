import { centsToDecimal } from "../../../../core/money.js";
import { AccountingRejected } from "../../accounting-errors.js";
import { authorizationCodeGrant, consentSession, type OAuthTokenEndpoint, refreshTokenGrant } from "../../http.js";
import type { AccountingInvoice, ProviderEndpoints } from "../../provider.js";
import { gql, mutate, type Page } from "./wave-graphql.js";
import { type WaveProvider, type WaveSession, waveSettings } from "./wave-settings.js";

/**
 * Wave through its public GraphQL API (POST /graphql/public on gql.waveapps.com; OAuth 2.0 on
 * api.waveapps.com with client credentials in the body). The business is learned at consent
 * (config.businessId). Wave keeps no idempotency keys, so creates look first: a customer by email (or
 * name), an invoice by its number, a payment by the invoice's amount paid. Invoice lines need a
 * product: one sold product, "Minutely services", is found or created in the business. Wave's public
 * API has no mutation to void an invoice (invoiceDelete removes drafts only), so a void is refused
 * with a sentence telling the user to void it in Wave.
 */
const OAUTH_ORIGIN = "https://api.waveapps.com";
const SCOPES = "business:read account:read customer:* invoice:* product:* user:read";
const SERVICE_PRODUCT = "Minutely services";
export const WAVE_CANNOT_VOID =
  "Wave's public API cannot void an invoice. Void it in Wave (Sales & Payments → Invoices); Minutely keeps it void here.";

export const waveProvider: WaveProvider = {
  id: "wave",
  settings: waveSettings,

  authorizationUrl({ clientId, redirectUri, state, endpoints }) {
    const query = new URLSearchParams({
      client_id: clientId,
      response_type: "code",
      redirect_uri: redirectUri,
      scope: SCOPES,
      state,
    });
    return `${endpoints.baseUrl ?? OAUTH_ORIGIN}/oauth2/authorize/?${query}`;
  },

  async exchangeCode({ clientId, clientSecret, redirectUri, code, endpoints, timeoutMs }) {
    const tokens = await authorizationCodeGrant(tokenEndpoint(clientId, clientSecret, endpoints, timeoutMs), code, redirectUri);
    const data = await gql<{ businesses: { edges: { node: { id: string; name: string; isPersonal: boolean } }[] } }>(
      consentSession("wave", endpoints, tokens.accessToken, timeoutMs),
      "Businesses",
      {},
    );
    const businesses = data.businesses.edges.map((edge) => edge.node);
    const business = businesses.find((row) => !row.isPersonal) ?? businesses[0];
    if (!business) throw new AccountingRejected("This Wave login has no business. Create one in Wave, then connect again.");
    return { tokens, config: { businessId: business.id }, organisationName: business.name };
  },

  refreshTokens({ clientId, clientSecret, refreshToken, endpoints, timeoutMs }) {
    return refreshTokenGrant(tokenEndpoint(clientId, clientSecret, endpoints, timeoutMs), refreshToken);
  },

  async verify(session) {
    const data = await gql<{ business: { name: string } | null }>(session, "Business", { businessId: businessId(session) });
    if (!data.business) throw new AccountingRejected("The connected Wave business no longer exists. Connect again.");
    return { organisationName: data.business.name };
  },

  async upsertCustomer(session, customer, { known }) {
    const fields = {
      name: customer.company ?? customer.name,
      email: customer.email ?? undefined,
      phone: customer.phone ?? undefined,
    };
    if (known) {
      await mutate(session, "PatchCustomer", "customerPatch", { id: known.remoteId, ...fields });
      return { remoteId: known.remoteId };
    }
    const found = await findCustomer(session, fields.name, customer.email);
    if (found) return { remoteId: found };
    const created = await mutate<{ customer: { id: string } }>(session, "CreateCustomer", "customerCreate", {
      businessId: businessId(session),
      ...fields,
    });
    return { remoteId: created.customer.id };
  },

  async upsertInvoice(session, invoice, { known }) {
    const productId = await serviceProductId(session);
    const fields = invoiceFields(invoice, productId);
    if (known) {
      await mutate(session, "PatchInvoice", "invoicePatch", { id: known.remoteId, ...fields });
      return { remoteId: known.remoteId };
    }
    const existing = await gql<{
      business: { invoices: { edges: { node: { id: string; invoiceNumber: string; status: string } }[] } };
    }>(session, "FindInvoice", { businessId: businessId(session), invoiceNumber: invoice.number });
    let found = existing.business.invoices.edges.map((edge) => edge.node).find((row) => row.invoiceNumber === invoice.number);
    if (!found) {
      const created = await mutate<{ invoice: { id: string; status: string } }>(session, "CreateInvoice", "invoiceCreate", {
        businessId: businessId(session),
        ...fields,
      });
      found = { ...created.invoice, invoiceNumber: invoice.number };
    }
    // Created as a draft; approved so it is owed (and a retry approves a draft an earlier attempt left).
    if (found.status === "DRAFT") await mutate(session, "ApproveInvoice", "invoiceApprove", { invoiceId: found.id });
    return { remoteId: found.id };
  },

  async voidInvoice() {
    throw new AccountingRejected(WAVE_CANNOT_VOID);
  },

  async createPayment(session, payment) {
    const current = await gql<{ business: { invoice: { id: string; amountPaid: { value: string } } | null } }>(
      session,
      "GetInvoice",
      {
        businessId: businessId(session),
        invoiceId: payment.invoiceRemoteId,
      },
    );
    if (!current.business.invoice) throw new AccountingRejected("The invoice is no longer in Wave.");
    const amount = centsToDecimal(payment.amountMinor);
    // Already paid there (an earlier attempt whose answer was lost): do not pay twice.
    if (Number(current.business.invoice.amountPaid.value) >= Number(amount))
      return { remoteId: `${payment.invoiceRemoteId}/payment` };
    const created = await mutate<{ invoicePayment: { id: string } | null }>(
      session,
      "CreatePayment",
      "invoicePaymentCreateManual",
      {
        invoiceId: payment.invoiceRemoteId,
        paymentAccountId: await accountId(session, "CASH_AND_BANK", "a cash or bank account to deposit payments in"),
        amount,
        exchangeRate: "1",
        paymentDate: payment.paidOn,
        paymentMethod: "OTHER",
        memo: payment.reference,
      },
    );
    return { remoteId: created.invoicePayment?.id ?? `${payment.invoiceRemoteId}/payment` };
  },
};

/** The token endpoint: client credentials as form fields. */
function tokenEndpoint(
  clientId: string,
  clientSecret: string,
  endpoints: ProviderEndpoints,
  timeoutMs: number,
): OAuthTokenEndpoint {
  return {
    url: `${endpoints.baseUrl ?? OAUTH_ORIGIN}/oauth2/token/`,
    clientId,
    clientSecret,
    clientAuthentication: "body",
    timeoutMs,
  };
}

function businessId(session: WaveSession): string {
  const id = session.config.businessId;
  if (!id) throw new AccountingRejected("Wave is not connected to a business yet. Connect it again.");
  return id;
}

function invoiceFields(invoice: AccountingInvoice, productId: string) {
  return {
    customerId: invoice.customerRemoteId,
    invoiceNumber: invoice.number,
    invoiceDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    currency: invoice.currency.toUpperCase(),
    memo: invoice.memo ?? undefined,
    items: invoice.lines.map((line) => ({
      productId,
      description: line.description,
      quantity: "1",
      unitPrice: centsToDecimal(line.amountMinor),
    })),
  };
}

async function findCustomer(session: WaveSession, name: string, email: string | null): Promise<string | null> {
  for (let page = 1; page <= 50; page++) {
    const data = await gql<{ business: { customers: Page<{ id: string; name: string; email: string | null }> } }>(
      session,
      "FindCustomers",
      {
        businessId: businessId(session),
        page,
        email: email ?? undefined,
      },
    );
    const match = data.business.customers.edges
      .map((edge) => edge.node)
      .find((row) => (email ? row.email === email : row.name === name));
    if (match) return match.id;
    if (page >= data.business.customers.pageInfo.totalPages) return null;
  }
  return null;
}

async function serviceProductId(session: WaveSession): Promise<string> {
  for (let page = 1; page <= 50; page++) {
    const data = await gql<{ business: { products: Page<{ id: string; name: string }> } }>(session, "FindProducts", {
      businessId: businessId(session),
      page,
    });
    const match = data.business.products.edges.find((edge) => edge.node.name === SERVICE_PRODUCT);
    if (match) return match.node.id;
    if (page >= data.business.products.pageInfo.totalPages) break;
  }
  const created = await mutate<{ product: { id: string } }>(session, "CreateProduct", "productCreate", {
    businessId: businessId(session),
    name: SERVICE_PRODUCT,
    unitPrice: "0",
    incomeAccountId: await accountId(session, "INCOME", "an income account for the invoiced services"),
  });
  return created.product.id;
}

async function accountId(session: WaveSession, subtype: string, purpose: string): Promise<string> {
  const data = await gql<{ business: { accounts: { edges: { node: { id: string } }[] } } }>(session, "FindAccounts", {
    businessId: businessId(session),
    subtypes: [subtype],
  });
  const account = data.business.accounts.edges[0]?.node.id;
  if (!account) throw new AccountingRejected(`The Wave business has no ${purpose}. Add one in Wave's chart of accounts.`);
  return account;
}
