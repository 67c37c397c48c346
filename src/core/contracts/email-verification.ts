import { z } from "zod";
import { text } from "./common.js";
import { successMessage } from "./response-fields.js";

/**
 * Proving the sign-in address (docs/security.md): POST /api/auth/verify-email mails a signed link,
 * GET /api/auth/verify-email?token=… records the proof and sends the browser back to Settings → Profile
 * with `?emailVerification=verified` or `?emailVerification=error&reason=<code>`, which the page shows as a toast.
 */
export const EMAIL_VERIFICATION_PATH = "/api/auth/verify-email";
export const EMAIL_VERIFICATION_RETURN_PATH = "/settings";
export const EMAIL_VERIFICATION_PARAM = "emailVerification";

/** How long a mailed link works. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;

/**
 * Why a mailed link was refused, as the redirect names it (`?emailVerification=error&reason=expired`):
 * a fixed code, never words, because text in the address bar is anyone's to write (docs/security.md).
 * The server throws these sentences and the page shows them, both from this one table.
 */
export const VERIFY_LINK_REFUSALS = {
  invalid: "This verification link is not valid. Send a new one from Settings → Profile.",
  expired: `This verification link has expired (links work for ${EMAIL_VERIFICATION_TTL_HOURS} hours). Send a new one from Settings → Profile.`,
  other_session: "Open this link in the browser where you are signed in to the Minutely account that asked for it.",
  old_address:
    "This verification link was sent to an address this account no longer uses. Send a new one from Settings → Profile.",
} as const;
export type VerifyLinkRefusal = keyof typeof VERIFY_LINK_REFUSALS;

/** The code of a refusal's sentence (what the server threw), or "invalid" for anything else. */
export function verifyLinkRefusalOf(message: string): VerifyLinkRefusal {
  const found = (Object.keys(VERIFY_LINK_REFUSALS) as VerifyLinkRefusal[]).find((code) => VERIFY_LINK_REFUSALS[code] === message);
  return found ?? "invalid";
}

/** The sentence the page shows for a redirect's `reason`; an unknown or missing code gets a fixed fallback. */
export function verifyLinkRefusalText(reason: string | null): string {
  return Object.hasOwn(VERIFY_LINK_REFUSALS, reason ?? "")
    ? VERIFY_LINK_REFUSALS[reason as VerifyLinkRefusal]
    : "The link could not be used. Send a new one from Settings → Profile.";
}

/** GET /api/auth/verify-email: the token from the link. */
export const verifyEmailQuery = z.object({
  token: text({ error: "The verification link has no token" }).max(2000, "The verification link is invalid"),
});

/** POST /api/auth/verify-email answer. */
export const sendVerificationEmailResponse = successMessage;
export type SendVerificationEmailResponse = z.infer<typeof sendVerificationEmailResponse>;
