import { randomBytes, randomUUID } from "node:crypto";
import { type BaseGrant, randomToken, TokenGrants } from "../accounting/token-grants.js";
import { type Answer, identityError } from "./answers.js";

/**
 * Xero's identity server as the stand-in plays it: the consent page (consents at once and redirects
 * with code and state, so a browser journey passes straight through), the token endpoint
 * (authorization_code and refresh_token grants, client authenticated with HTTP Basic, access tokens
 * valid 30 minutes), revocation, and the connections list. Refresh tokens are single use, as Xero
 * documents; TokenGrants counts every presentation and keeps Xero's 30-minute grace for a spent one
 * (only when `graceSeconds` is set: strict by default, so that any double spend fails loudly).
 */
export type Connection = {
  id: string;
  authEventId: string;
  tenantId: string;
  tenantName: string;
  tenantType: "ORGANISATION";
  createdDateUtc: string;
  updatedDateUtc: string;
};

type Grant = BaseGrant & { connections: Connection[] };
type Code = { clientId: string; redirectUri: string; used: boolean };

export const ACCESS_TOKEN_SECONDS = 1800;

export class XeroIdentity extends TokenGrants<Grant> {
  readonly #codes = new Map<string, Code>();

  constructor(
    /** The organisations a new consent connects (the user ticks them on Xero's page). */
    readonly organisations: () => { tenantId: string; name: string }[],
    now: () => number,
    graceSeconds = 0,
  ) {
    super("xero", ACCESS_TOKEN_SECONDS, now, graceSeconds * 1000);
  }

  /** GET /identity/connect/authorize. */
  consent(query: URLSearchParams): Answer {
    const clientId = query.get("client_id") ?? "";
    const redirectUri = query.get("redirect_uri") ?? "";
    if (!this.clients.has(clientId)) return page(400, "unauthorized_client: Invalid client_id");
    if (query.get("response_type") !== "code" || !redirectUri) return page(400, "invalid_request");
    const scopes = (query.get("scope") ?? "").split(" ");
    if (!scopes.includes("offline_access") || !scopes.some((scope) => scope.startsWith("accounting.")))
      return page(400, "invalid_scope");
    const code = randomToken("xero-code");
    this.#codes.set(code, { clientId, redirectUri, used: false });
    const target = new URL(redirectUri);
    target.searchParams.set("code", code);
    target.searchParams.set("scope", scopes.join(" "));
    target.searchParams.set("state", query.get("state") ?? "");
    target.searchParams.set("session_state", randomBytes(8).toString("hex"));
    return { status: 302, body: "", headers: { location: target.toString() } };
  }

  /** POST /connect/token. */
  token(authorization: string | undefined, form: URLSearchParams): Answer {
    const clientId = this.authenticate(authorization);
    if (!clientId) return identityError(400, "invalid_client");
    const grantType = form.get("grant_type");
    if (grantType === "authorization_code") {
      const code = this.#codes.get(form.get("code") ?? "");
      if (!code || code.used || code.clientId !== clientId || code.redirectUri !== form.get("redirect_uri"))
        return identityError(400, "invalid_grant");
      code.used = true;
      const at = new Date(this.now()).toISOString();
      const authEventId = randomUUID();
      const connections = this.organisations().map((organisation) => ({
        id: randomUUID(),
        authEventId,
        tenantId: organisation.tenantId,
        tenantName: organisation.name,
        tenantType: "ORGANISATION" as const,
        createdDateUtc: at,
        updatedDateUtc: at,
      }));
      return this.issue({ clientId, connections, revoked: false });
    }
    if (grantType === "refresh_token") {
      const grant = this.spendRefresh(form.get("refresh_token") ?? "", clientId);
      return grant ? this.issue(grant) : identityError(400, "invalid_grant");
    }
    return identityError(400, "unsupported_grant_type");
  }

  /** POST /connect/revocation: revoking the refresh token ends the grant and its access tokens. */
  revoke(authorization: string | undefined, form: URLSearchParams): Answer {
    if (!this.authenticate(authorization)) return identityError(400, "invalid_client");
    const grant = this.grantOfRefreshToken(form.get("token") ?? "");
    if (grant) grant.revoked = true;
    return { status: 200, body: "" };
  }

  /** Whether the bearer may use this organisation (the xero-tenant-id header). */
  allows(bearer: string, tenantId: string): boolean {
    return this.grantOf(bearer)?.connections.some((connection) => connection.tenantId === tenantId) ?? false;
  }

  private issue(grant: Grant): Answer {
    const { accessToken, refreshToken } = this.mint(grant);
    return {
      status: 200,
      body: {
        access_token: accessToken,
        refresh_token: refreshToken,
        expires_in: ACCESS_TOKEN_SECONDS,
        token_type: "Bearer",
        scope: "offline_access accounting.contacts accounting.invoices accounting.payments accounting.settings.read",
      },
    };
  }
}

function page(status: number, message: string): Answer {
  return { status, body: `<!doctype html><title>Xero</title><p>${message}</p>`, headers: { "content-type": "text/html" } };
}
