import { createHash } from "node:crypto";
import type {
  ConfidentialClientApplication,
  INetworkModule,
  NetworkRequestOptions,
  NetworkResponse,
} from "@azure/msal-node";
import { onFirstUse } from "../../http/on-first-use.js";

/** msal-node, loaded when Teams is first used (http/on-first-use.ts). */
const msal = onFirstUse<typeof import("@azure/msal-node")>("@azure/msal-node");
import type { Config } from "../../config.js";
import { type MicrosoftFetch, microsoftFetch } from "./microsoft-fetch.js";

/**
 * App-only tokens for Microsoft Graph from Microsoft's identity platform
 * (docs/teams.md): msal-node's ConfidentialClientApplication.acquireTokenByClientCredential with
 * scope https://graph.microsoft.com/.default, against `config.microsoft.authorityHost`.
 */
export const GRAPH_SCOPE = "https://graph.microsoft.com/.default";

export type TeamsCredentials = { tenantId: string; clientId: string; clientSecret: string };

/** Microsoft refused or could not be reached; `message` is Microsoft's own text (AADSTS…) or the network failure. */
export class MicrosoftAuthError extends Error {}

/** How long one token request may take before the test says so. */
const TOKEN_TIMEOUT_MS = 10_000;

/** msal's network module over our fetch (so a test's trusted CA applies), answering what msal expects. */
function networkModule(fetchFn: MicrosoftFetch): INetworkModule {
  const send = async <T>(method: "GET" | "POST", url: string, options?: NetworkRequestOptions): Promise<NetworkResponse<T>> => {
    const response = await fetchFn(url, {
      method,
      headers: options?.headers,
      body: method === "POST" ? (options?.body ?? "") : undefined,
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      headers[key] = value;
    });
    return { headers, body: (await response.json()) as T, status: response.status };
  };
  return {
    sendGetRequestAsync: (url, options) => send("GET", url, options),
    sendPostRequestAsync: (url, options) => send("POST", url, options),
  };
}

/**
 * The authority's metadata, given to msal instead of letting it fetch instance discovery and the
 * OpenID configuration: the token endpoint is all the client-credentials flow uses, it saves two
 * round trips per application, and a stand-in host is accepted without being a known cloud.
 */
function authorityOptions(authorityHost: string, tenantId: string) {
  const host = new URL(authorityHost).host;
  const base = `${authorityHost}/${tenantId}`;
  return {
    authority: base,
    knownAuthorities: [host],
    cloudDiscoveryMetadata: JSON.stringify({
      tenant_discovery_endpoint: `${base}/v2.0/.well-known/openid-configuration`,
      "api-version": "1.1",
      metadata: [{ preferred_network: host, preferred_cache: host, aliases: [host] }],
    }),
    authorityMetadata: JSON.stringify({
      token_endpoint: `${base}/oauth2/v2.0/token`,
      authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
      end_session_endpoint: `${base}/oauth2/v2.0/logout`,
      issuer: `${authorityHost}/${tenantId}/v2.0`,
      jwks_uri: `${authorityHost}/${tenantId}/discovery/v2.0/keys`,
      token_endpoint_auth_methods_supported: ["client_secret_post", "private_key_jwt", "client_secret_basic"],
      response_types_supported: ["code", "id_token", "code id_token", "id_token token"],
      scopes_supported: ["openid", "profile", "email", "offline_access"],
      http_logout_supported: true,
      frontchannel_logout_supported: true,
    }),
  };
}

/**
 * One msal application per (host, tenant, client, secret) in this process, so its in-memory token
 * cache serves repeated requests (a token lives about an hour). Only a cache: another instance asks
 * Microsoft itself. The key holds a hash of the secret, never the secret.
 */
const applications = new Map<string, ConfidentialClientApplication>();
const MAX_APPLICATIONS = 200;

function applicationFor(config: Pick<Config, "microsoft">, credentials: TeamsCredentials): ConfidentialClientApplication {
  const secretHash = createHash("sha256").update(credentials.clientSecret).digest("base64url");
  const key = [config.microsoft.authorityHost, credentials.tenantId, credentials.clientId, secretHash].join(" ");
  const found = applications.get(key);
  if (found) return found;
  if (applications.size >= MAX_APPLICATIONS) applications.delete(applications.keys().next().value!);
  const application = new (msal().ConfidentialClientApplication)({
    auth: {
      clientId: credentials.clientId,
      clientSecret: credentials.clientSecret,
      ...authorityOptions(config.microsoft.authorityHost, credentials.tenantId),
    },
    system: { networkClient: networkModule(microsoftFetch(config)), disableInternalRetries: true },
  });
  applications.set(key, application);
  return application;
}

/** Microsoft's words from an msal error: the AADSTS text without the trace lines, else the failure itself. */
export function microsoftErrorText(error: unknown): string {
  if (error instanceof msal().AuthError) {
    // msal writes "Error(s): 7000215 - Timestamp: … - Description: AADSTS7000215: … Trace ID: …".
    const whole = error.errorMessage || error.message || error.errorCode;
    const start = whole.indexOf("AADSTS");
    if (start >= 0)
      return whole
        .slice(start)
        .split(/\s*Trace ID:/)[0]!
        .trim();
    // An answer that is not the identity platform's error JSON (a gateway's 503, a proxy's page).
    const status = "status" in error && typeof error.status === "number" ? ` (HTTP ${error.status})` : "";
    if (/Description: Not Available/.test(whole) || !whole.trim())
      return `Microsoft's identity platform could not issue a token${status}: ${error.errorCode || "no error details"}`;
    return whole.trim();
  }
  if (error instanceof Error && error.name === "TimeoutError") return "Microsoft's identity platform did not answer in time";
  return error instanceof Error ? error.message : String(error);
}

/**
 * An app-only Graph token, or MicrosoftAuthError with Microsoft's own message. `fresh` skips msal's
 * cache (Graph said the cached token is no longer valid).
 */
export async function acquireGraphToken(
  config: Pick<Config, "microsoft">,
  credentials: TeamsCredentials,
  options: { fresh?: boolean } = {},
): Promise<string> {
  try {
    const result = await applicationFor(config, credentials).acquireTokenByClientCredential({
      scopes: [GRAPH_SCOPE],
      skipCache: options.fresh ?? false,
    });
    if (!result?.accessToken) throw new MicrosoftAuthError("Microsoft's identity platform returned no access token");
    return result.accessToken;
  } catch (error) {
    if (error instanceof MicrosoftAuthError) throw error;
    if (error instanceof msal().AuthError && /network_error|timeout/i.test(`${error.errorCode} ${error.errorMessage}`))
      throw new MicrosoftAuthError(`Microsoft's identity platform (${config.microsoft.authorityHost}) could not be reached`);
    throw new MicrosoftAuthError(microsoftErrorText(error));
  }
}
