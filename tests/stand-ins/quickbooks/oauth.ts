import { randomBytes } from "node:crypto";
import type { Answer } from "./answers.js";

/**
 * Intuit's OAuth 2.0 server as the stand-in plays it: the consent page (which consents at once and
 * redirects with code, state and realmId), the token endpoint (authorization_code and refresh_token
 * grants, client authenticated with HTTP Basic, access tokens valid an hour, a new refresh token on
 * every refresh) and the revoke endpoint. By default stricter than Intuit, on purpose: a refresh
 * token works once, so any double spend shows up as a failure (`refreshTokenGraceMs` lets a spent
 * one work again for that long, as Intuit honours the previous token for 24 hours). Every
 * presentation of each refresh token is counted.
 */
type Grant = { realmId: string; clientId: string; revoked: boolean };
type AccessToken = { grant: Grant; expiresAt: number; expired: boolean };
type RefreshToken = { grant: Grant; spentAt: number | null };
type Code = { clientId: string; redirectUri: string; realmId: string; used: boolean };

export const ACCESS_TOKEN_SECONDS = 3600;
const REFRESH_TOKEN_SECONDS = 8_726_400; // 101 days, as Intuit answers

const SCOPE = "com.intuit.quickbooks.accounting";

export class QuickBooksOAuth {
  readonly clients = new Map<string, string>();
  readonly spends = new Map<string, number>();
  readonly #codes = new Map<string, Code>();
  readonly #access = new Map<string, AccessToken>();
  readonly #refresh = new Map<string, RefreshToken>();

  constructor(
    readonly realmId: () => string,
    readonly now: () => number,
    readonly refreshTokenGraceMs = 0,
  ) {}

  /** GET /connect/oauth2: consents at once (a browser journey sees an immediate redirect). */
  consent(query: URLSearchParams): Answer {
    const clientId = query.get("client_id") ?? "";
    const redirectUri = query.get("redirect_uri") ?? "";
    if (!this.clients.has(clientId)) return page(400, "invalid_client: this app is not known to QuickBooks");
    if (query.get("response_type") !== "code" || !redirectUri) return page(400, "invalid_request");
    if (!(query.get("scope") ?? "").split(" ").includes(SCOPE)) return page(400, "invalid_scope");
    const code = token("qbo-code");
    const realmId = this.realmId();
    this.#codes.set(code, { clientId, redirectUri, realmId, used: false });
    const target = new URL(redirectUri);
    target.searchParams.set("code", code);
    target.searchParams.set("state", query.get("state") ?? "");
    target.searchParams.set("realmId", realmId);
    return { status: 302, body: "", headers: { location: target.toString() } };
  }

  /** POST /oauth2/v1/tokens/bearer. */
  token(authorization: string | undefined, form: URLSearchParams): Answer {
    const clientId = this.authenticate(authorization);
    if (!clientId) return { status: 401, body: { error: "invalid_client" } };
    const grantType = form.get("grant_type");
    if (grantType === "authorization_code") {
      const code = this.#codes.get(form.get("code") ?? "");
      if (!code || code.used || code.clientId !== clientId || code.redirectUri !== form.get("redirect_uri"))
        return { status: 400, body: { error: "invalid_grant" } };
      code.used = true;
      return this.issue({ realmId: code.realmId, clientId, revoked: false });
    }
    if (grantType === "refresh_token") {
      const presented = form.get("refresh_token") ?? "";
      this.spends.set(presented, (this.spends.get(presented) ?? 0) + 1);
      const refresh = this.#refresh.get(presented);
      if (!refresh || refresh.grant.revoked || refresh.grant.clientId !== clientId || this.spentLongAgo(refresh))
        return { status: 400, body: { error: "invalid_grant" } };
      refresh.spentAt ??= this.now();
      return this.issue(refresh.grant);
    }
    return { status: 400, body: { error: "unsupported_grant_type" } };
  }

  /** POST /v2/oauth2/tokens/revoke: either token of a grant ends the whole grant. */
  revoke(authorization: string | undefined, body: Record<string, unknown>): Answer {
    if (!this.authenticate(authorization)) return { status: 401, body: { error: "invalid_client" } };
    const presented = typeof body.token === "string" ? body.token : "";
    const grant = this.#access.get(presented)?.grant ?? this.#refresh.get(presented)?.grant;
    if (!grant) return { status: 400, body: { error: "invalid_request" } };
    grant.revoked = true;
    return { status: 200, body: "" };
  }

  /** The realm a bearer may use, or null when it is unknown, expired or revoked (QuickBooks answers 401). */
  realmOf(bearer: string): string | null {
    const access = this.#access.get(bearer);
    if (!access || access.expired || access.grant.revoked || access.expiresAt <= this.now()) return null;
    return access.grant.realmId;
  }

  expire(bearer: string): void {
    const access = this.#access.get(bearer);
    if (access) access.expired = true;
  }

  expireAll(): void {
    for (const access of this.#access.values()) access.expired = true;
  }

  private spentLongAgo(refresh: RefreshToken): boolean {
    if (refresh.spentAt === null) return false;
    return this.refreshTokenGraceMs <= 0 || this.now() - refresh.spentAt > this.refreshTokenGraceMs;
  }

  private authenticate(authorization: string | undefined): string | null {
    const match = /^Basic (.+)$/i.exec(authorization ?? "");
    if (!match) return null;
    const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    const clientId = decoded.slice(0, colon);
    const secret = decoded.slice(colon + 1);
    return colon > 0 && this.clients.get(clientId) === secret ? clientId : null;
  }

  private issue(grant: Grant): Answer {
    const accessToken = token("qbo-at");
    const refreshToken = token("qbo-rt");
    this.#access.set(accessToken, { grant, expiresAt: this.now() + ACCESS_TOKEN_SECONDS * 1000, expired: false });
    this.#refresh.set(refreshToken, { grant, spentAt: null });
    return {
      status: 200,
      body: {
        token_type: "bearer",
        access_token: accessToken,
        refresh_token: refreshToken,
        expires_in: ACCESS_TOKEN_SECONDS,
        x_refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
      },
    };
  }
}

function token(prefix: string): string {
  return `${prefix}-${randomBytes(18).toString("base64url")}`;
}

function page(status: number, message: string): Answer {
  return { status, body: `<!doctype html><title>QuickBooks</title><p>${message}</p>`, headers: { "content-type": "text/html" } };
}
