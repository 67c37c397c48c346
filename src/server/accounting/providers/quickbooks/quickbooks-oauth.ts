import {
  type AccountingFailure,
  AccountingRateLimited,
  AccountingRejected,
  AccountingUnauthorized,
  AccountingUnavailable,
  retryAfterSeconds,
} from "../../accounting-errors.js";
import { basicClientAuthorization, fetchWithDeadline, oauthTokenRequest } from "../../http.js";
import type { OAuthTokens, ProviderEndpoints } from "../../provider.js";
import { QUICKBOOKS_SCOPE, quickBooksUrls } from "./quickbooks-endpoints.js";

/**
 * QuickBooks' OAuth 2.0 (Intuit's documented authorization-code flow) on the accounting providers'
 * shared OAuth code (accounting/http.ts `oauthTokenRequest`, as FreshBooks and Wave): one request per
 * grant, under the session's deadline and never retried (a retried refresh could spend a refresh token
 * twice), client authenticated with HTTP Basic, nothing logged. Intuit's own SDK (intuit-oauth) did
 * this before, with its transport, logging and retries all replaced; it was dropped (docs/decisions.md,
 * Dependencies and why). What stays QuickBooks' own: its endpoints, the refresh token's lifetime
 * (`x_refresh_token_expires_in`), the revoke call, and the words the user reads on a failure.
 */

type ClientInput = {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  endpoints: ProviderEndpoints;
  timeoutMs: number;
};

type Grant = "exchange" | "refresh" | "revoke";

const TOKEN_ENDPOINT = "QuickBooks' token endpoint";
const REVOKE_ENDPOINT = "QuickBooks' revoke endpoint";

/** The consent page for this app, with our signed `state`. */
export function quickBooksAuthorizationUrl(input: {
  clientId: string;
  redirectUri: string;
  state: string;
  endpoints: ProviderEndpoints;
}): string {
  const query = new URLSearchParams({
    client_id: input.clientId,
    redirect_uri: input.redirectUri,
    response_type: "code",
    scope: QUICKBOOKS_SCOPE,
    state: input.state,
  });
  return `${quickBooksUrls(input.endpoints).authorize}?${query}`;
}

/** Spends the callback's code (once) for the first token pair. */
export function exchangeQuickBooksCode(input: ClientInput & { code: string; realmId: string }): Promise<OAuthTokens> {
  return tokenRequest(input, "exchange", { grant_type: "authorization_code", code: input.code, redirect_uri: input.redirectUri });
}

/** Spends `refreshToken` once for a new pair (QuickBooks rotates refresh tokens). */
export function refreshQuickBooksTokens(input: ClientInput & { refreshToken: string }): Promise<OAuthTokens> {
  return tokenRequest(input, "refresh", { grant_type: "refresh_token", refresh_token: input.refreshToken });
}

function tokenRequest(input: ClientInput, grant: Grant, params: Record<string, string>): Promise<OAuthTokens> {
  return oauthTokenRequest({
    url: quickBooksUrls(input.endpoints).token,
    clientId: input.clientId,
    clientSecret: input.clientSecret,
    clientAuthentication: "basic",
    params,
    timeoutMs: input.timeoutMs,
    refreshLifetimeField: "x_refresh_token_expires_in",
    who: TOKEN_ENDPOINT,
    failure: (answer) => failureOf(answer, grant),
  });
}

/** Revokes the grant the token belongs to (Intuit ends the whole connection for either token). */
export async function revokeQuickBooksToken(input: ClientInput & { token: string }): Promise<void> {
  const response = await fetchWithDeadline(
    quickBooksUrls(input.endpoints).revoke,
    {
      method: "POST",
      headers: {
        authorization: basicClientAuthorization(input.clientId, input.clientSecret),
        accept: "application/json",
        "content-type": "application/json",
      },
      body: JSON.stringify({ token: input.token }),
      timeoutMs: input.timeoutMs,
    },
    REVOKE_ENDPOINT,
  );
  if (response.status === 429 || response.status >= 400) {
    const body = (response.body ?? {}) as Record<string, unknown>;
    throw failureOf({ status: response.status, body, retryAfter: response.headers.get("retry-after") }, "revoke");
  }
}

/** Maps a refused or failed token request to the four failures; messages name the OAuth error code, never a token. */
function failureOf(
  answer: { status: number; body: Record<string, unknown>; retryAfter: string | null },
  grant: Grant,
): AccountingFailure {
  const endpoint = grant === "revoke" ? REVOKE_ENDPOINT : TOKEN_ENDPOINT;
  const { status, body } = answer;
  if (status === 429)
    return new AccountingRateLimited(
      "QuickBooks is limiting token requests",
      retryAfterSeconds(answer.retryAfter, new Date(), 60),
    );
  if (status >= 500) return new AccountingUnavailable(`${endpoint} answered ${status}`);
  const code = typeof body.error === "string" ? body.error : `HTTP ${status}`;
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
