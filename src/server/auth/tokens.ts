import { createHash, randomBytes } from "node:crypto";
import { API_TOKEN_PREFIX } from "../../core/contracts/api-tokens.js";

/** A 256-bit random token for a cookie; only its SHA-256 is stored, so a database leak reveals no live session. */
export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/**
 * A personal API token (docs/api.md): `mtly_` and 256 random bits. The prefix lets a person, a log
 * scanner or GitHub's secret scanning recognise a leaked one; only its SHA-256 is stored.
 */
export function newApiToken(): { token: string; tokenHash: string } {
  const token = API_TOKEN_PREFIX + randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

/** The shape newApiToken makes: the prefix and 43 base64url characters. Anything else is refused before any lookup. */
export function isApiTokenShape(token: string): boolean {
  return API_TOKEN_SHAPE.test(token);
}
const API_TOKEN_SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
