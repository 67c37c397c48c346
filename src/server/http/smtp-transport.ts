import type { Transporter } from "nodemailer";
import { onFirstUse } from "./on-first-use.js";

/** nodemailer, loaded at the first mail (http/on-first-use.ts). */
const nodemailer = onFirstUse<typeof import("nodemailer")>("nodemailer");

/** One transport per SMTP URL, reused across requests (it keeps no per-request state). */
const transports = new Map<string, Transporter>();

/** The nodemailer transport for SMTP_URL, shared by everything the server mails (invoices, address checks). */
export function smtpTransportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    // Short timeouts: the user is waiting on the answer, and an unreachable server should say so quickly.
    transport = nodemailer().createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    transports.set(url, transport);
  }
  return transport;
}
