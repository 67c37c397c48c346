import {
  AccountingRateLimited,
  AccountingRejected,
  AccountingUnauthorized,
  AccountingUnavailable,
  retryAfterSeconds,
} from "../../accounting-errors.js";
import { fetchWithDeadline } from "../../http.js";
import type { OAuthConnection, OAuthTokens, ProviderEndpoints } from "../../provider.js";
import { XERO_SCOPES, xeroUrls } from "./xero-endpoints.js";

/**
 * Xero's OAuth 2.0 code flow (identity.xero.com). These few form posts go through fetch rather than
 * xero-node's XeroClient, on purpose: XeroClient discovers its issuer at the fixed
 * https://identity.xero.com and posts tokens to, and lists connections at, fixed Xero URLs with the
 * process-wide axios and no time-out. None of that can be pointed at XERO_BASE_URL or bounded by our
 * deadline without patching the shared axios for the whole server, and `authorizationUrl` must be
 * synchronous (discovery is a request). The wire format is Xero's documented one either way.
 */

/** Xero documents 60 days for a refresh token (not sent in the answer); each one works once. */
const REFRESH_TOKEN_DAYS = 60;

export function xeroAuthorizationUrl(input: {
  clientId: string;
  redirectUri: string;
  state: string;
  endpoints: ProviderEndpoints;
}): string {
  const url = new URL(xeroUrls(input.endpoints).authorize);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", input.clientId);
  url.searchParams.set("redirect_uri", input.redirectUri);
  url.searchParams.set("scope", XERO_SCOPES.join(" "));
  url.searchParams.set("state", input.state);
  return url.toString();
}

type TokenAnswer = { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown };

export async function exchangeXeroCode(input: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  code: string;
  endpoints: ProviderEndpoints;
  timeoutMs: number;
}): Promise<OAuthConnection> {
  if (!input.code) throw new AccountingRejected("Xero did not send an authorisation code: connect Xero again");
  const tokens = await tokenRequest(input, {
    grant_type: "authorization_code",
    code: input.code,
    redirect_uri: input.redirectUri,
  });
  const tenant = await firstOrganisation(tokens.accessToken, input.endpoints, input.timeoutMs);
  return { tokens, config: { tenantId: tenant.tenantId }, organisationName: tenant.tenantName };
}

/** Spends `refreshToken` once: Xero refresh tokens are single use, so the caller stores the new one at once. */
export function refreshXeroTokens(input: {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  endpoints: ProviderEndpoints;
  timeoutMs: number;
}): Promise<OAuthTokens> {
  return tokenRequest(input, { grant_type: "refresh_token", refresh_token: input.refreshToken });
}

/**
 * Removes this organisation's connection from the app (DELETE /connections/{id}, what XeroClient's
 * `disconnect` does): the token store keeps no refresh token we could hand to /connect/revocation
 * here, and removing the connection is what ends our access to that organisation.
 */
export async function disconnectXeroTenant(input: {
  accessToken: string;
  tenantId: string;
  endpoints: ProviderEndpoints;
  timeoutMs: number;
}): Promise<void> {
  const url = xeroUrls(input.endpoints).connections;
  const headers = { authorization: `Bearer ${input.accessToken}` };
  const listed = await send(url, { headers }, input.timeoutMs);
  if (listed.status >= 400) throw failure("listing the connected organisations", listed);
  const connections = (Array.isArray(listed.data) ? listed.data : []) as { id?: unknown; tenantId?: unknown }[];
  const connection = connections.find((c) => c.tenantId === input.tenantId && typeof c.id === "string");
  if (!connection) return;
  const removed = await send(
    `${url}/${encodeURIComponent(String(connection.id))}`,
    { method: "DELETE", headers },
    input.timeoutMs,
  );
  if (removed.status >= 400) throw failure("removing the connection", removed);
}

