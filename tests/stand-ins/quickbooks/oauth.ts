import { type BaseGrant, randomToken, TokenGrants } from "../accounting/token-grants.js";
import type { Answer } from "./answers.js";

/**
 * Intuit's OAuth 2.0 server as the stand-in plays it: the consent page (which consents at once and
 * redirects with code, state and realmId), the token endpoint (authorization_code and refresh_token
 * grants, client authenticated with HTTP Basic, access tokens valid an hour, a new refresh token on
 * every refresh) and the revoke endpoint. Tokens, single-use refresh tokens and their grace period
 * (Intuit honours the previous token for 24 hours; `refreshTokenGraceMs`, off by default) are kept
 * by TokenGrants.
 */
type Grant = BaseGrant & { realmId: string };
type Code = { clientId: string; redirectUri: string; realmId: string; used: boolean };

export const ACCESS_TOKEN_SECONDS = 3600;
const REFRESH_TOKEN_SECONDS = 8_726_400; // 101 days, as Intuit answers

const SCOPE = "com.intuit.quickbooks.accounting";

export class QuickBooksOAuth extends TokenGrants<Grant> {
  readonly #codes = new Map<string, Code>();

  constructor(
    readonly realmId: () => string,
    now: () => number,
    refreshTokenGraceMs = 0,
  ) {
    super("qbo", ACCESS_TOKEN_SECONDS, now, refreshTokenGraceMs);
  }

  /** GET /connect/oauth2: consents at once (a browser journey sees an immediate redirect). */
  consent(query: URLSearchParams): Answer {
    const clientId = query.get("client_id") ?? "";
    const redirectUri = query.get("redirect_uri") ?? "";
    if (!this.clients.has(clientId)) return page(400, "invalid_client: this app is not known to QuickBooks");
    if (query.get("response_type") !== "code" || !redirectUri) return page(400, "invalid_request");
    if (!(query.get("scope") ?? "").split(" ").includes(SCOPE)) return page(400, "invalid_scope");
    const code = randomToken("qbo-code");
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
      const grant = this.spendRefresh(form.get("refresh_token") ?? "", clientId);
      return grant ? this.issue(grant) : { status: 400, body: { error: "invalid_grant" } };
    }
    return { status: 400, body: { error: "unsupported_grant_type" } };
  }

  /** POST /v2/oauth2/tokens/revoke: either token of a grant ends the whole grant. */
  revoke(authorization: string | undefined, body: Record<string, unknown>): Answer {
    if (!this.authenticate(authorization)) return { status: 401, body: { error: "invalid_client" } };
    const grant = this.grantOfAnyToken(typeof body.token === "string" ? body.token : "");
    if (!grant) return { status: 400, body: { error: "invalid_request" } };
    grant.revoked = true;
    return { status: 200, body: "" };
  }

  /** The realm a bearer may use, or null when it is unknown, expired or revoked (QuickBooks answers 401). */
  realmOf(bearer: string): string | null {
    return this.grantOf(bearer)?.realmId ?? null;
  }

  private issue(grant: Grant): Answer {
    const { accessToken, refreshToken } = this.mint(grant);
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

function page(status: number, message: string): Answer {
  return { status, body: `<!doctype html><title>QuickBooks</title><p>${message}</p>`, headers: { "content-type": "text/html" } };
}
