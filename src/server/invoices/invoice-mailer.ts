import { AppError } from "../../core/errors.js";
import { smtpTransportFor } from "../http/smtp-transport.js";

export type InvoiceMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string | null;
  attachment: { filename: string; content: Buffer };
};

/** Throws the 503 "not configured" answer before anything changes, so Send says so and does nothing. */
export function assertMailConfigured(smtp: { url?: string }): asserts smtp is { url: string } {
  if (!smtp.url) {
    throw new AppError(
      "service_unavailable",
      "Email sending is not configured on this server: set SMTP_URL (and SMTP_FROM) to send invoices. You can still download the PDF.",
    );
  }
}

/**
 * Mails an invoice through the configured SMTP server (nodemailer). A refused or unreachable
 * server is a 502 carrying the server's own reason; nothing is marked sent in that case.
 */
export async function sendInvoiceMail(smtp: { url?: string; from: string }, mail: InvoiceMail): Promise<{ messageId: string }> {
  assertMailConfigured(smtp);
  try {
    const info = await smtpTransportFor(smtp.url).sendMail({
      from: smtp.from,
      to: mail.to,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: [{ filename: mail.attachment.filename, content: mail.attachment.content, contentType: "application/pdf" }],
    });
    return { messageId: String(info.messageId ?? "") };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError("bad_gateway", `The mail server did not accept the invoice: ${reason}`);
  }
}
