import { PrivateAddressError } from "../http/outbound-address.js";
import { requestPublicHost } from "../http/outbound-request.js";
import {
  type AccountingFailure,
  AccountingRateLimited,
  AccountingRejected,
  AccountingUnauthorized,
  AccountingUnavailable,
  retryAfterSeconds,
} from "./accounting-errors.js";
import type { AccountingSession, OAuthTokens } from "./provider.js";

/**
 * The HTTP side shared by the providers that speak plain REST or GraphQL (FreshBooks, Wave, Sage,
 * NetSuite). One place turns the wire into the four failures of accounting-errors.ts, so every
 * provider waits for its rate-limit slot, keeps the per-request deadline, renews an OAuth token once
 * on 401 and never lets a raw fetch error escape. Request and response bodies are never logged here:
 * they carry tokens and client data.
 */

export type ProviderRequest = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  headers?: Record<string, string>;
  json?: unknown;
  /**
   * How the request is authorised: "session" (default) adds the session's OAuth bearer token and
   * renews it once on 401; "none" sends only `headers` (API-key providers); `sign` computes the
   * headers per attempt (OAuth 1.0a), with no renewal.
   */
  authorization?: "session" | "none";
  sign?: (request: { method: string; url: string }) => Record<string, string>;
  /** The provider's own words for a refused request (what the user reads on the record). */
  describeError: (status: number, body: unknown) => string;
  /**
   * The URL's host comes from the user's settings (NetSuite's account id), not from the provider's
   * fixed hosts or the operator's endpoint config: the request goes through the outbound rule
   * (http/outbound-request.ts), public addresses only.
   */
  hostFromUser?: boolean;
};

export type ProviderResponse = { status: number; headers: Headers; body: unknown };

/** One provider call with the session's rate limit, deadline and token; failures as the four classes. */
export async function providerRequest(session: AccountingSession, request: ProviderRequest): Promise<ProviderResponse> {
  const usesSession = !request.sign && (request.authorization ?? "session") === "session";
  let token = usesSession ? await session.accessToken() : null;
  for (let attempt = 0; ; attempt++) {
    await session.beforeRequest();
    const response = await send(request, token, session.timeoutMs);
    if (response.status === 401 && token && attempt === 0) {
      token = await session.renewAccessToken(token);
      continue;
    }
    if (response.status === 429) {
      const seconds = retryAfterSeconds(response.headers.get("retry-after"), new Date());
      await session.rateLimited(seconds);
      throw new AccountingRateLimited(`${session.provider} asked us to slow down (429).`, seconds);
    }
    if (response.status === 401 || response.status === 403) {
      if (response.status === 401)
        throw new AccountingUnauthorized(
          `${session.provider} refused our credentials: ${request.describeError(401, response.body)}`,
        );
      throw new AccountingRejected(request.describeError(response.status, response.body), response.status);
    }
    if (response.status >= 500) throw new AccountingUnavailable(`${session.provider} answered ${response.status}.`);
    if (response.status >= 400)
      throw new AccountingRejected(request.describeError(response.status, response.body), response.status);
    return response;
  }
}

async function send(request: ProviderRequest, token: string | null, timeoutMs: number): Promise<ProviderResponse> {
  const headers: Record<string, string> = { accept: "application/json", ...request.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.sign) Object.assign(headers, request.sign({ method: request.method, url: request.url }));
  if (request.json !== undefined) headers["content-type"] = "application/json";
  return await fetchWithDeadline(request.url, {
    method: request.method,
    headers,
    body: request.json === undefined ? undefined : JSON.stringify(request.json),
    timeoutMs,
    hostFromUser: request.hostFromUser,
  });
}

/**
 * fetch with a deadline, the one way accounting code reaches a provider: the answer's status,
 * headers and body (JSON when it parses, else the text); a time-out, a connection closed before the
 * answer, or a connection never made is AccountingUnavailable (noAnswerText), since the call may
 * have been committed.
 */
