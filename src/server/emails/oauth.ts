import { createHash } from "node:crypto";
import { OAUTH_PROVIDERS, type OAuthEmailProvider } from "../../core/contracts/emails.js";
import { AppError } from "../../core/errors.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { OAUTH_STATE_TTL_SECONDS, signOAuthState, spendOAuthState, stateKey } from "../integrations/oauth-state.js";
import { type SecretBox, sign } from "../http/secrets.js";

/**
 * OAuth 2.0 authorization-code flow (with PKCE) for Gmail and Outlook mailboxes, so IMAP signs in
 * with XOAUTH2 instead of an app password. Endpoints are Google's and Microsoft's documented ones;
 * OAUTH_TOKEN_URL_OVERRIDE points the token endpoint at a local stand-in in tests.
 *
 * The `state` is integrations/oauth-state.ts's (signed, bound to the account, the provider and this
 * browser's cookie, spent on the server by the callback). The PKCE verifier is derived from the
 * state's nonce, so nothing needs to be stored between start and callback (any instance can finish it).
 */

type ProviderMeta = {
  oauthName: "google" | "microsoft";
  label: string;
  authorizeUrl: string;
  tokenUrl: string;
  scope: string;
  extraParams: Record<string, string>;
};

export const OAUTH_META: Record<OAuthEmailProvider, ProviderMeta> = {
  gmail: {
    oauthName: "google",
    label: "Google",
    authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    scope: "https://mail.google.com/ openid email",
    extraParams: { access_type: "offline", prompt: "consent" },
  },
  outlook: {
    oauthName: "microsoft",
    label: "Microsoft",
    authorizeUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
    tokenUrl: "https://login.microsoftonline.com/common/oauth2/v2.0/token",
    scope: "offline_access https://outlook.office.com/IMAP.AccessAsUser.All openid email",
    extraParams: { response_mode: "query", prompt: "select_account" },
  },
};

export const OAUTH_STATE_COOKIE = "minutely_mail_oauth";
export { OAUTH_STATE_TTL_SECONDS };
/** Refresh an access token this long before it expires, so a search never starts with a dying token. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

/** "gmail" | "google" → gmail; "outlook" | "microsoft" → outlook; anything else is a 400. */
export function parseOAuthProvider(value: string): OAuthEmailProvider {
  const name = value.toLowerCase();
  if (name === "gmail" || name === "google") return "gmail";
  if (name === "outlook" || name === "microsoft") return "outlook";
  throw new AppError("bad_request", "OAuth sign-in is available for gmail (Google) and outlook (Microsoft) only");
}

export function isOAuthConfigured(config: Config, provider: OAuthEmailProvider): boolean {
  const client = config.oauth[OAUTH_PROVIDERS[provider]];
  return Boolean(client.clientId && client.clientSecret);
}

function oauthClient(config: Config, provider: OAuthEmailProvider): { clientId: string; clientSecret: string } {
  const client = config.oauth[OAUTH_PROVIDERS[provider]];
  if (!client.clientId || !client.clientSecret) {
    const meta = OAUTH_META[provider];
    throw new AppError(
      "conflict",
      `Sign-in with ${meta.label} is not set up on this server (${meta.oauthName.toUpperCase()}_CLIENT_ID and ${meta.oauthName.toUpperCase()}_CLIENT_SECRET). Use an app password instead.`,
    );
  }
  return { clientId: client.clientId, clientSecret: client.clientSecret };
}

export function tokenUrl(config: Config, provider: OAuthEmailProvider): string {
  return config.oauth.tokenUrlOverride || OAUTH_META[provider].tokenUrl;
}

export function callbackPath(provider: OAuthEmailProvider): string {
  return `/api/integrations/email/oauth/${provider}/callback`;
}