type Connection = { tenantId: string; tenantName: string | null; tenantType: string; updatedDateUtc: string };

/** The organisation the user just connected: Xero lists the most recently updated connection first. */
async function firstOrganisation(
  accessToken: string,
  endpoints: ProviderEndpoints,
  timeoutMs: number,
): Promise<{ tenantId: string; tenantName: string | null }> {
  const answer = await send(xeroUrls(endpoints).connections, { headers: { authorization: `Bearer ${accessToken}` } }, timeoutMs);
  if (answer.status >= 400) throw failure("listing the connected organisations", answer);
  const connections = (Array.isArray(answer.data) ? answer.data : []) as Partial<Connection>[];
  const organisations = connections
    .filter((c): c is Connection => typeof c.tenantId === "string" && c.tenantType === "ORGANISATION")
    .sort((a, b) => Date.parse(b.updatedDateUtc ?? "") - Date.parse(a.updatedDateUtc ?? ""));
  const first = organisations[0];
  if (!first) throw new AccountingRejected("No Xero organisation was connected: choose an organisation when connecting Xero");
  return { tenantId: first.tenantId, tenantName: typeof first.tenantName === "string" ? first.tenantName : null };
}

async function tokenRequest(
  client: { clientId: string; clientSecret: string; endpoints: ProviderEndpoints; timeoutMs: number },
  form: Record<string, string>,
): Promise<OAuthTokens> {
  const answer = await post(xeroUrls(client.endpoints).token, client, form, client.timeoutMs);
  if (answer.status >= 400) throw failure("the token request", answer);
  const body = (answer.data ?? {}) as TokenAnswer;
  if (typeof body.access_token !== "string" || typeof body.refresh_token !== "string")
    throw new AccountingUnavailable("Xero's token endpoint answered without tokens");
  const now = Date.now();
  const expiresIn = typeof body.expires_in === "number" && body.expires_in > 0 ? body.expires_in : 1800;
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    accessTokenExpiresAt: now + expiresIn * 1000,
    refreshTokenExpiresAt: now + REFRESH_TOKEN_DAYS * 86_400_000,
  };
}

type Answer = { status: number; data: unknown; retryAfter: string | null };

function post(
  url: string,
  client: { clientId: string; clientSecret: string },
  form: Record<string, string>,
  timeoutMs: number,
): Promise<Answer> {
  const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64");
  return send(
    url,
    {
      method: "POST",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    },
    timeoutMs,
  );
}

async function send(url: string, init: RequestInit, timeoutMs: number): Promise<Answer> {
  const response = await fetchWithDeadline(
    url,
    {
      method: init.method ?? "GET",
      headers: { accept: "application/json", ...(init.headers as Record<string, string>) },
      body: typeof init.body === "string" ? init.body : undefined,
      timeoutMs,
    },
    "Xero",
  );
  return { status: response.status, data: response.body, retryAfter: response.headers.get("retry-after") };
}

/** invalid_grant (a spent, expired or revoked refresh token, or a used code) and invalid_client need the user to reconnect. */
function failure(what: string, answer: Answer): Error {
  const error = (answer.data as { error?: unknown } | null)?.error;
  const code = typeof error === "string" ? error : null;
  if (answer.status === 429) {
    const seconds = retryAfterSeconds(answer.retryAfter, new Date(), 60);
    return new AccountingRateLimited(`Xero is limiting requests; retrying in ${seconds} s`, seconds);
  }
  if (answer.status >= 500) return new AccountingUnavailable(`Xero answered ${answer.status} to ${what}`);
  if (code === "invalid_grant" || code === "invalid_client" || code === "unauthorized_client" || answer.status === 401)
    return new AccountingUnauthorized(`Xero refused ${what} (${code ?? `HTTP ${answer.status}`}): reconnect Xero`);
  return new AccountingRejected(`Xero refused ${what} (${code ?? `HTTP ${answer.status}`})`, answer.status);
}