export async function fetchWithDeadline(
  url: string | URL,
  init: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number; hostFromUser?: boolean },
  who: string = new URL(url).host,
): Promise<ProviderResponse> {
  if (init.hostFromUser) return await fetchUserHost(url, init, who);
  try {
    const response = await fetch(url, {
      method: init.method,
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(init.timeoutMs),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: parseBody(text) };
  } catch (error) {
    throw new AccountingUnavailable(noAnswerText(who, error, init.timeoutMs));
  }
}

/** Socket errors of a connection that was made and then closed before the answer (undici, node:http). */
const CONNECTION_LOST = new Set(["UND_ERR_SOCKET", "UND_ERR_CLOSED", "ECONNRESET", "EPIPE"]);

/**
 * Why no answer came, in the words the user reads on the record. A time-out and a connection closed
 * before the answer are the same event for the sync: the request may have been carried out, so both
 * are "did not answer" and the job retries with the same idempotency key. A connection never made
 * (refused, no such host) "could not be reached".
 */
export function noAnswerText(who: string, error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === "TimeoutError") return `${who} did not answer within ${deadlineText(timeoutMs)}`;
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } } | null)?.cause?.code ?? (error as { code?: unknown })?.code;
  if (typeof code === "string" && CONNECTION_LOST.has(code))
    return `${who} did not answer: the connection closed before the answer`;
  return `${who} could not be reached`;
}

/** A request whose host the user's settings chose: through the outbound rule; a refused address is the user's to fix. */
async function fetchUserHost(
  url: string | URL,
  init: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number },
  who: string,
): Promise<ProviderResponse> {
  try {
    const answer = await requestPublicHost(url, { ...init, allowPrivate: false });
    return { status: answer.status, headers: answer.headers, body: parseBody(answer.text) };
  } catch (error) {
    if (error instanceof PrivateAddressError)
      throw new AccountingRejected(
        `Minutely does not connect to private or local network addresses (${who} is ${error.address}).`,
      );
    throw new AccountingUnavailable(noAnswerText(who, error, init.timeoutMs));
  }
}

