import type OAuthClient from "intuit-oauth";
import { onFirstUse } from "../../platform/on-first-use.js";
import {
  type AccountingFailure,
  AccountingRateLimited,
  AccountingRejected,
  AccountingUnauthorized,
  AccountingUnavailable,
  retryAfterSeconds,
} from "../accounting-errors.js";
import type { OAuthTokens, ProviderEndpoints } from "../provider.js";
import { noAnswerText } from "../http.js";
import { QUICKBOOKS_SCOPE, quickBooksUrls } from "./quickbooks-endpoints.js";

/** intuit-oauth, loaded at the first QuickBooks connection (platform/on-first-use.ts). */
const intuitOauth = onFirstUse<typeof OAuthClient>("intuit-oauth");

/**
 * QuickBooks' OAuth 2.0 through Intuit's own SDK (intuit-oauth): it builds the consent address, the
 * grant bodies with their Basic client authentication, and reads the token answers. The SDK keeps
 * its endpoints in static fields shared by every client in the process and sends with axios,
 * retrying 429 and 5xx three times with no deadline; so each client here gets its own
 * `loadResponse`, which carries the SDK's request with fetch to this connection's endpoints, under
 * the session's deadline and never more than once (a retried refresh could spend a refresh token
 * twice). The SDK's winston logging stays off: token answers never reach a log.
 */

type SdkRequest = { url: string; method: string; headers: Record<string, string>; data: Record<string, string> };

type TokenAnswer = {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  x_refresh_token_expires_in?: unknown;
  error?: unknown;
};

/** What the last request carried for the SDK returned, so failures map on facts, not on the SDK's wrapped errors. */
type Carried = { status: number; data: unknown; retryAfter: string | null } | { transportError: unknown } | null;

type ClientInput = {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  endpoints: ProviderEndpoints;
  timeoutMs: number;
};

function clientFor(input: ClientInput): { client: OAuthClient; carried: () => Carried } {
  const urls = quickBooksUrls(input.endpoints);
  const Intuit = intuitOauth();
  const client = new Intuit({
    clientId: input.clientId,
    clientSecret: input.clientSecret,
    redirectUri: input.redirectUri,
    environment: input.endpoints.sandbox ? "sandbox" : "production",
    logging: false,
  });
  let carried: Carried = null;
  client.loadResponse = async (request: SdkRequest) => {
    const url =
      request.url === Intuit.tokenEndpoint ? urls.token : request.url === Intuit.revokeEndpoint ? urls.revoke : null;
    if (!url) throw new Error("intuit-oauth asked for an endpoint this provider does not use");
    const form = request.headers["Content-Type"]?.includes("x-www-form-urlencoded");
    try {
      const response = await fetch(url, {
        method: request.method,
        headers: request.headers,
        body: form ? new URLSearchParams(request.data).toString() : JSON.stringify(request.data),
        signal: AbortSignal.timeout(input.timeoutMs),
      });
      const text = await response.text();
      const data = parseJson(text);
      carried = { status: response.status, data, retryAfter: response.headers.get("retry-after") };
      return { status: response.status, statusText: response.statusText, headers: Object.fromEntries(response.headers), data };
    } catch (error) {
      carried = { transportError: error };
      throw error;
    }
  };
  return { client, carried: () => carried };
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : "";
  } catch {
    return text;
  }
}

/** The consent page for this app, with our signed `state`. */
export function quickBooksAuthorizationUrl(input: {
  clientId: string;
  redirectUri: string;
  state: string;
  endpoints: ProviderEndpoints;
}): string {
  const { client } = clientFor({ ...input, clientSecret: "", timeoutMs: 0 });
  const sdkUrl = client.authorizeUri({ scope: [QUICKBOOKS_SCOPE], state: input.state });
  // The SDK writes Intuit's consent host; keep its query and put this connection's host in front.
  return `${quickBooksUrls(input.endpoints).authorize}${sdkUrl.slice(sdkUrl.indexOf("?"))}`;
}

