import { INVITATION_TTL_DAYS } from "../../core/contracts/team.js";
import { AppError } from "../../core/errors.js";
import { ROLE_NAMES, type Role } from "../../core/permissions.js";
import type { Config } from "../config.js";
import { smtpTransportFor } from "../http/smtp-transport.js";

export type InvitationLetter = { to: string; link: string; role: Role; practiceName: string | null; inviterName: string | null };

/**
 * Mails the invitation link through SMTP_URL. Returns false when no mail server is configured: the
 * caller then shows the link once to copy. A refusal by the mail server is a 502 that says the
 * invitation itself was kept and can be resent.
 */
export async function mailInvitation(config: Pick<Config, "smtp">, letter: InvitationLetter): Promise<boolean> {
  if (!config.smtp.url) return false;
  const practice = letter.practiceName ?? "their practice";
  const who = letter.inviterName ?? "A colleague";
  try {
    await smtpTransportFor(config.smtp.url).sendMail({
      from: config.smtp.from,
      to: letter.to,
      subject: `${who} invited you to ${practice} on Minutely`,
      text: [
        `${who} invited you to join ${practice} on Minutely as ${ROLE_NAMES[letter.role]}.`,
        `Open this link within ${INVITATION_TTL_DAYS} days to accept (it works once):`,
        "",
        letter.link,
        "",
        "If you were not expecting this, ignore this email and nothing happens.",
      ].join("\n"),
    });
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError(
      "bad_gateway",
      `The invitation was saved, but the mail server did not accept it: ${reason}. Resend it from the list once mail works.`,
    );
  }
}
