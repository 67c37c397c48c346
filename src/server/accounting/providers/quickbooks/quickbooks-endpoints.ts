import type { ProviderEndpoints } from "../../provider.js";

/**
 * Where QuickBooks Online lives. Intuit's own hosts by default (the API on the sandbox host when
 * QUICKBOOKS_ENVIRONMENT=sandbox); with QUICKBOOKS_BASE_URL every request, OAuth and API, goes to
 * that one base with Intuit's documented paths, which is how tests reach the local stand-in.
 */
export type QuickBooksUrls = {
  authorize: string;
  token: string;
  revoke: string;
  /** The REST API's origin; a company's resources are under `${api}/v3/company/{realmId}/`. */
  api: string;
};

const INTUIT: QuickBooksUrls = {
  authorize: "https://appcenter.intuit.com/connect/oauth2",
  token: "https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer",
  revoke: "https://developer.api.intuit.com/v2/oauth2/tokens/revoke",
  api: "https://quickbooks.api.intuit.com",
};

const SANDBOX_API = "https://sandbox-quickbooks.api.intuit.com";

export function quickBooksUrls(endpoints: ProviderEndpoints): QuickBooksUrls {
  const base = endpoints.baseUrl?.replace(/\/+$/, "");
  if (base) {
    return {
      authorize: `${base}/connect/oauth2`,
      token: `${base}/oauth2/v1/tokens/bearer`,
      revoke: `${base}/v2/oauth2/tokens/revoke`,
      api: base,
    };
  }
  return endpoints.sandbox ? { ...INTUIT, api: SANDBOX_API } : INTUIT;
}

/** Every call names the minor version it was written against (Intuit retires old behaviour by minor version). */
export const QUICKBOOKS_MINOR_VERSION = "75";

export const QUICKBOOKS_SCOPE = "com.intuit.quickbooks.accounting";
