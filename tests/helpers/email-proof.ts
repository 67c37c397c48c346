import { expect } from "vitest";
import type { ApiClient } from "./api-client.js";
import type { CapturedMail } from "./smtp-capture.js";

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The verification link in a captured mail (nodemailer may send the text quoted-printable). */
export function verificationLinkIn(mail: CapturedMail | undefined): string {
  expect(mail, "no mail to the user's address").toBeDefined();
  const text = (mail?.parts ?? []).map((part) => {
    const body = part.body.toString("latin1");
    return /quoted-printable/i.test(part.headers["content-transfer-encoding"] ?? "") ? decodeQuotedPrintable(body) : body;
  });
  const link = /https?:\/\/\S+\/api\/auth\/verify-email\?token=\S+/.exec(text.join("\n"))?.[0];
  expect(link, "no link in the mail").toBeDefined();
  return link as string;
}

/**
 * Asks for a verification link for the signed-in user (POST /api/auth/verify-email) and reads it out
 * of the mail the test SMTP server received for `to`.
 */
export async function mailedVerificationLink(c: ApiClient, smtp: { messages: CapturedMail[] }, to: string): Promise<string> {
  const before = smtp.messages.length;
  const sent = await c.post("/api/auth/verify-email");
  expect(sent.status, sent.text).toBe(200);
  expect(sent.body.message).toBe(`We sent a link to ${to}. Open it within 24 hours to verify your address.`);
  return verificationLinkIn(smtp.messages.slice(before).find((m) => m.to.includes(to)));
}

/** Opens a link the way a browser does (its own cookie jar, no X-Requested-With); answers where it redirects to. */
export async function openVerificationLink(c: ApiClient, link: string): Promise<URL> {
  const url = new URL(link, c.baseUrl);
  const response = await c.request("GET", url.pathname + url.search, { marker: false });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location") ?? "", "http://app.invalid");
}

/** Proves the signed-in user's address `to` through the mailed link, as its owner would. */
export async function proveEmail(c: ApiClient, smtp: { messages: CapturedMail[] }, to: string): Promise<void> {
  const link = await mailedVerificationLink(c, smtp, to);
  const back = await openVerificationLink(c, link);
  expect(back.searchParams.get("emailVerification")).toBe("verified");
}
