import { EMAIL_VERIFICATION_PATH, EMAIL_VERIFICATION_TTL_HOURS } from "../../core/contracts/email-verification.js";
import type { SendVerificationEmailResponse } from "../../core/contracts/email-verification.js";
import { AppError } from "../../core/errors.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { consumeRateLimit } from "../http/rate-limit.js";
import { secretBoxFor } from "../http/secrets.js";
import { smtpTransportFor } from "../http/smtp-transport.js";
import { issueVerificationToken } from "./email-verification-token.js";
import type { UserRow } from "./sessions.js";

export const VERIFY_WITHOUT_SMTP =
  "Email verification is not available on this server: SMTP_URL is not set, so no link can be mailed. Here only `npm run admin -- grant EMAIL` can grant administrator rights.";
export const VERIFY_ALREADY_DONE = "Your email address is already verified.";
const VERIFY_TOO_OFTEN = "Too many verification emails were sent. Wait an hour, then try again.";

/** At most five links an hour per user: each one is a mail our server sends. */
const SEND_LIMIT = { limit: 5, windowSeconds: 3600 };

/**
 * Mails the signed-in user a link that proves they receive mail at their current address
 * (the proof ADMIN_EMAILS needs). Without SMTP there is no way to prove it: a 503 that says so.
 */
export async function sendVerificationEmail(
  db: Db,
  config: Config,
  options: { user: Pick<UserRow, "id" | "email" | "emailVerifiedAt">; origin: string; now: Date },
): Promise<SendVerificationEmailResponse> {
  const { user, origin, now } = options;
  if (!config.smtp.url) throw new AppError("service_unavailable", VERIFY_WITHOUT_SMTP);
  if (user.emailVerifiedAt) return { success: true, message: VERIFY_ALREADY_DONE };
  await consumeRateLimit(db, `verify-email:user:${user.id}`, SEND_LIMIT, now, VERIFY_TOO_OFTEN);
  const token = issueVerificationToken(secretBoxFor(config), { userId: user.id, email: user.email, now });
  const link = `${origin}${EMAIL_VERIFICATION_PATH}?token=${encodeURIComponent(token)}`;
  try {
    await smtpTransportFor(config.smtp.url).sendMail({
      from: config.smtp.from,
      to: user.email,
      subject: "Confirm your email address for Minutely",
      text: [
        `Someone signed in to Minutely asked to confirm that ${user.email} is their address.`,
        `If it was you, open this link within ${EMAIL_VERIFICATION_TTL_HOURS} hours in the browser where you are signed in:`,
        "",
        link,
        "",
        "If you did not ask for this, do not open the link; ignore this email and nothing changes.",
      ].join("\n"),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError("bad_gateway", `The mail server did not accept the verification email: ${reason}`);
  }
  return {
    success: true,
    message: `We sent a link to ${user.email}. Open it within ${EMAIL_VERIFICATION_TTL_HOURS} hours to verify your address.`,
  };
}
