import { ACCEPT_INVITATION_PATH, INVITATION_TTL_DAYS } from "../../core/contracts/team.js";
import { hashToken, newToken } from "../auth/tokens.js";

/**
 * A new invitation token: 256 random bits, of which only the SHA-256 is stored, so neither the
 * database nor a guess yields a working link. The token travels in the link's fragment
 * (`/join#…`), which browsers never send to a server, so no access log holds it.
 */
export function newInvitationToken(now: Date) {
  const { token, tokenHash } = newToken();
  return { token, tokenHash, expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 3600 * 1000) };
}

export function invitationLink(origin: string, token: string): string {
  return `${origin}${ACCEPT_INVITATION_PATH}#${token}`;
}

export { hashToken as hashInvitationToken };
