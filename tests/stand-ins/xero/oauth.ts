import { randomBytes, randomUUID } from "node:crypto";
import { type Answer, identityError } from "./answers.js";

/**
 * Xero's identity server as the stand-in plays it: the consent page (consents at once and redirects
 * with code and state, so a browser journey passes straight through), the token endpoint
 * (authorization_code and refresh_token grants, client authenticated with HTTP Basic, access tokens
 * valid 30 minutes), revocation, and the connections list. Refresh tokens are single use, as Xero
 * documents: a spent one answers invalid_grant, and every presentation is counted, so two workers
 * refreshing at once show up as a double spend. Xero also honours a spent refresh token again for 30
 * minutes, for a client whose answer was lost; the stand-in does so only when `graceSeconds` is set
 * (strict by default, so that any double spend fails loudly).
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

type Grant = { clientId: string; connections: Connection[]; revoked: boolean };
type AccessToken = { grant: Grant; expiresAt: number; expired: boolean };
type RefreshToken = { grant: Grant; spentAt: number | null };
type Code = { clientId: string; redirectUri: string; used: boolean };

export const ACCESS_TOKEN_SECONDS = 1800;

export class XeroIdentity {
  readonly clients = new Map<string, string>();
  readonly spends = new Map<string, number>();
  readonly #codes = new Map<string, Code>();
  readonly #access = new Map<string, AccessToken>();
  readonly #refresh = new Map<string, RefreshToken>();

  constructor(
    /** The organisations a new consent connects (the user ticks them on Xero's page). */
    readonly organisations: () => { tenantId: string; name: string }[],
    readonly now: () => number,
    readonly graceSeconds = 0,
  ) {}

  /** GET /identity/connect/authorize. */
  consent(query: URLSearchParams): Answer {
    const clientId = query.get("client_id") ?? "";
    const redirectUri = query.get("redirect_uri") ?? "";
    if (!this.clients.has(clientId)) return page(400, "unauthorized_client: Invalid client_id");
    if (query.get("response_type") !== "code" || !redirectUri) return page(400, "invalid_request");
    const scopes = (query.get("scope") ?? "").split(" ");
    if (!scopes.includes("offline_access") || !scopes.some((scope) => scope.startsWith("accounting.")))
      return page(400, "invalid_scope");
    const code = token("xero-code");
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
      const presented = form.get("refresh_token") ?? "";
      this.spends.set(presented, (this.spends.get(presented) ?? 0) + 1);
      const refresh = this.#refresh.get(presented);
      const inGrace = refresh?.spentAt != null && this.now() - refresh.spentAt <= this.graceSeconds * 1000;
      if (!refresh || (refresh.spentAt !== null && !inGrace) || refresh.grant.revoked || refresh.grant.clientId !== clientId)
        return identityError(400, "invalid_grant");
      refresh.spentAt ??= this.now();
      return this.issue(refresh.grant);
    }
    return identityError(400, "unsupported_grant_type");
  }

  /** POST /connect/revocation: revoking the refresh token ends the grant and its access tokens. */
  revoke(authorization: string | undefined, form: URLSearchParams): Answer {
    if (!this.authenticate(authorization)) return identityError(400, "invalid_client");
    const refresh = this.#refresh.get(form.get("token") ?? "");
    if (refresh) refresh.grant.revoked = true;
    return { status: 200, body: "" };
  }

  /** The grant behind a bearer, or null when it is unknown, expired or revoked (Xero answers 401). */
  grantOf(bearer: string): Grant | null {
    const access = this.#access.get(bearer);
    if (!access || access.expired || access.grant.revoked || access.expiresAt <= this.now()) return null;
    return access.grant;
  }

  /** Whether the bearer may use this organisation (the xero-tenant-id header). */
  allows(bearer: string, tenantId: string): boolean {
    return this.grantOf(bearer)?.connections.some((connection) => connection.tenantId === tenantId) ?? false;
  }

  expireAll(): void {
    for (const access of this.#access.values()) access.expired = true;
  }

  private authenticate(authorization: string | undefined): string | null {
    const match = /^Basic (.+)$/i.exec(authorization ?? "");
    if (!match) return null;
    const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    const clientId = decoded.slice(0, colon);
    return colon > 0 && this.clients.get(clientId) === decoded.slice(colon + 1) ? clientId : null;
  }

  private issue(grant: Grant): Answer {
    const accessToken = token("xero-at");
    const refreshToken = token("xero-rt");
    this.#access.set(accessToken, { grant, expiresAt: this.now() + ACCESS_TOKEN_SECONDS * 1000, expired: false });
    this.#refresh.set(refreshToken, { grant, spentAt: null });
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

function token(prefix: string): string {
  return `${prefix}-${randomBytes(18).toString("base64url")}`;
}

function page(status: number, message: string): Answer {
  return { status, body: `<!doctype html><title>Xero</title><p>${message}</p>`, headers: { "content-type": "text/html" } };
}
