import { formatRate } from "../../../core/avatar.js";
import type { BillingType } from "../../../core/pricing/rules.js";
import { formatDurationHms, formatHoursMinutes } from "../../../core/duration.js";
import { formatInvoiceDate, paymentTermsLabel } from "../../../core/invoices.js";
import { formatMoney } from "../../../core/money.js";

/** Texts printed on an invoice, built from the shared core formatters so the PDF and the screens agree. */

/** "2026-01-05" → "January 5, 2026" */
export const longDate = (day: string): string => formatInvoiceDate(day, "long");

/** "2026-01-05" → "Jan 5, 2026" */
export const shortDate = (day: string): string => formatInvoiceDate(day, "short");

/** "Jan 1 – Jan 31, 2026" (both years when the period crosses New Year). */
export function periodText(from: string, to: string): string {
  if (from === to) return shortDate(from);
  const [fromYear] = from.split("-");
  const [toYear] = to.split("-");
  const left = shortDate(from);
  return fromYear === toYear ? `${left.slice(0, left.lastIndexOf(","))} – ${shortDate(to)}` : `${left} – ${shortDate(to)}`;
}

export const money = (cents: number, currency: string): string => formatMoney(cents, currency);
export const rate = (cents: number, billingType: BillingType, currency: string): string =>
  formatRate(cents, billingType, currency);
export const rawDuration = (seconds: number): string => formatDurationHms(seconds);
export const billedDuration = (seconds: number): string => formatHoursMinutes(seconds);
export const termsText = (days: number): string => paymentTermsLabel(days);

/** "4 calls · 1 email" */
export function itemCountText(calls: number, emails: number): string {
  const parts = [];
  if (calls > 0) parts.push(`${calls} ${calls === 1 ? "call" : "calls"}`);
  if (emails > 0) parts.push(`${emails} ${emails === 1 ? "email" : "emails"}`);
  return parts.join(" · ") || "No items";
}

/**
 * The standard PDF fonts only encode Windows-1252. Characters outside it would print as
 * garbage, so they are folded to their closest Latin form or replaced by "?".
 */
export function pdfSafe(text: string): string {
  return text.normalize("NFC").replace(/[^\t\n\r\u0020-\u007e\u00a0-\u00ff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/gu, (ch) => {
    const folded = ch.normalize("NFD").replace(/\p{M}/gu, "");
    return /^[\u0020-\u007e\u00a0-\u00ff]+$/u.test(folded) ? folded : "?";
  });
}
