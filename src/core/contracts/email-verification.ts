import { z } from "zod";
import { text } from "./common.js";
import { successMessage } from "./response-fields.js";

/**
 * Proving the sign-in address (issue 11 defect 1): POST /api/auth/verify-email mails a signed link,
 * GET /api/auth/verify-email?token=… records the proof and sends the browser back to Settings → Profile
 * with `?emailVerification=verified` or `?emailVerification=error&message=…`, which the page shows as a toast.
 */
export const EMAIL_VERIFICATION_PATH = "/api/auth/verify-email";
export const EMAIL_VERIFICATION_RETURN_PATH = "/settings";
export const EMAIL_VERIFICATION_PARAM = "emailVerification";

/** How long a mailed link works. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;

/** GET /api/auth/verify-email: the token from the link. */
export const verifyEmailQuery = z.object({
  token: text({ error: "The verification link has no token" }).max(2000, "The verification link is invalid"),
});

/** POST /api/auth/verify-email answer. */
export const sendVerificationEmailResponse = successMessage;
export type SendVerificationEmailResponse = z.infer<typeof sendVerificationEmailResponse>;