/** The authorization URL to send the browser to, and the nonce to put in the state cookie. */
export function startAuthorization(
  config: Config,
  box: SecretBox,
  options: { provider: OAuthEmailProvider; accountId: number; redirectUri: string; now: Date },
): { url: string; nonce: string } {
  const { clientId } = oauthClient(config, options.provider);
  const key = stateKey(box);
  const { state, nonce } = signOAuthState(box, { purpose: options.provider, accountId: options.accountId, now: options.now });
  const meta = OAUTH_META[options.provider];
  const url = new URL(meta.authorizeUrl);
  const params: Record<string, string> = {
    client_id: clientId,
    redirect_uri: options.redirectUri,
    response_type: "code",
    scope: meta.scope,
    state,
    code_challenge: createHash("sha256").update(codeVerifier(key, nonce)).digest("base64url"),
    code_challenge_method: "S256",
    ...meta.extraParams,
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return { url: url.toString(), nonce };
}

function codeVerifier(key: Buffer, nonce: string): string {
  return sign(key, `pkce:${nonce}`);
}

/**
 * Checks the callback's state (integrations/oauth-state.ts: signature, expiry, same account, same
 * provider, same browser) and spends it on the server. Returns the PKCE verifier.
 */
export async function verifyState(
  db: Db,
  box: SecretBox,
  state: string,
  expected: { provider: OAuthEmailProvider; accountId: number; cookieNonce: string | undefined; now: Date },
): Promise<string> {
  const nonce = await spendOAuthState(db, box, state, { ...expected, purpose: expected.provider });
  return codeVerifier(stateKey(box), nonce);
}

export type OAuthTokens = { accessToken: string; refreshToken: string | null; expiresAt: number; email: string | null };

type TokenAnswer = {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number | string;
  id_token?: string;
  error?: string;
  error_description?: string;
};

/** POSTs a form to the token endpoint and reads its JSON; failures become 502s quoting the provider. */
/** The provider refused the code or refresh token itself (invalid_grant): only connecting again helps. */
export class OAuthGrantRefused extends AppError {
  constructor(message: string) {
    super("bad_gateway", message);
  }
}

async function callTokenEndpoint(
  config: Config,
  provider: OAuthEmailProvider,
  form: Record<string, string>,
  now: Date,
): Promise<OAuthTokens> {
  const label = OAUTH_META[provider].label;
  const url = tokenUrl(config, provider);
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new AppError("bad_gateway", `Could not reach ${label}'s sign-in service: ${(error as Error).message}`);
  }
  let answer: TokenAnswer = {};
  try {
    answer = (await response.json()) as TokenAnswer;
  } catch {
    // handled below
  }
  if (!response.ok || !answer.access_token) {
    const reason = answer.error
      ? `${answer.error}${answer.error_description ? `: ${answer.error_description}` : ""}`
      : `HTTP ${response.status}`;
    const message = `${label} refused the sign-in (${reason}). Connect the account again from Settings.`;
    throw answer.error === "invalid_grant" ? new OAuthGrantRefused(message) : new AppError("bad_gateway", message);
  }
  const expiresIn = Number(answer.expires_in ?? 3600);
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? null,
    expiresAt: now.getTime() + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600) * 1000,
    email: emailFromIdToken(answer.id_token),
  };
}

/** Exchanges the authorization code for tokens (and the mailbox's address from the ID token). */
export async function exchangeCode(
  config: Config,
  provider: OAuthEmailProvider,
  options: { code: string; redirectUri: string; codeVerifier: string; now: Date },
): Promise<OAuthTokens> {
  const { clientId, clientSecret } = oauthClient(config, provider);
  return callTokenEndpoint(
    config,
    provider,
    {
      grant_type: "authorization_code",
      code: options.code,
      redirect_uri: options.redirectUri,
      client_id: clientId,
      client_secret: clientSecret,
      code_verifier: options.codeVerifier,
    },
    options.now,
  );
}

/** A new access token from the refresh token. Providers may rotate the refresh token; keep the old one when they do not. */
export async function refreshTokens(
  config: Config,
  provider: OAuthEmailProvider,
  refreshToken: string,
  now: Date,
): Promise<OAuthTokens> {
  const { clientId, clientSecret } = oauthClient(config, provider);
  const tokens = await callTokenEndpoint(
    config,
    provider,
    { grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId, client_secret: clientSecret },
    now,
  );
  return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
}

/**
 * The `email` claim of an ID token received straight from the token endpoint over TLS (OpenID
 * Connect Core §3.1.3.7 allows skipping the signature check in that case).
 */
export function emailFromIdToken(idToken: string | undefined): string | null {
  if (!idToken) return null;
  const payload = idToken.split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
      email?: unknown;
      preferred_username?: unknown;
    };
    const email =
      typeof claims.email === "string"
        ? claims.email
        : typeof claims.preferred_username === "string"
          ? claims.preferred_username
          : null;
    return email?.includes("@") ? email.toLowerCase() : null;
  } catch {
    return null;
  }
}
