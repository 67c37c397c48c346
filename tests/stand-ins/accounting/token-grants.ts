import { randomBytes } from "node:crypto";

/**
 * The token bookkeeping Intuit's and Xero's OAuth 2.0 servers share, as the stand-ins play them:
 * registered clients authenticated with HTTP Basic, access tokens that expire (by the clock or on
 * demand), and refresh tokens that work once. Every presentation of a refresh token is counted in
 * `spends`, so two workers refreshing at once show up as a double spend. Both providers honour a
 * spent refresh token again for a while (Intuit 24 hours, Xero 30 minutes) for a client whose answer
 * was lost; the stand-ins do so only when `graceMs` is set, strict by default so that any double
 * spend fails loudly. Each provider's file keeps its own consent page, grant shape and answers.
 */
export type BaseGrant = { clientId: string; revoked: boolean };

type AccessToken<G> = { grant: G; expiresAt: number; expired: boolean };
type RefreshToken<G> = { grant: G; spentAt: number | null };

export class TokenGrants<G extends BaseGrant> {
  /** Client id → client secret. */
  readonly clients = new Map<string, string>();
  /** Refresh token → how many times it was presented. */
  readonly spends = new Map<string, number>();
  readonly #access = new Map<string, AccessToken<G>>();
  readonly #refresh = new Map<string, RefreshToken<G>>();

  constructor(
    /** Prefix of minted tokens ("qbo", "xero"), so a log shows whose token it is. */
    readonly prefix: string,
    readonly accessSeconds: number,
    readonly now: () => number,
    readonly graceMs = 0,
  ) {}

  /** The client id of a valid `Authorization: Basic` header, else null. */
  authenticate(authorization: string | undefined): string | null {
    const match = /^Basic (.+)$/i.exec(authorization ?? "");
    if (!match) return null;
    const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    const clientId = decoded.slice(0, colon);
    return colon > 0 && this.clients.get(clientId) === decoded.slice(colon + 1) ? clientId : null;
  }

  /** A new access and refresh token for the grant. */
  mint(grant: G): { accessToken: string; refreshToken: string } {
    const accessToken = randomToken(`${this.prefix}-at`);
    const refreshToken = randomToken(`${this.prefix}-rt`);
    this.#access.set(accessToken, { grant, expiresAt: this.now() + this.accessSeconds * 1000, expired: false });
    this.#refresh.set(refreshToken, { grant, spentAt: null });
    return { accessToken, refreshToken };
  }

  /**
   * Counts the presentation, then spends the refresh token: its grant, or null when the token is
   * unknown, revoked, another client's, or already spent (outside the grace period).
   */
  spendRefresh(presented: string, clientId: string): G | null {
    this.spends.set(presented, (this.spends.get(presented) ?? 0) + 1);
    const refresh = this.#refresh.get(presented);
    if (!refresh || refresh.grant.revoked || refresh.grant.clientId !== clientId || this.spentLongAgo(refresh)) return null;
    refresh.spentAt ??= this.now();
    return refresh.grant;
  }

  /** The grant behind a live access token, or null when it is unknown, expired or revoked. */
  grantOf(bearer: string): G | null {
    const access = this.#access.get(bearer);
    if (!access || access.expired || access.grant.revoked || access.expiresAt <= this.now()) return null;
    return access.grant;
  }

  /** The grant either kind of token belongs to, live or not (revocation accepts both). */
  grantOfAnyToken(presented: string): G | undefined {
    return this.#access.get(presented)?.grant ?? this.#refresh.get(presented)?.grant;
  }

  /** The grant a refresh token belongs to (Xero's revocation takes the refresh token). */
  grantOfRefreshToken(presented: string): G | undefined {
    return this.#refresh.get(presented)?.grant;
  }

  expire(bearer: string): void {
    const access = this.#access.get(bearer);
    if (access) access.expired = true;
  }

  expireAll(): void {
    for (const access of this.#access.values()) access.expired = true;
  }

  private spentLongAgo(refresh: RefreshToken<G>): boolean {
    if (refresh.spentAt === null) return false;
    return this.graceMs <= 0 || this.now() - refresh.spentAt > this.graceMs;
  }
}

export function randomToken(prefix: string): string {
  return `${prefix}-${randomBytes(18).toString("base64url")}`;
}
