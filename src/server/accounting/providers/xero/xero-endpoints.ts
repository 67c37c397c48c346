import type { ProviderEndpoints } from "../../provider.js";

/**
 * Where Xero lives. Xero's own hosts by default; with XERO_BASE_URL every request, OAuth and API,
 * goes to that one base with Xero's documented paths, which is how tests reach the local stand-in.
 */
export type XeroUrls = {
  /** The consent page (login.xero.com). */
  authorize: string;
  /** Token endpoint (authorization_code and refresh_token grants). */
  token: string;
  revocation: string;
  /** The organisations (tenants) a token may use. */
  connections: string;
  /** The Accounting API root; the SDK's `accountingApi.basePath`. */
  accountingApi: string;
};

const XERO: XeroUrls = {
  authorize: "https://login.xero.com/identity/connect/authorize",
  token: "https://identity.xero.com/connect/token",
  revocation: "https://identity.xero.com/connect/revocation",
  connections: "https://api.xero.com/connections",
  accountingApi: "https://api.xero.com/api.xro/2.0",
};

export function xeroUrls(endpoints: ProviderEndpoints): XeroUrls {
  const base = endpoints.baseUrl?.replace(/\/+$/, "");
  if (!base) return XERO;
  return {
    authorize: `${base}/identity/connect/authorize`,
    token: `${base}/connect/token`,
    revocation: `${base}/connect/revocation`,
    connections: `${base}/connections`,
    accountingApi: `${base}/api.xro/2.0`,
  };
}

/**
 * Xero's granular scopes (required for apps created from 2 March 2026, available to older apps since
 * April 2026; the broad `accounting.transactions` goes away in September 2027): contacts, invoices,
 * payments, and read-only settings for GET /Organisation (verify). `offline_access` brings the refresh
 * token. No OpenID scopes: we never read the signed-in user's identity, and Xero's certification asks
 * for the fewest scopes an app needs.
 */
export const XERO_SCOPES = [
  "offline_access",
  "accounting.contacts",
  "accounting.invoices",
  "accounting.payments",
  "accounting.settings.read",
] as const;

/** Xero takes Idempotency-Key values of at most 128 characters. */
export const XERO_IDEMPOTENCY_KEY_MAX = 128;