/** "400 ms" under a second, else "15 s". */
export function deadlineText(timeoutMs: number): string {
  return timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export type OAuthTokenRequest = {
  url: string;
  clientId: string;
  clientSecret: string;
  /** "basic": client credentials in an Authorization: Basic header; "body": as form fields. */
  clientAuthentication: "basic" | "body";
  /** grant_type=authorization_code (code, redirect_uri) or refresh_token (refresh_token). */
  params: Record<string, string>;
  timeoutMs: number;
  /** Used when the token endpoint does not say how long the access token lives. */
  defaultLifetimeSeconds?: number;
  /** The answer's field with the refresh token's lifetime in seconds, for a provider that sends one (QuickBooks). */
  refreshLifetimeField?: string;
  /** Who the messages name ("QuickBooks' token endpoint"); "The token endpoint" by default. */
  who?: string;
  /** The provider's own words for a refused or failed answer (429 and every status from 400); the generic ones otherwise. */
  failure?: (answer: { status: number; body: Record<string, unknown>; retryAfter: string | null }) => AccountingFailure;
  now?: () => number;
};

/** An OAuth client's HTTP Basic credentials (RFC 6749 §2.3.1: each part form-encoded first). */
export function basicClientAuthorization(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString("base64")}`;
}

/**
 * The OAuth 2.0 token endpoint (RFC 6749 §4.1.3 and §6), form-encoded. invalid_grant (a spent or
 * revoked refresh token, an expired code) means the user must reconnect: AccountingUnauthorized.
 */
export async function oauthTokenRequest(request: OAuthTokenRequest): Promise<OAuthTokens> {
  const form = new URLSearchParams(request.params);
  const headers: Record<string, string> = {
    accept: "application/json",
    "content-type": "application/x-www-form-urlencoded",
  };
  if (request.clientAuthentication === "basic")
    headers.authorization = basicClientAuthorization(request.clientId, request.clientSecret);
  else {
    form.set("client_id", request.clientId);
    form.set("client_secret", request.clientSecret);
  }
  const who = request.who ?? "The token endpoint";
  const response = await fetchWithDeadline(
    request.url,
    { method: "POST", headers, body: form.toString(), timeoutMs: request.timeoutMs },
    request.who,
  );
  const body = (response.body ?? {}) as Record<string, unknown>;
  if (request.failure && (response.status === 429 || response.status >= 400))
    throw request.failure({ status: response.status, body, retryAfter: response.headers.get("retry-after") });
  if (response.status === 429)
    throw new AccountingRateLimited(
      "The token endpoint asked us to slow down (429).",
      retryAfterSeconds(response.headers.get("retry-after"), new Date()),
    );
  if (response.status >= 500) throw new AccountingUnavailable(`The token endpoint answered ${response.status}.`);
  if (response.status >= 400) {
    const code = typeof body.error === "string" ? body.error : `HTTP ${response.status}`;
    const words = typeof body.error_description === "string" ? `: ${body.error_description}` : "";
    if (code === "invalid_grant" || code === "invalid_client" || response.status === 401)
      throw new AccountingUnauthorized(`The provider refused the authorisation (${code}${words}). Reconnect the integration.`);
    throw new AccountingRejected(`The provider refused the token request (${code}${words}).`, response.status);
  }
  if (typeof body.access_token !== "string" || typeof body.refresh_token !== "string")
    throw new AccountingUnavailable(`${who} answered without tokens.`);
  const now = (request.now ?? Date.now)();
  const lifetime = typeof body.expires_in === "number" ? body.expires_in : (request.defaultLifetimeSeconds ?? 3600);
  const refreshLifetime = request.refreshLifetimeField ? body[request.refreshLifetimeField] : undefined;
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    accessTokenExpiresAt: now + lifetime * 1000,
    refreshTokenExpiresAt: typeof refreshLifetime === "number" ? now + refreshLifetime * 1000 : null,
  };
}

/** The provider's host, or the configured stand-in base with the same path. */
export function endpointUrl(baseUrl: string | undefined, defaultOrigin: string, path: string): string {
  return `${baseUrl ?? defaultOrigin}${path}`;
}

/**
 * A session for the one call made during OAuth consent (the business or organisation behind the new
 * token), before the integration row holds the tokens: no renewal, no shared rate-limit slot.
 */
export function consentSession(
  provider: AccountingSession["provider"],
  endpoints: AccountingSession["endpoints"],
  accessToken: string,
  timeoutMs: number,
): AccountingSession {
  return {
    integrationId: 0,
    provider,
    config: {},
    secrets: {},
    endpoints,
    timeoutMs,
    accessToken: async () => accessToken,
    renewAccessToken: async () => {
      throw new AccountingUnauthorized(`${provider} refused the token it has just issued.`);
    },
    beforeRequest: async () => {},
    rateLimited: async () => {},
  };
}

/** A token endpoint's fixed part: everything of OAuthTokenRequest but the grant. */
export type OAuthTokenEndpoint = Omit<OAuthTokenRequest, "params">;

/** RFC 6749 §4.1.3: the authorization code (and the redirect URI it was issued for) for the first tokens. */
export function authorizationCodeGrant(endpoint: OAuthTokenEndpoint, code: string, redirectUri: string): Promise<OAuthTokens> {
  return oauthTokenRequest({ ...endpoint, params: { grant_type: "authorization_code", code, redirect_uri: redirectUri } });
}

/** RFC 6749 §6: a refresh token for new tokens. */
export function refreshTokenGrant(endpoint: OAuthTokenEndpoint, refreshToken: string): Promise<OAuthTokens> {
  return oauthTokenRequest({ ...endpoint, params: { grant_type: "refresh_token", refresh_token: refreshToken } });
}