type Grant = "exchange" | "refresh" | "revoke";

/** Spends the callback's code (once) for the first token pair. */
export async function exchangeQuickBooksCode(input: ClientInput & { code: string; realmId: string }): Promise<OAuthTokens> {
  const { client, carried } = clientFor(input);
  const callback = `?${new URLSearchParams({ code: input.code, realmId: input.realmId })}`;
  try {
    const answer = await client.createToken(callback);
    return tokensFrom(answer.getJson() as TokenAnswer);
  } catch (error) {
    throw failureOf(error, carried(), "exchange", input.timeoutMs);
  }
}

/** Spends `refreshToken` once for a new pair (QuickBooks rotates refresh tokens). */
export async function refreshQuickBooksTokens(input: ClientInput & { refreshToken: string }): Promise<OAuthTokens> {
  const { client, carried } = clientFor(input);
  try {
    const answer = await client.refreshUsingToken(input.refreshToken);
    return tokensFrom(answer.getJson() as TokenAnswer);
  } catch (error) {
    throw failureOf(error, carried(), "refresh", input.timeoutMs);
  }
}

/** Revokes the grant the token belongs to (Intuit ends the whole connection for either token). */
export async function revokeQuickBooksToken(input: ClientInput & { token: string }): Promise<void> {
  const { client, carried } = clientFor(input);
  try {
    await client.revoke({ refresh_token: input.token });
  } catch (error) {
    throw failureOf(error, carried(), "revoke", input.timeoutMs);
  }
}

function tokensFrom(answer: TokenAnswer): OAuthTokens {
  if (typeof answer?.access_token !== "string" || typeof answer.refresh_token !== "string")
    throw new AccountingUnavailable("QuickBooks' token endpoint answered without tokens");
  const now = Date.now();
  const accessSeconds = typeof answer.expires_in === "number" ? answer.expires_in : 3600;
  const refreshSeconds = typeof answer.x_refresh_token_expires_in === "number" ? answer.x_refresh_token_expires_in : null;
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    accessTokenExpiresAt: now + accessSeconds * 1000,
    refreshTokenExpiresAt: refreshSeconds === null ? null : now + refreshSeconds * 1000,
  };
}

/** Maps a failed token request to the four failures; messages name the OAuth error code, never a token. */
function failureOf(error: unknown, carried: Carried, grant: Grant, timeoutMs: number): AccountingFailure {
  if (error instanceof AccountingUnavailable) return error;
  const endpoint = grant === "revoke" ? "QuickBooks' revoke endpoint" : "QuickBooks' token endpoint";
  if (!carried) return new AccountingUnavailable(`${endpoint} could not be called`);
  if ("transportError" in carried) return new AccountingUnavailable(noAnswerText(endpoint, carried.transportError, timeoutMs));
  const { status, data } = carried;
  if (status === 429)
    return new AccountingRateLimited(
      "QuickBooks is limiting token requests",
      retryAfterSeconds(carried.retryAfter, new Date(), 60),
    );
  if (status >= 500) return new AccountingUnavailable(`${endpoint} answered ${status}`);
  const code = typeof (data as TokenAnswer)?.error === "string" ? String((data as TokenAnswer).error) : `HTTP ${status}`;
  if (code === "invalid_grant")
    return new AccountingUnauthorized(
      grant === "exchange"
        ? "QuickBooks refused the authorisation code (invalid_grant): connect QuickBooks again"
        : grant === "refresh"
          ? "QuickBooks no longer accepts this connection's refresh token (invalid_grant): reconnect QuickBooks"
          : "QuickBooks no longer knows this connection's token (invalid_grant)",
    );
  if (code === "invalid_client" || status === 401)
    return new AccountingUnauthorized(`QuickBooks refused the app's Client ID or Client Secret (${code})`);
  return new AccountingRejected(`QuickBooks refused the token request (${code})`, status);
}
